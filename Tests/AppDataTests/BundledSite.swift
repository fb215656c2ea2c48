import Foundation
import SitegenKinds
import SitegenSite
import Testing

/// Where this test process keeps its sites and mirrors; removed when the process exits (the
/// shared build lives as long as the tests that read it).
let scratch: URL = {
    atexit { try? FileManager.default.removeItem(at: scratchFolder) }
    return scratchFolder
}()
private let scratchFolder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-appdata-\(UUID().uuidString)")

/// A copy of the repository's `Content/` and `Templates/` in a temporary folder, built the way
/// `sitegen build` builds it (as-of 2026-11-22), that a test can edit like a volunteer.
struct BundledSite: Sendable {
    let root: URL

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `allTranslations: false` leaves out the WEB and RV1909 (the KJV stays): the sync tests
    /// build and mirror their own copies several times, and 69,000 more verses in debug builds
    /// would only slow them; the shared build has every translation.
    init(allTranslations: Bool = false) throws {
        root = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Templates"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        if !allTranslations {
            for id in ["web", "rv1909"] { try FileManager.default.removeItem(at: root.appendingPathComponent("Content/bible/\(id)")) }
        }
    }

    /// The bundled site built once for the tests that only read it.
    static let shared = Task { () throws -> BundledSite in
        let site = try BundledSite(allTranslations: true)
        try await site.build()
        return site
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// `api/v1/` of a built output folder.
    func api(_ output: String = "Output") -> URL { url(output).appendingPathComponent("api/v1") }

    func build(into output: String = "Output") async throws {
        let options = BuildOptions(content: SourceTree(url: url("Content"), displayPath: "Content"),
                                   templates: SourceTree(url: url("Templates"), displayPath: "Templates"),
                                   output: url(output), kinds: SiteKinds.bundled, features: SiteKinds.features, asOf: CalendarDate("2026-11-22"), jobs: 2)
        _ = try await BuildSession(options: options).build(mode: .build, watching: false)
    }

    /// Replaces the first occurrence of `old` in a source file.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOf: url(path), encoding: .utf8)
        let range = try #require(text.range(of: old), "'\(old)' not in \(path)")
        try text.replacingCharacters(in: range, with: new).write(to: url(path), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
