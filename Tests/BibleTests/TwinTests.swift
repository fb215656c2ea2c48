import Foundation
import Testing
@testable import SitegenBible

/// The same three books written as OSIS and as USFM 3 must read to the same model.
@Suite struct TwinTests {
    func read(_ name: String) throws -> [Book] {
        let url = fixtures.appendingPathComponent("twin/" + name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let diagnostics = Diagnostics()
        let file = SourceFile(path: name, url: url, text: text)
        let books = name.hasSuffix(".xml") ? OSISReader.read(file, diagnostics: diagnostics) : USFMReader.read(file, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return books
    }

    @Test func usfmReadsToTheSameBooksAsItsOSISTwin() throws {
        let osis = try read("twin.osis.xml")
        let usfm = try ["GEN.usfm", "PSA.usfm", "JHN.usfm"].flatMap { try read($0) }
        #expect(osis.map(\.osis) == ["Gen", "Ps", "John"])
        #expect(usfm.count == osis.count)
        for (a, b) in zip(osis, usfm) {
            #expect(a.name == b.name && a.title == b.title && a.abbreviation == b.abbreviation)
            for (ca, cb) in zip(a.chapters, b.chapters) {
                #expect(ca.number == cb.number)
                for (va, vb) in zip(ca.verses, cb.verses) { #expect(va == vb, "\(a.osis) \(ca.number):\(va.number)") }
                #expect(ca.verses.count == cb.verses.count)
            }
            #expect(a == b)
        }
    }

    @Test func twinCarriesEveryKindOfMarkup() throws {
        let books = try read("twin.osis.xml")
        let gen = books[0].chapters[0].verses
        #expect(gen.map(\.paragraph) == [true, false, true])
        #expect(gen[1].spans.contains(Span("was", .added)))
        #expect(gen[2].plainText == "And God said, Let there be light: and there was light.")
        let ps119 = books[1].chapters[1].verses
        #expect(ps119.map(\.number) == [1, 2, 9])
        #expect(ps119.map { $0.headings.map(SpanText.plain) } == [["א ALEPH."], [], ["ב BETH."]])
        #expect(ps119.allSatisfy { $0.poetry })
        let john = books[2].chapters[0].verses
        #expect(john[0].spans == [Span("¶ For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.", .jesus)])
        #expect(SpanText.plain(john[2].subscription) == "A subscription, with italics.")
    }
}

/// A translation folder in USFM beside the KJV: read through the same path as Content/bible/.
@Suite struct TranslationFolderTests {
    func folder(_ files: [String: String]) throws -> SourceTree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bible-\(UUID().uuidString)")
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return SourceTree(url: root, displayPath: "Content")
    }

    @Test func usfmTranslationFolderIsReadAndDefaultChosen() async throws {
        let psa = try String(contentsOf: fixtures.appendingPathComponent("twin/PSA.usfm"), encoding: .utf8)
        let osis = try String(contentsOf: fixtures.appendingPathComponent("twin/twin.osis.xml"), encoding: .utf8)
        let meta = "name: Test\nabbreviation: T\nlanguage: en\nlicence: PD\nversification: KJV\n"
        let tree = try folder([
            "bible/aaa/translation.yml": meta + "default: true\n", "bible/aaa/PSA.usfm": psa,
            "bible/bbb/translation.yml": meta.replacingOccurrences(of: "abbreviation: T", with: "abbreviation: T2"),
            "bible/bbb/twin.osis.xml": osis,
            "bible/daily-verses.yml": "verses:\n  - Psalms 119:9\n",
        ])
        let diagnostics = Diagnostics()
        let library = try #require(await BibleReader.read(content: tree, diagnostics: diagnostics, jobs: 2))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(library.translations.map(\.id) == ["aaa", "bbb"])
        #expect(library.primary.id == "aaa")
        #expect(library.primary.books.map(\.osis) == ["Ps"])
        #expect(library.dailyVerses?.readings.first?.label == "Psalms 119:9")
        let snapshots = try BibleSnapshots.snapshots(library)
        #expect(snapshots.map(\.path).contains("bible/bbb/books/john.json"))
        #expect(snapshots.map(\.path).contains("bible/aaa/daily-verses.json"))
    }

    /// `sitegen build` makes the Bible's pages on demand, a batch at a time (`BiblePages.list`);
    /// they must be exactly the pages a session makes at once and compares (`BiblePages.specs`).
    @Test func pagesMadeOnDemandAreThePagesMadeAtOnce() async throws {
        let text = { (name: String) in try String(contentsOf: fixtures.appendingPathComponent("twin/" + name), encoding: .utf8) }
        let meta = "name: Test\nabbreviation: T\nlanguage: en\nlicence: PD\nversification: KJV\n"
        let tree = try folder([
            "bible/aaa/translation.yml": meta + "default: true\n", "bible/aaa/twin.osis.xml": try text("twin.osis.xml"),
            "bible/bbb/translation.yml": meta.replacingOccurrences(of: "abbreviation: T", with: "abbreviation: T2"),
            "bible/bbb/GEN.usfm": try text("GEN.usfm"), "bible/bbb/PSA.usfm": try text("PSA.usfm"), "bible/bbb/JHN.usfm": try text("JHN.usfm"),
        ])
        let diagnostics = Diagnostics()
        let library = try #require(await BibleReader.read(content: tree, diagnostics: diagnostics, jobs: 2))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let context = try renderContext()
        let specs = BiblePages.specs(library, context: context)
        let list = BiblePages.list(library, context: context)
        #expect(list.made == nil)
        #expect(list.paths == specs.map(\.path))
        #expect(Set(specs.map(\.template)).isSuperset(of: ["bible-index", "bible-book", "bible-chapter", "bible-parallel"]))
        // Asked for out of order, each spec is the same as made at once, values and all.
        for index in list.paths.indices.reversed() { #expect(list.spec(at: index) == specs[index], "\(specs[index].path)") }
    }

    @Test func twoTranslationsWithoutADefaultAndBadMetadataAreErrors() async throws {
        let tree = try folder([
            "bible/aaa/translation.yml": "name: A\nabbreviation: A\nlanguage: en\nlicence: PD\nversification: Vulgate\ncolour: red\n",
            "bible/aaa/PSA.usfm": "\\id PSA\n\\c 1\n\\v 1 Blessed.\n",
            "bible/bbb/translation.yml": "name: B\nabbreviation: B\nlanguage: en\nlicence: PD\nversification: KJV\n",
            "bible/bbb/PSA.usfm": "\\id PSA\n\\c 1\n\\v 1 Blessed.\n",
            "bible/ccc/translation.yml": "name: C\nabbreviation: C\nlanguage: en\nversification: KJV\n",
            "bible/ccc/PSA.usfm": "\\id PSA\n\\c 1\n\\v 1 Blessed.\n",
        ])
        let diagnostics = Diagnostics()
        _ = await BibleReader.read(content: tree, diagnostics: diagnostics, jobs: 2)
        #expect(diagnostics.all.map(\.description) == [
            "Content/bible/aaa/translation.yml:5:16: error: unknown versification 'Vulgate' (known: KJV, NRSVA; add Content/bible/versifications/Vulgate.vrs)",
            "Content/bible/aaa/translation.yml:6:1: error: unknown key 'colour' (known keys: abbreviation, default, format, language, licence, name, versification)",
            "Content/bible/ccc/translation.yml:1:1: error: missing required key 'licence'",
        ])
    }
}
