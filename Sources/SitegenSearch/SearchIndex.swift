import Crypto
import Foundation
import SitegenCore
import SitegenWords

/// The site's search index, written by the build from every kind's `SearchContribution`
/// (docs/search.md has the format). Pure: the same contributions give the same bytes.
///
/// - `search/index.json` (fixed name, small): the kinds and facets, one content hash per
///   document group, the first term of each term shard with its hash, the stop words, the books
///   and numbered things a query can name.
/// - `search/t/<hash>.json`: a shard of the sorted term list, `{"term": "postings", …}`.
/// - `search/d/<hash>.json`: a group's documents, `[[url, title, text], …]`.
/// - `search/r/<hash>.json`: the books a reference names, read only for queries with a number.
///
/// A document's id is `group × 1024 + its place in the group`, so an edit that changes one
/// chapter or hymn leaves every other document's id, and so most shards, as they were.
public struct SearchIndex: Sendable {
    public struct File: Sendable, Hashable {
        public let path: String
        public let data: Data
    }

    /// Every file, `search/index.json` last.
    public let files: [File]
    public var entry: File { files[files.count - 1] }

    public static let folder = "search/"
    public static let indexPath = "search/index.json"
    public static let groupSize = 1024
    /// A term shard is cut at a content-defined term once it holds `minShard` bytes of
    /// postings, and always before it would pass `maxShard` (unless one term is bigger).
    static let minShard = 3_000
    static let maxShard = 9_000

    public static func build(_ contributions: [SearchContribution], jobs: Int = 2) -> SearchIndex {
        let documents = contributions.flatMap(\.documents)
        // Groups: runs of documents with the same group key, at most `groupSize` each.
        var groupOf = [Int](repeating: 0, count: documents.count)
        var groupStarts: [Int] = []
        for (i, doc) in documents.enumerated() {
            let newGroup = i == 0 || doc.group != documents[i - 1].group || i - groupStarts.last! >= groupSize
            if newGroup { groupStarts.append(i) }
            groupOf[i] = groupStarts.count - 1
        }
        let docIDs = documents.indices.map { groupOf[$0] * groupSize + ($0 - groupStarts[groupOf[$0]]) }

        // Words of every document, on all cores.
        let stop = SearchText.stopSet
        let words: [DocumentWords] = parallelMap(documents, jobs: jobs) { doc in
            var found = DocumentWords()
            found.length = SearchText.forEachWord(doc.text) { word, position in
                if !stop.contains(word) { found.words.append(word); found.positions.append(position) }
            }
            return found
        }

        // Postings: per term, per document: id delta, length, positions (+1, then deltas), 0.
        var postings: [String: Postings] = [:]
        postings.reserveCapacity(20_000)
        for (i, found) in words.enumerated() {
            let id = docIDs[i]
            for (word, position) in zip(found.words, found.positions) {
                postings[word, default: Postings()].add(doc: id, length: found.length, position: position)
            }
        }
        let terms = postings.keys.sorted(by: SearchText.less)

        var files: [File] = []
        // Term shards.
        var shards: [(first: String, hash: String)] = []
        var current: [(String, [UInt8])] = []
        var previousLast: String? = nil
        var size = 0
        func flushShard() {
            guard !current.isEmpty else { return }
            var json: [UInt8] = [UInt8(ascii: "{")]
            for (index, (term, encoded)) in current.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                JSONText.append(term, to: &json)
                json.append(UInt8(ascii: ":"))
                json.append(UInt8(ascii: "\""))
                json += encoded
                json.append(UInt8(ascii: "\""))
            }
            json.append(UInt8(ascii: "}"))
            let file = hashed("t/", Data(json))
            shards.append((separator(after: previousLast, first: current[0].0), file.hash))
            previousLast = current[current.count - 1].0
            files.append(file.file)
            current.removeAll(keepingCapacity: true)
            size = 0
        }
        for term in terms {
            var p = postings[term]!
            p.finish()
            let cost = p.bytes.count + term.utf8.count + 6
            if !current.isEmpty, (size >= minShard && fnv(term) % 5 == 0) || size + cost > maxShard { flushShard() }
            current.append((term, p.bytes))
            size += cost
        }
        flushShard()

        // Document groups.
        var groupHashes: [String] = []
        var facets: [String] = []   // JSON arrays, deduplicated in order
        var facetIndex: [String: Int] = [:]
        var kinds: [String] = []
        var groupFacets: [Int] = []
        for (g, start) in groupStarts.enumerated() {
            let end = g + 1 < groupStarts.count ? groupStarts[g + 1] : documents.count
            var json: [UInt8] = [UInt8(ascii: "[")]
            for i in start..<end {
                if i > start { json.append(UInt8(ascii: ",")) }
                json.append(UInt8(ascii: "["))
                JSONText.append(documents[i].url, to: &json)
                json.append(UInt8(ascii: ","))
                JSONText.append(documents[i].title, to: &json)
                json.append(UInt8(ascii: ","))
                JSONText.append(documents[i].text, to: &json)
                json.append(UInt8(ascii: "]"))
            }
            json.append(UInt8(ascii: "]"))
            let file = hashed("d/", Data(json))
            files.append(file.file)
            groupHashes.append(file.hash)
            let doc = documents[start]
            if !kinds.contains(doc.kind) { kinds.append(doc.kind) }
            var facet: [UInt8] = Array("[\(kinds.firstIndex(of: doc.kind)!),".utf8)
            JSONText.append(doc.facet ?? "", to: &facet)
            facet.append(UInt8(ascii: ","))
            JSONText.append(doc.section ?? "", to: &facet)
            facet += Array(",\(doc.priority)]".utf8)
            let key = String(decoding: facet, as: UTF8.self)
            if facetIndex[key] == nil { facetIndex[key] = facets.count; facets.append(key) }
            groupFacets.append(facetIndex[key]!)
        }

        // The entry file.
        var json = "{\"format\":1,\"groupSize\":\(groupSize),\"documents\":\(documents.count)"
        json += ",\"kinds\":[" + kinds.map(JSONText.quoted).joined(separator: ",") + "]"
        json += ",\"facets\":[" + facets.joined(separator: ",") + "]"
        json += ",\"groups\":\"" + groupHashes.joined() + "\""
        json += ",\"groupFacets\":\"" + VarintText.encode(groupFacets) + "\""
        json += ",\"shards\":[" + shards.map { "[\(JSONText.quoted($0.first)),\"\($0.hash)\"]" }.joined(separator: ",") + "]"
        json += ",\"stopWords\":[" + SearchText.stopWords.map(JSONText.quoted).joined(separator: ",") + "]"
        let books = contributions.flatMap(\.books)
        var references = ""
        var groupByKey: [String: Int] = [:]
        for (g, start) in groupStarts.enumerated() where groupByKey[documents[start].group] == nil { groupByKey[documents[start].group] = g }
        references += "[" + books.map { book in
            // The group holding each chapter's documents (+1; 0: none), for a reference's text.
            let chapterGroups = book.verses.indices.map { groupByKey[book.chapterPath + "\($0 + 1)/"].map { $0 + 1 } ?? 0 }
            return "[\(JSONText.quoted(book.name)),\(JSONText.quoted(book.chapterPath)),["
                + book.aliases.map(JSONText.quoted).joined(separator: ",") + "],\"" + VarintText.encode(book.verses) + "\",\""
                + VarintText.encode(chapterGroups) + "\"]"
        }.joined(separator: ",") + "]"
        // The books are read only for a query with a number in it, so they have a file of their own.
        let referenceFile = hashed("r/", Data(references.utf8))
        files.append(referenceFile.file)
        json += ",\"books\":\"\(referenceFile.hash)\""
        // Numbered things, with the group of each number's first document.
        var numberGroups: [String: [Int: Int]] = [:]
        for (i, doc) in documents.enumerated() {
            if let number = doc.number, numberGroups[doc.kind]?[number] == nil { numberGroups[doc.kind, default: [:]][number] = groupOf[i] }
        }
        json += ",\"numbered\":[" + contributions.flatMap { c in c.numbered.map { ($0, c.documents.first?.kind ?? "") } }.map { numbered, kind in
            let groups = numbered.numbers.map { numberGroups[kind]?[$0] ?? 0 }
            return "[\(JSONText.quoted(numbered.label)),[" + numbered.words.map(JSONText.quoted).joined(separator: ",")
                + "],\(JSONText.quoted(numbered.path)),\(numbered.numbers.lowerBound),\(numbered.numbers.upperBound),\"\(VarintText.encode(groups))\"]"
        }.joined(separator: ",") + "]"
        json += "}"
        files.append(File(path: indexPath, data: Data(json.utf8)))
        return SearchIndex(files: files)
    }

    static let hashLength = 10

    private static func hashed(_ folder: String, _ data: Data) -> (file: File, hash: String) {
        let digest = SHA256.hash(data: data)
        var hex = ""
        for byte in digest.prefix(hashLength / 2) {
            hex += String(byte >> 4, radix: 16)
            hex += String(byte & 0xF, radix: 16)
        }
        return (File(path: Self.folder + folder + hex + ".json", data: data), hex)
    }

    /// The shortest prefix of `first` that sorts after `previous` (the last term of the shard
    /// before): the key a browser compares a term with to find its shard.
    static func separator(after previous: String?, first: String) -> String {
        guard let previous else { return "" }
        var prefix = ""
        for scalar in first.unicodeScalars {
            prefix.unicodeScalars.append(scalar)
            if SearchText.less(previous, prefix) { return prefix }
        }
        return first
    }

    /// FNV-1a of a term's bytes: where shards may be cut, the same whatever else changes.
    static func fnv(_ term: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in term.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}

struct DocumentWords {
    var words: [String] = []
    var positions: [Int] = []
    var length = 0
}

/// One term's postings as they are built: documents in increasing id order.
struct Postings {
    var bytes: [UInt8] = []
    var lastDoc = -1
    var lastPosition = -1

    mutating func add(doc: Int, length: Int, position: Int) {
        if doc != lastDoc {
            if lastDoc >= 0 { bytes.append(VarintText.final[0]) }   // end of the previous document
            VarintText.append(doc - max(lastDoc, 0), to: &bytes)
            VarintText.append(length, to: &bytes)
            VarintText.append(position + 1, to: &bytes)
            lastDoc = doc
        } else {
            VarintText.append(position - lastPosition, to: &bytes)
        }
        lastPosition = position
    }

    mutating func finish() {
        if lastDoc >= 0, bytes.last != nil { bytes.append(VarintText.final[0]); lastDoc = -2 }
    }
}

/// Numbers as text that needs no JSON escaping: base 32, most significant digit first; every
/// digit but the last from `continued`, the last from `final`.
public enum VarintText {
    static let final = Array("0123456789abcdefghijklmnopqrstuv".utf8)
    static let continued = Array("wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

    public static func append(_ value: Int, to out: inout [UInt8]) {
        precondition(value >= 0)
        if value < 32 { out.append(final[value]); return }
        var digits: [Int] = []
        var v = value
        while v > 0 { digits.append(v & 31); v >>= 5 }
        for (i, d) in digits.reversed().enumerated() { out.append(i == digits.count - 1 ? final[d] : continued[d]) }
    }

    public static func encode(_ values: [Int]) -> String {
        var out: [UInt8] = []
        for v in values { append(v, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String) -> [Int] {
        var values: [Int] = []
        var v = 0
        for b in text.utf8 {
            if let d = final.firstIndex(of: b) { values.append(v * 32 + d); v = 0 } else if let d = continued.firstIndex(of: b) { v = v * 32 + d }
        }
        return values
    }
}

/// JSON strings written by hand (the index is most of the build's new bytes).
enum JSONText {
    static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func append(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)   // never `</script>` in a file a page might inline
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
