import Synchronization

/// The bytes of HTML one build may render in all (each page is within
/// `TemplateRenderer.maximumBytes`; this bounds many pages together). Shared by the threads that
/// render pages; a page that would go past it is not written and is reported.
final class RenderBudget: Sendable {
    /// 512 MiB: 15 times the bundled site (35 MB in all, its pages less).
    static let maximumBytes = 512 * 1024 * 1024
    private let used = Mutex(0)

    /// Counts `bytes` against the budget; false (and nothing counted) when they do not fit.
    func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used + bytes <= Self.maximumBytes else { return false }
            used += bytes
            return true
        }
    }
}
