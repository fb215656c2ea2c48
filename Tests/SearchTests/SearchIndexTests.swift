import Foundation
import SitegenCore
import SitegenSearch
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

    @Test func filesAreNamedByTheirContent() throws {
        let index = SearchIndex.build([contribution])
        #expect(index.entry.path == "search/index.json")
        let entry = try json(index, "search/index.json") as! [String: Any]
        #expect(entry["documents"] as? Int == 3)
        let groups = entry["groups"] as! String
        #expect(groups.count == 16)   // two groups, eight hex digits a group
        for file in index.files.dropLast() {
            #expect(["search/t/", "search/d/", "search/r/"].contains { file.path.hasPrefix($0) })
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
