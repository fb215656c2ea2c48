import Foundation
import SitegenCore
import SitegenSearch
import Synchronization
import Testing

func doc(_ url: String, _ text: String, group: String = "g", kind: String = "Bible") -> SearchDocument {
    SearchDocument(kind: kind, url: url, title: url, text: text, group: group, facet: "Book", section: "Old Testament")
}

@Suite struct SearchIndexTests {
    let contribution = SearchContribution(documents: [
        doc("a/#v1", "In the beginning God created the heaven and the earth.", group: "a/"),
        doc("a/#v2", "And the earth was without form, and void.", group: "a/"),
        doc("b/#v1", "Jesus wept.", group: "b/"),
    ])

    func json(_ index: SearchIndex, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: try #require(index.files.first { $0.path == path }).data)
    }

    @Test func sameInputSameBytes() {
        let a = SearchIndex.build([contribution]).files
        let b = SearchIndex.build([contribution], jobs: 1).files
        #expect(a == b)
    }

    /// `sitegen build` stages each file as it is made: the sink gets every file once, in the
    /// index's order (the entry last), with the bytes `build` without a sink keeps.
    @Test func aSinkGetsEveryFileAsItIsMadeWithTheSameBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-sink-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let given = Mutex<[String]>([])
        let sink = FileSink { file in
            let name = folder.appendingPathComponent(given.withLock { $0.append(file.path); return String($0.count) })
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try file.data.write(to: name)
            return file.staged(at: name.path, sha256: "")
        }
        let kept = SearchIndex.build([contribution])
        let staged = try SearchIndex.build([contribution], sink: sink)
        #expect(given.withLock { $0 } == kept.files.map(\.path))
        #expect(staged.files.allSatisfy { $0.output.staged != nil })
        #expect(staged.files.map(\.data) == kept.files.map(\.data))   // read back from the folder
    }

    /// A kind with many documents (a chapter's verses) makes them with one `Shared`: each is
    /// the document made whole (equal, same hash, same url), and the index has the same bytes.
    @Test func documentsOfOneSharedGroupAreTheDocumentsMadeWhole() {
        let shared = SearchDocument.Shared(kind: "Bible", group: "a/", facet: "Book", section: "Old Testament")
        let made = [
            SearchDocument(in: shared, url: "a/#v1", title: "a/#v1", text: "In the beginning God created the heaven and the earth."),
            SearchDocument(in: shared, url: "a/#v2", title: "a/#v2", text: "And the earth was without form, and void."),
            // A url that does not start with its group is kept whole.
            SearchDocument(in: SearchDocument.Shared(kind: "Bible", group: "b/", facet: "Book", section: "Old Testament"),
                           url: "elsewhere/b/#v1", title: "elsewhere/b/#v1", text: "Jesus wept."),
        ]
        let whole = [contribution.documents[0], contribution.documents[1], doc("elsewhere/b/#v1", "Jesus wept.", group: "b/")]
        #expect(made == whole)
        #expect(made.map(\.hashValue) == whole.map(\.hashValue))
        #expect(made.map(\.url) == ["a/#v1", "a/#v2", "elsewhere/b/#v1"])
        #expect(made[0] != doc("a/#v1", "In the beginning God created the heaven and the earth.", group: "a/", kind: "Hymns"))
        #expect(SearchIndex.build([SearchContribution(documents: made)]).files == SearchIndex.build([SearchContribution(documents: whole)]).files)
    }

    @Test func filesAreNamedByTheirContent() throws {
        let index = SearchIndex.build([contribution])
        #expect(index.entry.path == "search/index.json")
        let entry = try json(index, "search/index.json") as! [String: Any]
        #expect(entry["documents"] as? Int == 3)
        let groups = entry["groups"] as! String
        #expect(groups.count == 16)   // two groups, eight hex digits a group
        for file in index.files.dropLast() {
            #expect(["search/t/", "search/d/", "search/r/", "search/m/"].contains { file.path.hasPrefix($0) })
            #expect(file.path.hasSuffix(".json"))
        }
        let parts = index.files.map(\.path).filter { $0.hasPrefix("search/d/") }
        #expect(parts == ["search/d/0-0-\(groups.prefix(8)).json", "search/d/1-0-\(groups.suffix(8)).json"])
    }

    @Test func postingsHoldDocumentsPositionsAndLengths() throws {
        let index = SearchIndex.build([contribution])
        var terms: [String: String] = [:]
        for file in index.files where file.path.hasPrefix("search/t/") {
            terms.merge(try JSONSerialization.jsonObject(with: file.data) as! [String: String]) { a, _ in a }
        }
        #expect(terms["the"] == nil)   // a stop word
        // "earth": doc 0 (length 10: bucket 9, position 9) and doc 1 (length 8: bucket 8, position 2).
        #expect(VarintText.decode(terms["earth"]!) == [0, 9, 10, 0, 1, 8, 3, 0])
        // "wept": group 1 → document 1024, length 2, position 1.
        #expect(VarintText.decode(terms["wept"]!) == [1024, 2, 2, 0])
    }

    @Test func anEditRewritesOnlyTheShardsItTouches() {
        var edited = contribution
        edited.documents[2] = doc("b/#v1", "Jesus wept sore.", group: "b/")
        let before = Set(SearchIndex.build([contribution]).files.map(\.path))
        let after = Set(SearchIndex.build([edited]).files.map(\.path))
        // The first group's file is the same; only the edited group and its terms' shards differ.
        let changed = after.subtracting(before)
        #expect(changed.contains("search/index.json") == false)
        #expect(changed.filter { $0.hasPrefix("search/d/") }.count == 1)
        #expect(before.intersection(after).filter { $0.hasPrefix("search/d/") }.count == 1)
    }

    /// Issue 27: a document's id comes from what it is, so a verse or stanza added changes only
    /// the shards of its own words (and its group's part), and a length is carried in steps.
    @Test func anAddedDocumentLeavesTheOthersIdsAndShards() throws {
        func verses(_ numbers: [Int]) -> SearchContribution {
            SearchContribution(documents: numbers.map { n in
                SearchDocument(kind: "Bible", url: "c/#v\(n)", title: "c \(n)", text: "Verse \(n) of a chapter with words\(n) alone\(n).",
                               group: "c/", slot: n - 1)
            })
        }
        let before = SearchIndex.build([verses(Array(1...40))])
        let after = SearchIndex.build([verses([1, 2] + Array(4...40))])   // verse 3 omitted
        func postings(_ index: SearchIndex) throws -> [String: String] {
            var terms: [String: String] = [:]
            for file in index.files where file.path.hasPrefix("search/t/") {
                terms.merge(try JSONSerialization.jsonObject(with: file.data) as! [String: String]) { a, _ in a }
            }
            return terms
        }
        let (old, new) = (try postings(before), try postings(after))
        // Only the words of verse 3 have other postings: every other verse keeps its id.
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
        #expect(changed == ["verse", "3", "chapter", "words3", "alone3"])
        // The part holding verse 3 has a null in its place; the other parts have the same bytes
        // (renamed with their group's hash).
        let parts = after.files.filter { $0.path.hasPrefix("search/d/") }
        let first = try JSONSerialization.jsonObject(with: parts[0].data) as! [Any]
        #expect(first[2] is NSNull && first.count == 16)
        #expect(Set(parts.map(\.data)).subtracting(before.files.map(\.data)).count == 1)
    }

    @Test func aLongGroupIsWrittenInPartsOfSixteenDocuments() throws {
        let verses = (1...40).map { doc("c/#v\($0)", "Verse \($0) of a long chapter.", group: "c/") }
        let index = SearchIndex.build([SearchContribution(documents: verses)])
        let entry = try json(index, "search/index.json") as! [String: Any]
        let hash = try #require(entry["groups"] as? String)
        #expect(hash.count == 8)   // one hash for the group's three parts
        let parts = index.files.filter { $0.path.hasPrefix("search/d/") }
        #expect(parts.map(\.path) == (0..<3).map { "search/d/0-\($0)-\(hash).json" })
        let rows = try parts.map { try JSONSerialization.jsonObject(with: $0.data) as! [[String]] }
        #expect(rows.map(\.count) == [16, 16, 8])
        #expect(rows[1][0][0] == "c/#v17")   // document 17 (place 16) opens the second part
        #expect(parts.map(\.path).allSatisfy { $0.hasPrefix("search/d/0-") })
    }

    @Test func documentGroupsAreJSONArraysWithTextEscaped() throws {
        let c = SearchContribution(documents: [doc("x/", "<script>alert(\"1\")</script>\n", group: "x")])
        let index = SearchIndex.build([c])
        let file = try #require(index.files.first { $0.path.hasPrefix("search/d/") })
        #expect(!String(decoding: file.data, as: UTF8.self).contains("<script>"))
        let rows = try JSONSerialization.jsonObject(with: file.data) as! [[String]]
        #expect(rows[0][2] == "<script>alert(\"1\")</script>\n")
    }
}

/// Issue 27: a group's number comes from what it is (`SearchDocument.groupSlot`), so a hymn or a
/// month added leaves every other group's documents, and the shards of their words, as they were.
@Suite struct StableGroupTests {
    func hymns(_ numbers: [Int]) -> SearchContribution {
        SearchContribution(documents: numbers.map { n in
            SearchDocument(kind: "Hymns", url: "hymns/\(n)/", title: "\(n)", text: "hymn\(n) sings grace", group: "hymns/\(n)", groupSlot: n)
        })
    }
    let pages = SearchContribution(documents: [SearchDocument(kind: "Pages", url: "about/", title: "About", text: "about grace",
                                                              group: "pages", groupSlot: 0)])

    func postings(_ index: SearchIndex) throws -> [String: String] {
        var terms: [String: String] = [:]
        for file in index.files where file.path.hasPrefix("search/t/") {
            terms.merge(try JSONSerialization.jsonObject(with: file.data) as! [String: String]) { a, _ in a }
        }
        return terms
    }

    @Test func aHymnAddedMovesNoOtherGroup() throws {
        let before = SearchIndex.build([hymns([1, 3, 4]), pages])
        let after = SearchIndex.build([hymns([1, 2, 3, 4]), pages])
        let (old, new) = (try postings(before), try postings(after))
        // Hymn 1 is group 1 (its number), hymn 3 group 3, the pages after the hymnal's 8 numbers.
        #expect(VarintText.decode(new["hymn3"]!) == [3 * 1024, 3, 1, 0])
        #expect(VarintText.decode(new["about"]!) == [8 * 1024, 2, 1, 0])
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
        #expect(changed == ["hymn2", "sings", "grace"])   // the new hymn's words only
        let parts = { (index: SearchIndex) in Set(index.files.map(\.path).filter { $0.hasPrefix("search/d/") }) }
        #expect(parts(after).subtracting(parts(before)).map { $0.prefix(12) } == ["search/d/2-0"])
    }

    /// A word of a hymn changed: its part, the shards of the words, and the entry (its groups'
    /// hashes); the entry's other half (kinds, facets, group numbers, scopes) is the same file.
    @Test func aHymnEditKeepsTheEntrysOtherHalf() {
        var edited = hymns([1, 3, 4])
        edited.documents[1] = SearchDocument(kind: "Hymns", url: "hymns/3/", title: "3", text: "hymn3 sings mercy", group: "hymns/3", groupSlot: 3)
        let before = Set(SearchIndex.build([hymns([1, 3, 4]), pages]).files.map(\.path))
        let after = Set(SearchIndex.build([edited, pages]).files.map(\.path))
        #expect(before.filter { $0.hasPrefix("search/m/") } == after.filter { $0.hasPrefix("search/m/") })
        #expect(after.subtracting(before).allSatisfy { $0.hasPrefix("search/t/") || $0.hasPrefix("search/d/3-0-") })
    }

    @Test func groupsWithoutSlotsOrWithOneTwiceAreNumberedByPosition() throws {
        var twice = hymns([5, 9]).documents
        twice.append(SearchDocument(kind: "Hymns", url: "x/", title: "x", text: "extra", group: "x", groupSlot: 5))
        let index = SearchIndex.build([SearchContribution(documents: twice)])
        let terms = try postings(index)
        #expect(VarintText.decode(terms["hymn9"]!)[0] == 1 * 1024 && VarintText.decode(terms["extra"]!)[0] == 2 * 1024)
        let entry = try JSONSerialization.jsonObject(with: index.entry.data) as! [String: Any]
        let meta = try #require(index.files.first { $0.path == "search/m/\(entry["meta"] as! String).json" })
        let rest = try JSONSerialization.jsonObject(with: meta.data) as! [String: Any]
        #expect(VarintText.decode(rest["groupIDs"] as! String) == [0, 0, 0])   // gaps: groups 0, 1, 2
    }

    @Test func aKeyAddedSeldomMovesTheOthers() throws {
        let keys = (1...10).map { "schedule.yml/meeting-\($0)" }
        let before = try #require(SearchDocument.slots(forKeys: keys, width: 16))
        let after = try #require(SearchDocument.slots(forKeys: keys + ["schedule.yml/meeting-11"], width: 16))
        #expect(Set(before.values).count == 10 && before.values.allSatisfy { (0..<16).contains($0) })
        #expect(keys.filter { before[$0] != after[$0] }.count <= 1)
        #expect(SearchDocument.slots(forKeys: keys, width: 8) == nil)
        #expect(SearchDocument.slots(forKeys: keys.reversed(), width: 16) == before)   // the order given does not matter
    }
}

/// Issue 28: a shared document is indexed by its own language's rules (a Swedish hymn keeps
/// `ä`), and a word with a kept letter is also its plain form for readers who type without it.
@Suite struct DocumentLanguageTests {
    let hymns = SearchContribution(documents: [
        SearchDocument(kind: "Hymns", url: "hymns/1/", title: "1", text: "Så älskade Gud världen", group: "hymns/1", groupSlot: 1, language: "sv"),
        SearchDocument(kind: "Hymns", url: "hymns/2/", title: "2", text: "Tänne, Jeesus", group: "hymns/2", groupSlot: 2, language: "fi"),
        SearchDocument(kind: "Hymns", url: "hymns/3/", title: "3", text: "The café of my soul and the world", group: "hymns/3", groupSlot: 3),
    ])

    func terms(_ index: SearchIndex) throws -> [String: String] {
        var terms: [String: String] = [:]
        for file in index.files where file.path.hasPrefix("search/t/") {
            terms.merge(try JSONSerialization.jsonObject(with: file.data) as! [String: String]) { a, _ in a }
        }
        return terms
    }

    func meta(_ index: SearchIndex) throws -> [String: Any] {
        let entry = try JSONSerialization.jsonObject(with: index.entry.data) as! [String: Any]
        let file = try #require(index.files.first { $0.path == "search/m/\(entry["meta"] as! String).json" })
        return try JSONSerialization.jsonObject(with: file.data) as! [String: Any]
    }

    @Test func eachDocumentIsFoldedByItsLanguage() throws {
        let index = SearchIndex.build([hymns], language: "en")
        let terms = try terms(index)
        // Swedish: "världen" kept, and its plain form marked; the English hymn's "café" is "cafe", with no plain twin.
        #expect(terms["världen"] != nil && terms["varlden$"] != nil && terms["varlden"] == nil)
        #expect(terms["så"] != nil && terms["sa$"] != nil && terms["gud"] != nil)
        #expect(terms["tänne"] != nil && terms["tanne$"] == terms["tänne"], "the same document at the same place")
        #expect(terms["cafe"] != nil && terms["cafe$"] == nil && terms["world"] != nil)
        // The shared stop words stay out for every language (one list for the shared terms).
        #expect(terms["the"] == nil && terms["my"] == nil)
        // The languages, each with its rules, and every facet's last number naming one.
        let meta = try meta(index)
        let languages = try #require(meta["languages"] as? [[Any]])
        #expect(languages.map { $0[0] as! String } == ["en", "fi", "sv"])
        #expect(languages.map { $0[2] as! String } == ["", "åäö", "åäö"])
        #expect(languages.map { $0[4] as! Int } == [0, 1, 1])
        let facets = try #require(meta["facets"] as? [[Any]])
        #expect(Set(facets.map { $0[5] as! Int }) == [0, 1, 2])
    }

    /// A plain form (`a12x$`) is never the first term of a shard: the shard a query's word
    /// (`a12x`) is looked up in holds it, so the fallback costs no request more.
    @Test func aPlainFormIsInItsWordsShard() throws {
        let words = (0..<4000).map { "ä\($0)x a\($0)x" }
        let docs = stride(from: 0, to: words.count, by: 40).map { start in
            SearchDocument(kind: "Hymns", url: "hymns/\(start)/", title: "", text: words[start..<start + 40].joined(separator: " "),
                           group: "hymns/\(start)", groupSlot: start, language: "sv")
        }
        let index = SearchIndex.build([SearchContribution(documents: docs)], language: "en")
        let entry = try JSONSerialization.jsonObject(with: index.entry.data) as! [String: Any]
        let firsts = (entry["shards"] as! String).split(separator: " ")
        #expect(firsts.count > 5)
        #expect(!firsts.contains { $0.hasSuffix("$") })
        #expect(try terms(index)["a17x$"] != nil)
    }

    @Test func theSiteLanguageIsTheLanguageOfDocumentsThatNameNone() throws {
        let page = SearchContribution(documents: [SearchDocument(kind: "Pages", url: "a/", title: "A", text: "Los pastores del año",
                                                                 group: "pages", groupSlot: 0)])
        let index = SearchIndex.build([page], language: "es")
        let terms = try terms(index)
        #expect(terms["pastor"] != nil && terms["pastores"] == nil && terms["año"] != nil && terms["ano$"] == nil)
        #expect(terms["los"] == nil, "a Spanish stop word")
        #expect(try #require(meta(index)["languages"] as? [[Any]]).map { $0[0] as! String } == ["es"])
    }
}

/// The full build makes the terms a scope (a translation) at a time, in the order their terms
/// sort (`SearchIndex.build`); a session's memo reads every document's words together
/// (`MemoTerms`). Their files agree byte for byte whatever order the scopes are declared in,
/// with two ids where one starts the other, and with a document of a scope no contribution
/// declares (its words are shared terms).
@Suite struct ScopeAtATimeTests {
    @Test func theScopesMadeApartGiveTheFilesOfTheTermsMadeTogether() throws {
        let ids = ["web", "kjv2", "kjv"]
        let verses = ids.flatMap { scope in (1...3).flatMap { c in (1...12).map { SearchIndexMemoTests.verse(scope, c, $0) } } }
        let scopes = ids.map { SearchScope(id: $0, label: $0.uppercased(), language: $0 == "kjv2" ? "es" : "en", books: []) }
        let site = [SearchContribution(documents: (1...12).map { SearchIndexMemoTests.hymn($0, language: $0 == 3 ? "sv" : nil) }),
                    SearchContribution(documents: verses + [SearchIndexMemoTests.verse("apocrypha", 1, 1)], scopes: scopes)]
        let memo = SearchIndexMemo()
        _ = try SearchIndex.build(site, language: "en", memo: memo)   // a session's first index is a full build's
        let together = try SearchIndex.build(site, language: "en", memo: memo)
        #expect(memo.lastCounts.documentsRead == site[0].documents.count + site[1].documents.count)
        let apart = SearchIndex.build(site, language: "en")
        #expect(apart.files.map(\.path) == together.files.map(\.path))
        #expect(apart.files == together.files)
        // Each scope's terms in shards of their own, the scopes in their terms' order, the shared terms last.
        var order: [String?] = []
        for file in apart.files where file.path.hasPrefix("search/t/") && order.last != .some(file.scope) { order.append(file.scope) }
        #expect(order == ["kjv", "kjv2", "web", nil])
    }
}
