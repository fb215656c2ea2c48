import Foundation

/// `DIR/staging/`: the next set while it downloads. Everything in it is disposable: a file,
/// a link or a folder in the way of what the set needs is removed, never followed or written
/// through, so a leftover of any run (or a planted link) cannot block a sync or send its files
/// elsewhere.
struct StagingArea {
    let root: URL
    /// Writes one whole file (a test puts a full disk here).
    var writeFile: @Sendable (Data, URL) throws -> Void = { data, url in try data.write(to: url, options: .atomic) }

    /// Makes `staging/` a real folder (a link or file of that name is removed, not followed).
    func prepare() throws {
        try clear(root, unless: .directory)
        try create(root)
    }

    /// Removes `staging/` and all it holds.
    func discard() throws {
        guard MirrorEntry(root) != .missing else { return }
        do { try FileManager.default.removeItem(at: root) } catch { throw SyncError.local(root, error) }
    }

    /// The bytes of `path` if it is a regular file reached through real folders only.
    func read(_ path: String) -> Data? {
        var url = root
        for part in path.split(separator: "/").dropLast() {
            url.appendPathComponent(String(part))
            guard MirrorEntry(url) == .directory else { return nil }
        }
        let file = root.appendingPathComponent(path)
        guard MirrorEntry(file) == .file else { return nil }
        return try? Data(contentsOf: file)
    }

    /// Writes a whole file: its folders made real folders, then a temporary name renamed over
    /// whatever was there, so `staging/` only ever holds complete files.
    func write(_ data: Data, at path: String) throws {
        var url = root
        for part in path.split(separator: "/").dropLast() {
            url.appendPathComponent(String(part))
            try clear(url, unless: .directory)
            try create(url)
        }
        let file = root.appendingPathComponent(path)
        try clear(file, unless: .file)
        do { try writeFile(data, file) } catch { throw SyncError.local(file, error) }
    }

    /// Removes everything but the `wanted` files (what an earlier, different manifest left, and
    /// anything that is not a regular file), walking without following links.
    func keepOnly(_ wanted: Set<String>) throws {
        try sweep(root, prefix: "", wanted: wanted)
    }

    private func sweep(_ folder: URL, prefix: String, wanted: Set<String>) throws {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch { throw SyncError.local(folder, error) }
        for name in names {
            let url = folder.appendingPathComponent(name)
            let relative = prefix + name
            switch MirrorEntry(url) {
            case .directory: try sweep(url, prefix: relative + "/", wanted: wanted)
            case .file where wanted.contains(relative): continue
            default: try remove(url)
            }
        }
    }

    private func clear(_ url: URL, unless kind: MirrorEntry) throws {
        let entry = MirrorEntry(url)
        if entry != .missing, entry != kind { try remove(url) }
    }

    private func create(_ url: URL) throws {
        guard MirrorEntry(url) != .directory else { return }
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) } catch { throw SyncError.local(url, error) }
    }

    private func remove(_ url: URL) throws {
        do { try FileManager.default.removeItem(at: url) } catch { throw SyncError.local(url, error) }
    }
}
