import Testing
@testable import SitegenCore

/// Issue 41, item 7: the bytes of HTML one build may render in all, shared by the threads that
/// render pages (each page is within its own 8 MiB).
@Suite("Render budget")
struct RenderBudgetTests {
    @Test("pages are counted until the build's budget; one past it is refused and not counted")
    func countsAcrossThreads() async {
        let budget = RenderBudget()
        let page = TemplateRenderer.maximumBytes
        let fitting = RenderBudget.maximumBytes / page
        let taken = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<(fitting + 3) { group.addTask { budget.take(page) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == fitting)
        #expect(budget.take(RenderBudget.maximumBytes - fitting * page))
        #expect(!budget.take(1))
    }
}
