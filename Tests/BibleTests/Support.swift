import Foundation
@testable import SitegenBible

/// The repository checkout (Tests/BibleTests/ is two levels below it).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The bundled Content/bible, read once for all tests (it is the biggest input of the site).
let bundledBible: Task<(BibleLibrary?, [Diagnostic]), Never> = Task {
    let diagnostics = Diagnostics()
    let content = SourceTree(url: repositoryRoot.appendingPathComponent("Content"), displayPath: "Content")
    let library = await BibleReader.read(content: content, diagnostics: diagnostics, jobs: ProcessInfo.processInfo.activeProcessorCount)
    return (library, diagnostics.all)
}

func kjv() async throws -> Translation {
    let (library, problems) = await bundledBible.value
    guard let library, problems.isEmpty else { throw TestFailure("bundled Bible did not load: \(problems)") }
    return library.primary
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A source file that exists only in memory, for malformed-input tests.
func memoryFile(_ name: String, _ text: String) -> SourceFile {
    SourceFile(path: name, url: URL(fileURLWithPath: "/nonexistent/" + name), text: text)
}

func verse(_ t: Translation, _ osis: String, _ chapter: Int, _ number: Int) -> Verse? {
    Canon.book(osis: osis).flatMap { t.book($0) }?.chapter(chapter)?.verse(number)
}

/// A tiny OSIS document around `body` (one book div), for error tests.
func osis(_ body: String, book: String = "Gen") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText>
    <div type="book" osisID="\(book)">
    \(body)
    </div>
    </osisText></osis>
    """
}
