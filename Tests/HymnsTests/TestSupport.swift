import Foundation
import Testing
@testable import SitegenHymns

/// The package's root folder (…/Tests/HymnsTests/TestSupport.swift → …).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A hymn file as the reader sees it, named like the bundled ones.
func hymnFile(_ text: String, name: String = "023.md") -> SourceFile {
    SourceFile(path: "Content/hymns/" + name, url: URL(fileURLWithPath: "/content/hymns/" + name), text: text)
}

/// Parses a body that starts on line 4 (after a three-line front matter).
func parseBody(_ body: String, diagnostics: Diagnostics = Diagnostics()) -> HymnBodyParser.Result {
    HymnBodyParser(file: hymnFile(body), firstLine: 4, diagnostics: diagnostics).parse(body)
}

/// "path:line:column: error: message" lines, as the user would read them.
func messages(_ diagnostics: Diagnostics) -> [String] {
    diagnostics.all.map(\.description)
}

/// A scratch Content/ folder with `hymns/` files; removed afterwards by the caller.
func scratchContent(_ files: [String: String]) throws -> SourceTree {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hymns-tests-\(UUID().uuidString)")
    for (relative, text) in files {
        let url = root.appendingPathComponent("hymns").appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return SourceTree(url: root, displayPath: "Content")
}

func hymnText(_ number: Int, body: String = "\nA stanza of hymn text, Sung by all.\n", extra: String = "") -> String {
    "---\nnumber: \(number)\n\(extra)---\n\(body)"
}
