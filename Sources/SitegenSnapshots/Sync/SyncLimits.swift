/// The bounds a sync keeps to whatever a server sends (docs/app-data.md, "Limits"). Every one
/// is checked as the bytes arrive, so a hostile or broken server costs at most these, and each
/// stops the run with its own `SyncError`.
public struct SyncLimits: Sendable, Equatable {
    /// The largest `manifest.json` read (the bundled site's is ~60 KB).
    public var manifestBytes = 8 << 20
    /// The most files one manifest may list (the bundled site lists ~300).
    public var files = 10_000
    /// The largest single file (the bundled site's largest, a translation's bundle file, is ~9 MB).
    public var fileBytes = 512 << 20
    /// The largest set, all files together.
    public var totalBytes = 2 << 30
    /// The longest wait for the next bytes of a response.
    public var stall: Duration = .seconds(30)
    /// The longest a whole run may take; what it verified stays in `staging/` for the next run.
    public var deadline: Duration = .seconds(15 * 60)
    /// How long a run waits for another sync into the same folder to finish.
    public var lockWait: Duration = .seconds(10)

    public init() {}
}
