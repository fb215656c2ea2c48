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

    private init() throws {
        root = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Templates"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
    }

    /// Every translation cut to the books of `Tests/Fixtures/few-books/every-translation.txt`,
    /// with that folder's reading plan and verses of the day (which name only them): a book of
    /// each of the bundle's divisions in each translation and the WEB's Prayer of Manasseh, so
    /// every kind of snapshot and every bundle file an app reads is made, at about a fifth of
    /// the whole Bible's verses (docs/testing.md).
    static func fewBooksOfEveryTranslation() throws -> BundledSite {
        let site = try BundledSite()
        let fm = FileManager.default
        let fixture = repository.appendingPathComponent("Tests/Fixtures/few-books")
        let kept = Set(try String(contentsOf: fixture.appendingPathComponent("every-translation.txt"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).map(String.init))
        for id in translations {
            for file in try fm.contentsOfDirectory(atPath: site.url("Content/bible/\(id)").path) where file.hasSuffix(".osis.xml") {
                // `40-Matt.osis.xml`: the book's OSIS name after its position.
                let book = file.dropLast(".osis.xml".count).drop { $0 != "-" }.dropFirst()
                if !kept.contains(String(book)) { try fm.removeItem(at: site.url("Content/bible/\(id)/\(file)")) }
            }
        }
        for file in ["plan.yml", "daily-verses.yml"] {
            try fm.removeItem(at: site.url("Content/bible/\(file)"))
            try fm.copyItem(at: fixture.appendingPathComponent(file), to: site.url("Content/bible/\(file)"))
        }
        return site
    }

    /// The bundled translations, in the order of their ids' positions in the bundle.
    static let translations = ["kjv", "rv1909", "web"]

    /// `fewBooksOfEveryTranslation()` built once for the tests that only read it.
    static let shared = Task { () throws -> BundledSite in
        let site = try BundledSite.fewBooksOfEveryTranslation()
        try await site.build()
        return site
    }

    /// The verses of a translation's sources (`<verse sID=…/>` milestones), what its bundle
    /// files must hold.
    func sourceVerses(_ translation: String) throws -> Int {
        let folder = url("Content/bible/\(translation)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".osis.xml") }.reduce(0) { count, file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return count + text.components(separatedBy: "<verse ").dropFirst().filter { $0.prefix { $0 != ">" }.contains("sID=") }.count
        }
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
