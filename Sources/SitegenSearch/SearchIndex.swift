import Foundation
import SitegenCore
import SitegenSnapshots
import SitegenWords

/// The site's search index, written by the build from every kind's `SearchContribution`
/// (docs/search.md has the format). Pure: the same contributions give the same bytes.
///
/// - `search/index.json` (fixed name, small): the document count, one content hash per shared
///   document group, the first term of each shared term shard with its hash, and the hash of:
/// - `search/m/<hash>.json`: the kinds and facets, the group numbers, the stop words, the scopes,
///   the books and numbered things a query can name.
/// - `search/t/<hash>.json`: a shard of the sorted term list, `{"term": "postings", …}`.
/// - `search/d/<group>-<part>-<hash>.json`: a group's documents, `[[url, title, text], …]`.
/// - `search/r/<hash>.json`: the books a reference names, read only for queries with a number.
///
/// A document's id is `group × 1024 + its place in the group`, both from what it is
/// (`SearchLayout`), so an edit that changes, adds or removes one chapter, hymn or meeting
/// leaves every other document's id, and so most shards, as they were.
public struct SearchIndex: Sendable {
    public struct File: Sendable, Equatable {
        /// The file as the build's `FileSink` kept it: its bytes, or (`sitegen build`) where they
        /// were staged as soon as they were made.
        public let output: OutputFile
        public var path: String { output.path }
        /// The bytes (a staged file's read back).
        public var data: Data { output.data }
        /// For a document group (`d/`) or a scope's term shard: the index of the contribution
        /// its documents came from, so the offline list can save a kind's documents with its
        /// pages. nil for shared files.
        public let owner: Int?
        /// The `SearchScope.id` of its documents or terms (a translation), if any.
        public let scope: String?
        /// A term shard (`t/`), not a document group.
        public let terms: Bool
        /// What the file is, whatever its bytes (its name has their hash): a shard's first term,
        /// a part's group and number, a scope's books or terms.
        public let key: String

        init(path: String, data: Data, owner: Int? = nil, scope: String? = nil, terms: Bool = false, key: String? = nil,
             sink: FileSink) throws {
            (self.output, self.owner, self.scope, self.terms) = (try sink(OutputFile(path: path, data: data)), owner, scope, terms)
            self.key = key ?? path
        }
    }

    /// Every file, `search/index.json` last.
    public let files: [File]
    public var entry: File { files[files.count - 1] }

    public static let folder = "search/"
    public static let indexPath = "search/index.json"
    public static let groupSize = 1024
    /// Documents per file of a group: a result needs its own few verses, not its whole chapter.
    public static let partSize = 16
    /// A term shard is cut at a content-defined term once it holds `minShard` bytes of
    /// postings, and always before it would pass `maxShard` (unless one term is bigger).
    static let minShard = 3_000
    static let maxShard = 9_000

    /// The index with its files kept in memory. `language`: the site's (BCP 47), the language of
    /// the documents that name none.
    public static func build(_ contributions: [SearchContribution], jobs: Int = 2, language: String = "") -> SearchIndex {
        // Keeping the bytes cannot fail.
        try! build(contributions, jobs: jobs, language: language, sink: .keep)
    }

    /// The index with each file put in `sink` as soon as it is made (`sitegen build` stages the
    /// shards and parts as it goes instead of holding the whole index).
    public static func build(_ contributions: [SearchContribution], jobs: Int = 2, language: String = "",
                             sink: FileSink) throws -> SearchIndex {
        let layout = SearchLayout(contributions, groupSize: groupSize)
        let scopes = Scopes(contributions, siteLanguage: language)
        // A scope's terms (`!<id> …`) come from its own documents alone and sort together, before
        // the shared terms: so the terms are made a scope (a translation) at a time, in their
        // order, and only one scope's postings are in memory at once.
        var shards = TermShards(scopes: scopes, sink: sink)
        for pass in termPasses(layout, scopes) {
            var (table, postings) = readPostings(pass, layout: layout, scopes: scopes, jobs: jobs)
            try shards.add(table, &postings)
        }
        return try finish(contributions, layout: layout, scopes: scopes, shards: shards.list, files: shards.files, sink: sink)
    }

    /// The documents (in id order) whose words make the terms of each scope, in the order its
    /// terms sort (its `!<id> ` prefix), then those of the shared terms (every document of no
    /// scope the contributions declare).
    static func termPasses(_ layout: SearchLayout, _ scopes: Scopes) -> [[Int]] {
        var byScope: [String: [Int]] = [:]
        var shared: [Int] = []
        for doc in layout.documents.indices {
            if let scope = layout.documents[doc].scope, scopes.byID[scope] != nil {
                byScope[scope, default: []].append(doc)
            } else {
                shared.append(doc)
            }
        }
        let order = byScope.keys.map { (SearchText.sortKey("!\($0) "), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        return order.map { byScope[$0.1]! } + [shared]
    }

    /// The terms of `docs` (documents in id order) and each term's postings (indexed by its id in
    /// the table; the stop words' empty).
    static func readPostings(_ docs: [Int], layout: SearchLayout, scopes: Scopes, jobs: Int) -> (TermTable, [Postings]) {
        let (documents, docIDs) = (layout.documents, layout.ids)
        // A scope's documents all count from its base: looked up once, not per document.
        let scopeBase = docs.first.flatMap { documents[$0].scope }.flatMap { scopes.byID[$0] != nil ? layout.scopeBase[$0] ?? 0 : nil }
        // Words of the documents, in runs on all cores; each run interns its words in a table of
        // its own that starts with the stop words, so a word is a stop word exactly when its id
        // is below their count.
        let stops = SearchText.stopWords.count
        let runLength = max(256, docs.count / max(1, jobs * 8))
        let runs = stride(from: 0, to: docs.count, by: runLength).map { docs[$0..<min($0 + runLength, docs.count)] }
        let readWords = { (run: ArraySlice<Int>) -> RunWords in
            var words = RunWords()
            for doc in run {
                // A scope's words, and the words of a shared document in a language of its own,
                // are read under a prefix that says whose rules stop and stem them (`Scopes.term`).
                let (language, prefix) = scopes.rules(of: documents[doc])
                let length = prefix.withUnsafeBufferPointer { prefix in
                    SearchText.forEachWordBytes(documents[doc].text, language: language) { word, position in
                        let id = words.table.id(of: word, after: prefix)
                        if id >= stops { words.terms.append(Int32(id)); words.positions.append(Int32(position)) }
                    }
                }
                words.ends.append(words.terms.count)
                words.lengths.append(length)
            }
            return words
        }

        // Postings, per term, per document in id order: each run's ids mapped to one table. The
        // runs are read a window at a time (each window on all cores) and added in order, so the
        // words of all the documents are never in memory at once.
        var table = TermTable(first: SearchText.stopWords)
        var postings: [Postings] = []
        var next = 0   // the place in `docs` of the run's first document
        func add(_ words: RunWords) {
            // A scope's word is its language's stop word (-1) or its stem; a word with a kept letter
            // is also its plain form for readers who type without it (`alternates`, -1: none).
            var alternates = [Int](repeating: -1, count: words.table.count)
            let ids = (0..<words.table.count).map { i -> Int in
                guard i >= stops else { return i }
                guard let mapped = scopes.term(words.table.bytes(i)) else { return -1 }
                if let plain = mapped.unmarked { alternates[i] = table.id(of: plain) }
                return table.id(of: mapped.term)
            }
            if postings.count < table.count { postings += Array(repeating: Postings(), count: table.count - postings.count) }
            var start = 0
            for (end, length) in zip(words.ends, words.lengths) {
                let doc = docs[next]
                let id = docIDs[doc]
                let base = scopeBase ?? documents[doc].scope.flatMap { layout.scopeBase[$0] } ?? 0
                for word in start..<end {
                    let read = Int(words.terms[word])
                    let position = Int(words.positions[word])
                    // Two calls, not a loop over `[term, alternate]`: that array was made for every word.
                    if ids[read] >= 0 { postings[ids[read]].add(doc: id, length: length, position: position, base: base) }
                    if alternates[read] >= 0 { postings[alternates[read]].add(doc: id, length: length, position: position, base: base) }
                }
                start = end
                next += 1
            }
        }
        let window = max(2, jobs * 2)
        for first in stride(from: 0, to: runs.count, by: window) {
            parallelMap(Array(runs[first..<min(first + window, runs.count)]), jobs: jobs, readWords).forEach(add)
        }
        return (table, postings)
    }

    /// The index from its term shards (`files`, listed in `shards`): the document groups, the
    /// books, the scopes' files, the meta file and the entry. `memo`: a serve session's, which
    /// hands back a group whose documents are as they were (`SearchIndexMemo`).
    static func finish(_ contributions: [SearchContribution], layout: SearchLayout, scopes: Scopes,
                       shards: [(first: String, hash: String, scope: String?)], files: [File], memo: SearchIndexMemo? = nil,
                       sink: FileSink) throws -> SearchIndex {
        let (documents, owners, groupStarts, groupIDs) = (layout.documents, layout.owners, layout.groupStarts, layout.groupIDs)
        let (places, docIDs) = (layout.places, layout.ids)
        var files = files

        // Document groups, each written as files of `partSize` documents.
        var parts = DocumentParts(sink: sink)
        var facets: [String] = []   // JSON arrays, deduplicated in order
        var facetIndex: [String: Int] = [:]
        var kinds: [String] = []
        var groupFacets: [Int] = []
        for (g, start) in groupStarts.enumerated() {
            let end = g + 1 < groupStarts.count ? groupStarts[g + 1] : documents.count
            if let memo {
                try memo.addGroup(groupIDs[g], documents[start..<end], places: places[start..<end], owner: owners[start], to: &parts)
            } else {
                try parts.add(group: groupIDs[g], documents[start..<end], places: places[start..<end], owner: owners[start], scope: documents[start].scope)
            }
            let doc = documents[start]
            if !kinds.contains(doc.kind) { kinds.append(doc.kind) }
            var facet: [UInt8] = Array("[\(kinds.firstIndex(of: doc.kind)!),".utf8)
            JSONText.append(doc.facet ?? "", to: &facet)
            facet.append(UInt8(ascii: ","))
            JSONText.append(doc.section ?? "", to: &facet)
            facet += Array(",\(doc.priority),\(doc.scope.flatMap { scopes.index[$0] } ?? -1),\(scopes.languageIndex(of: doc))]".utf8)
            let key = String(decoding: facet, as: UTF8.self)
            if facetIndex[key] == nil { facetIndex[key] = facets.count; facets.append(key) }
            groupFacets.append(facetIndex[key]!)
        }
        files += parts.files

        // What a one-hymn or one-month edit leaves as it was (the kinds, facets, group numbers,
        // scopes, numbered things) is a file named by its content (`search/m/`), so such an edit
        // rewrites only the small entry: the document count, the shared groups' hashes and
        // shards, and that file's hash.
        var json = "{\"groupSize\":\(groupSize),\"partSize\":\(partSize)"
        json += ",\"kinds\":[" + kinds.map(JSONText.quoted).joined(separator: ",") + "]"
        // What the page calls each kind's documents, groups, facets and sections (null: plain results).
        let labels = Dictionary(contributions.compactMap(\.labels).map { ($0.kind, $0) }) { first, _ in first }
        json += ",\"kindLabels\":[" + kinds.map { kind in
            guard let l = labels[kind] else { return "null" }
            let fields = [("document", l.document), ("group", l.group), ("facet", l.facet), ("section", l.section), ("facetFilter", l.facetFilter)]
            return "{" + fields.map { "\"\($0.0)\":[" + $0.1.map(JSONText.quoted).joined(separator: ",") + "]" }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
        json += ",\"facets\":[" + facets.joined(separator: ",") + "]"
        // Each scope's part hashes and term shards are in a file of its own (`search/s/`), read
        // only by a query in that scope; the entry holds the shared ones.
        let groupScope = groupStarts.map { documents[$0].scope }
        func groupHashes(_ scope: String?) -> String {
            zip(parts.hashes, groupScope).filter { $0.1 == scope }.map(\.0).joined()
        }
        // A list's shards as two strings: the first term of each (without the scope's `!<id> `;
        // terms hold no space) joined by spaces, and their hashes, `hashLength` digits each.
        func shardList(_ scope: String?) -> String {
            let list = shards.filter { $0.scope == scope }
            let prefix = scope.map { "!\($0) " } ?? ""
            let firsts = list.map { $0.first.hasPrefix(prefix) ? String($0.first.dropFirst(prefix.count)) : "" }
            return "\"shards\":" + JSONText.quoted(firsts.joined(separator: " ")) + ",\"shardHashes\":\"" + list.map(\.hash).joined() + "\""
        }
        json += ",\"groupIDs\":\"" + VarintText.encode(zip(groupIDs, [-1] + groupIDs).map { $0 - $1 - 1 }) + "\""
        json += ",\"groupFacets\":\"" + VarintText.encode(groupFacets) + "\""
        json += ",\"stopWords\":[" + SearchText.stopWords.map(JSONText.quoted).joined(separator: ",") + "]"
        // The languages of the shared documents, each with its rules, which the browser folds a
        // query by once per language (a facet's last number says its documents' language).
        json += ",\"languages\":[" + scopes.languages.map { "[" + Scopes.languageJSON($0.tag, $0.rules) + "]" }.joined(separator: ",") + "]"
        var groupByKey: [String: Int] = [:]
        for (g, start) in groupStarts.enumerated() where groupByKey[documents[start].group] == nil { groupByKey[documents[start].group] = groupIDs[g] }
        // The books are read only for a query with a number in it, so they have files of their own.
        let referenceFile = try hashed("r/", references(contributions.flatMap(\.books), groupByKey), key: "search/r/", sink: sink)
        files.append(referenceFile.file)
        json += ",\"books\":\"\(referenceFile.hash)\""
        json += ",\"scopes\":[" + (try scopes.list.map { scope in
            let books = try hashed("r/", references(scope.scope.books, groupByKey), key: "search/r/" + scope.scope.id, sink: sink)
            let id = scope.scope.id
            let terms = try hashed("s/", Data(("{\"groups\":\"" + groupHashes(id) + "\"," + shardList(id) + "}").utf8),
                                   owner: scopes.owner[id], scope: id, terms: true, key: "search/s/" + id, sink: sink)
            files += [books.file, terms.file]
            return scope.json(books: books.hash, terms: terms.hash, base: layout.scopeBase[id] ?? 0)
        }).joined(separator: ",") + "]"
        // Numbered things, with each number's first document (its id + 1; 0: none).
        var numberDocs: [String: [Int: Int]] = [:]
        // By index: a document read in place is lent, one iterated over is copied (its strings retained).
        for i in documents.indices {
            guard let number = documents[i].number else { continue }
            let kind = documents[i].kind
            if numberDocs[kind]?[number] == nil { numberDocs[kind, default: [:]][number] = docIDs[i] + 1 }
        }
        json += ",\"numbered\":[" + contributions.flatMap { c in c.numbered.map { ($0, c.chunks.lazy.joined().first?.kind ?? "") } }.map { numbered, kind in
            let firstDocs = numbered.numbers.map { numberDocs[kind]?[$0] ?? 0 }
            return "[\(JSONText.quoted(numbered.label)),[" + numbered.words.map(JSONText.quoted).joined(separator: ",")
                + "],\(JSONText.quoted(numbered.path)),\(numbered.numbers.lowerBound),\(numbered.numbers.upperBound),\"\(VarintText.encode(firstDocs))\"]"
        }.joined(separator: ",") + "]"
        json += "}"
        let meta = try hashed("m/", Data(json.utf8), key: "search/m/", sink: sink)
        files.append(meta.file)
        let entry = "{\"format\":4,\"documents\":\(documents.count),\"meta\":\"\(meta.hash)\",\"groups\":\"" + groupHashes(nil) + "\","
            + shardList(nil) + "}"
        files.append(try File(path: indexPath, data: Data(entry.utf8), sink: sink))
        return SearchIndex(files: files)
    }

    /// What a term costs in its shard: its name, its postings and the JSON around them.
    static func shardCost(term: Int, postings: Int) -> Int { term + postings + 6 }

    /// Whether the next term (of `cost`) starts a new shard after `size` bytes of the current one.
    /// A shard holds the terms of one scope (or none), so a scope's shards go offline with it; a
    /// plain form (`karlek$`) stays in its word's shard, so a query reads both from one file;
    /// otherwise a shard is cut at a content-defined term (`cut`) once it is big enough, or
    /// before it grows too big.
    static func startsShard(size: Int, cost: Int, scopeChanged: Bool, plain: Bool, cut: Bool) -> Bool {
        scopeChanged || (!plain && ((size >= minShard && cut) || size + cost > maxShard))
    }

    /// A term shard's file: `{"term": "postings", …}`, in the terms' order.
    static func shardJSON(_ entries: some Sequence<(String, [UInt8])>) -> Data {
        var json: [UInt8] = [UInt8(ascii: "{")]
        for (index, (term, postings)) in entries.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONText.append(term, to: &json)
            json += Array(":\"".utf8)
            json += postings
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "}"))
        return Data(json)
    }

    static let hashLength = 10

    static func hashed(_ folder: String, _ data: Data, owner: Int? = nil, scope: String? = nil,
                               terms: Bool = false, key: String, sink: FileSink) throws -> (file: File, hash: String) {
        let hex = SHA256Digest.hex(data, digits: hashLength)
        return (try File(path: Self.folder + folder + hex + ".json", data: data, owner: owner, scope: scope, terms: terms, key: key,
                         sink: sink), hex)
    }

    /// The books a reference can name: `[name, verse path (`{chapter}`, `{verse}` open), [spellings], verses per chapter,
    /// group per chapter (+1; 0: none), borrowed (1: only by a whole spelling), and the name a
    /// verse reference uses when it is another ("Psalm")]`.
    static func references(_ books: [SearchBook], _ groupByKey: [String: Int]) -> Data {
        Data(("[" + books.map { book in
            let chapterGroups = book.chapterGroups.map { groupByKey[$0].map { $0 + 1 } ?? 0 }
            return "[\(JSONText.quoted(book.name)),\(JSONText.quoted(book.verseURL)),["
                + book.aliases.map(JSONText.quoted).joined(separator: ",") + "],\"" + VarintText.encode(book.verses) + "\",\""
                + VarintText.encode(chapterGroups) + "\"" + (book.borrowed ? ",1" : ",0")
                + (book.verseName != book.name ? "," + JSONText.quoted(book.verseName) : "") + "]"
        }.joined(separator: ",") + "]").utf8)
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

    /// FNV-1a of a term's bytes: where shards may be cut (the same whatever else changes).
    static func fnv(_ bytes: some Sequence<UInt8>) -> UInt32 { StableHash.fnv1a(bytes) }
}

/// The term shards of the full build, made a scope's terms at a time in the terms' order
/// (`SearchIndex.build`): each shard written (put in the sink) as soon as it is full.
struct TermShards {
    let scopes: Scopes
    let sink: FileSink
    private(set) var files: [SearchIndex.File] = []
    /// Each shard's separator (`SearchIndex.separator`), hash and scope, in the terms' order.
    private(set) var list: [(first: String, hash: String, scope: String?)] = []
    private var current: [(String, [UInt8])] = []
    private var currentScope: String? = nil
    private var previousLast: String? = nil
    private var size = 0

    init(scopes: Scopes, sink: FileSink) { (self.scopes, self.sink) = (scopes, sink) }

    /// The terms of `table` (one scope's, or the shared ones, after those of every scope that
    /// sorts before them) with their `postings`, which are let go as their shards are written.
    mutating func add(_ table: TermTable, _ postings: inout [Postings]) throws {
        let stops = SearchText.stopWords.count
        let names = (0..<table.count).map(table.term)
        let keys = names.map(SearchText.sortKey)
        let terms = (stops..<table.count).sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        for id in terms {
            let term = names[id]
            var p = postings[id]
            postings[id] = Postings()   // its bytes go into a shard that is written as it is full
            p.finish()
            let cost = SearchIndex.shardCost(term: term.utf8.count, postings: p.bytes.count)
            let scope = Scopes.scope(ofTerm: term)
            if !current.isEmpty, SearchIndex.startsShard(size: size, cost: cost, scopeChanged: scope != currentScope,
                                                         plain: term.hasSuffix(SearchLanguage.unmarkedMark),
                                                         cut: SearchIndex.fnv(term.utf8) % 5 == 0) {
                try flush()
            }
            currentScope = scope
            current.append((term, p.bytes))
            size += cost
        }
        try flush()
    }

    private mutating func flush() throws {
        guard !current.isEmpty else { return }
        let file = try SearchIndex.hashed("t/", SearchIndex.shardJSON(current), owner: currentScope.flatMap { scopes.owner[$0] },
                                          scope: currentScope, terms: true, key: "search/t/" + current[0].0, sink: sink)
        list.append((SearchIndex.separator(after: previousLast, first: current[0].0), file.hash, currentScope))
        previousLast = current[current.count - 1].0
        files.append(file.file)
        current.removeAll(keepingCapacity: true)
        size = 0
    }
}

/// The files of the document groups: `search/d/<group>-<part>-<hash>.json`, `partSize`
/// documents each, `[[url, title, text], …]`. The group and part make the name unique; the hash
/// is the whole group's (eight hex digits of SHA-256 over its parts), so the entry and scope
/// files carry one hash per group, not one per part, and an edit renames its group's few parts.
struct DocumentParts {
    let sink: FileSink
    var files: [SearchIndex.File] = []
    /// Per group, the hash its parts are named with.
    var hashes: [String] = []

    init(sink: FileSink) { self.sink = sink }

    /// `places`: each document's place in the group; a place no document has is `null`.
    mutating func add<Documents: Collection<SearchDocument>>(group: Int, _ documents: Documents, places: ArraySlice<Int>, owner: Int,
                                                            scope: String?) throws {
        let size = (places.max() ?? 0) + 1
        // Each place's document as where it is in `documents`, not a copy (which retains its strings).
        var byPlace = [Documents.Index?](repeating: nil, count: size)
        for (doc, place) in zip(documents.indices, places) { byPlace[place] = doc }
        var parts: [(number: Int, json: [UInt8])] = []
        // A part no document has (a month's days without meetings) is not written: no query reads it.
        for start in stride(from: 0, to: size, by: SearchIndex.partSize)
        where byPlace[start..<min(start + SearchIndex.partSize, size)].contains(where: { $0 != nil }) {
            var json: [UInt8] = [UInt8(ascii: "[")]
            for place in start..<min(start + SearchIndex.partSize, size) {
                if json.count > 1 { json.append(UInt8(ascii: ",")) }
                guard let index = byPlace[place] else { json += Array("null".utf8); continue }
                let doc = documents[index]
                json.append(UInt8(ascii: "["))
                JSONText.append(doc.url, to: &json)
                json.append(UInt8(ascii: ","))
                JSONText.append(doc.title, to: &json)
                json.append(UInt8(ascii: ","))
                JSONText.append(doc.text, to: &json)
                json.append(UInt8(ascii: "]"))
            }
            json.append(UInt8(ascii: "]"))
            parts.append((start / SearchIndex.partSize, json))
        }
        let hash = SHA256Digest.hex(Array(parts.map(\.json).joined(separator: [0x0A])), digits: 8)
        for (part, json) in parts {
            files.append(try SearchIndex.File(path: SearchIndex.folder + "d/\(group)-\(part)-\(hash).json", data: Data(json), owner: owner,
                                              scope: scope, key: SearchIndex.folder + "d/\(group)-\(part)", sink: sink))
        }
        hashes.append(hash)
    }
}

/// The words of a run of documents: term ids in the run's own table, their positions, where
/// each document's words end, and each document's length in words.
struct RunWords {
    var table = TermTable(first: SearchText.stopWords)
    var terms: [Int32] = []
    var positions: [Int32] = []
    var ends: [Int] = []
    var lengths: [Int] = []
}

/// One term's postings as they are built: documents in increasing id order.
struct Postings {
    var bytes: [UInt8] = []
    var lastDoc = -1
    var lastPosition = -1

    /// `base`: the first id of the term's scope, which its first document counts from.
    mutating func add(doc: Int, length: Int, position: Int, base: Int = 0) {
        // A stem can repeat a word's part at the same place (a compound): once is enough.
        if doc == lastDoc, position <= lastPosition { return }
        if doc != lastDoc {
            if lastDoc >= 0 { bytes.append(VarintText.final[0]) }   // end of the previous document
            VarintText.append(doc - (lastDoc >= 0 ? lastDoc : base), to: &bytes)
            VarintText.append(Self.lengthBucket(length), to: &bytes)
            VarintText.append(position + 1, to: &bytes)
            lastDoc = doc
        } else {
            VarintText.append(position - lastPosition, to: &bytes)
        }
        lastPosition = position
    }

    /// A document's length as its postings carry it: exact below 8 words, then four steps per
    /// doubling (8, 10, 12, 14, 16, 20…), so that a word more or less in a stanza seldom
    /// rewrites the shards of all its words. Integers only: the same bytes on every machine.
    static func lengthBucket(_ length: Int) -> Int {
        guard length >= 8 else { return length }
        let e = Int.bitWidth - length.leadingZeroBitCount - 1   // 2^e <= length < 2^(e+1)
        return 8 + (e - 3) * 4 + ((length << 2) >> e) - 4
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
        // Most significant digit first, without an array of digits (postings are most of the index).
        var shift = 0
        while value >> (shift + 5) > 0 { shift += 5 }
        while shift > 0 {
            out.append(continued[(value >> shift) & 31])
            shift -= 5
        }
        out.append(final[value & 31])
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
