import Testing
@testable import SitegenCore

/// Issue 41, item 7: the bytes of HTML one build may render in all, shared by the threads that
/// render pages (each page is within its own 8 MiB).
@Suite("Render budget")
struct RenderBudgetTests {
    @Test("pages are counted until the build's budget; one past it is refused and not counted")
    func countsAcrossThreads() async {
        let budget = RenderBudget(limit: 1_000)
        let taken = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { budget.take(70) } }   // from every core at once
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == 14)                // 980 bytes; the other six refused
        #expect(!budget.take(30))           // 1,010: refused, and not counted…
        #expect(budget.take(20))            // …so 20 still fits: 1,000 exactly
        #expect(!budget.take(1))
    }

    @Test func theBuildsBudgetHoldsManyFullPages() {
        #expect(RenderBudget().limit == RenderBudget.maximumBytes)
        #expect(RenderBudget.maximumBytes / TemplateRenderer.maximumBytes >= 100)
    }
}
