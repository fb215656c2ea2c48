import Synchronization

/// The bytes of HTML one build may render in all (each page is within
/// `TemplateRenderer.maximumBytes`; this bounds many pages together). Shared by the threads that
/// render pages; a page that would go past it is not written and is reported.
final class RenderBudget: Sendable {
    /// 2 GiB: 15 times the bundled site's pages (136 MiB of HTML with three translations), room
    /// for ten translations; the pages are written as they are rendered, so this bounds the disk
    /// a build fills (a 10⁶-row schedule wrote 4.9 GB), not its memory.
    static let maximumBytes = 2 * 1024 * 1024 * 1024
    private let used = Mutex(0)
    let limit: Int

    /// `limit`: the build's (tests give a small one).
    init(limit: Int = RenderBudget.maximumBytes) { self.limit = limit }

    /// Counts `bytes` against the budget; false (and nothing counted) when they do not fit.
    func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used + bytes <= limit else { return false }
            used += bytes
            return true
        }
    }
}
