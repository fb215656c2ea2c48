import Foundation
import SitegenCore
import SitegenWords

/// The terms of a session's index and their postings, kept between builds and patched from the
/// documents whose text changed (`SearchIndexMemo`): each document's words are read once, and
/// again only when it changes; each term's postings are its documents' entries in id order, so a
/// changed document replaces its own entries; the term shards are cut again (by the sizes
/// kept) and only those holding a changed term are written out and hashed again.
///
/// Makes what `SearchIndex.build` makes, byte for byte: the same words, terms and stop words
/// (`Scopes.rules`, `Scopes.term`), the same entries (`Postings`), the same cuts.
struct MemoTerms: Sendable {
    /// What the mapping from a word to its terms depends on besides the word: the site's
    /// language, each scope's, the shared documents' languages. Another signature starts afresh.
    struct Signature: Equatable, Sendable {
        let language: String
        let scopes: [String]
        let languages: [String]
    }

    let signature: Signature

    static func signature(_ scopes: Scopes, language: String) -> Signature {
        Signature(language: language, scopes: scopes.list.map { $0.scope.id + " " + $0.scope.language },
                  languages: scopes.languages.map(\.tag))
    }

    init(signature: Signature) { self.signature = signature }

    /// Words as read from the documents, with their prefix (`Scopes.rules`), and the terms each
    /// is indexed by (-1: none): read once per session, not once per document.
    private var words = TermTable(first: SearchText.stopWords)
    private var wordTerms: [(term: Int32, alternate: Int32)] = []
    private static let stops = SearchText.stopWords.count

    /// Every term seen, and what the shards need of each.
    private var terms = TermTable()
    private var postings: [TermPostings] = []
    private var keys: [[UInt8]] = []
    private var termScope: [String?] = []
    private var facts: [TermFacts] = []
    /// The terms that have postings and are not stop words, in `SearchText.sortKey` order: the
    /// terms of the shards.
    private var sorted: [Int32] = []

    /// Each document's entry by its id, and the ids of the last build in order.
    private var documents: [Int: DocumentEntry] = [:]
    private var order: [Int] = []
    private var sources: [DocumentList.Place] = []
    private var bases: [String: Int] = [:]

    /// The terms whose postings changed in this build, and their encoded postings.
    private var touched: [Int32] = []
    private var encoded: [Int32: [UInt8]] = [:]

    /// The shards of the last build by their first term, and how many of them it made anew.
    private var shards: [Int32: ShardEntry] = [:]
    private(set) var shardCounts = (made: 0, all: 0)

    private struct TermFacts {
        var listed = false
        var touched = false
        /// The term's length and its postings' encoded length: its cost in a shard.
        var nameLength: Int
        var encodedLength = 0
        /// A plain form (`karlek$`), kept in its word's shard.
        let plain: Bool
        /// A content-defined place to cut a shard (`SearchIndex.fnv`).
        let cut: Bool
        let stop: Bool
    }

    private struct DocumentEntry {
        let text: String
        let scope: String?
        let language: String?
        let terms: [Int32]
    }

    private struct ShardEntry {
        let terms: [Int32]
        let owner: Int?
        let file: SearchIndex.File
        let hash: String
        /// Its key in the shard list, and the last term of the shard before it was worked out from.
        var separator: String? = nil
        var after: Int32 = -1
    }

    // MARK: - Documents

    /// The postings brought up to `layout`'s documents: a document new, changed or gone has its
    /// entries added, replaced or removed. `unchanged`: the chunks whose documents are the last
    /// build's (`SearchIndexMemo`), whose documents are not compared when each is where it was.
    /// Returns how many documents it read.
    mutating func update(_ layout: SearchLayout, _ scopes: Scopes, unchanged: [Bool]) -> Int {
        for t in touched { facts[Int(t)].touched = false }
        touched = []
        encoded = [:]
        let ids = layout.ids
        let sources = layout.documents.places
        let inPlace = order == ids && sources.elementsEqual(self.sources)
        if order != ids {
            let current = Set(ids)
            for (id, entry) in documents where !current.contains(id) {
                remove(id, entry)
                documents[id] = nil
            }
        }
        var reading = DocumentReading()
        var read = 0
        for (i, id) in ids.enumerated() {
            if inPlace && unchanged[Int(sources[i].chunk)] { continue }
            let doc = layout.documents[i]
            if let old = documents[id] {
                // The words of a document depend on its text and the rules of its scope or language.
                if old.text == doc.text, old.scope == doc.scope, old.language == doc.language { continue }
                remove(id, old)
            }
            documents[id] = self.read(doc, id: id, scopes, &reading)
            read += 1
        }
        (order, self.sources) = (ids, sources)
        if bases != layout.scopeBase {
            // A scope's postings count from its base: every term's first entry may change.
            bases = layout.scopeBase
            for t in sorted { touch(t) }
        }
        for t in touched { settle(t) }
        return read
    }

    private mutating func remove(_ id: Int, _ entry: DocumentEntry) {
        for t in entry.terms {
            postings[Int(t)].remove(doc: id)
            touch(t)
        }
    }

    private mutating func touch(_ t: Int32) {
        guard !facts[Int(t)].touched else { return }
        facts[Int(t)].touched = true
        touched.append(t)
    }

    /// Reads a document's words into each term's postings, as `SearchIndex.build` does.
    private mutating func read(_ doc: SearchDocument, id: Int, _ scopes: Scopes, _ reading: inout DocumentReading) -> DocumentEntry {
        let (language, prefix) = scopes.rules(of: doc)
        reading.start()
        var scoped = prefix
        let length = SearchText.forEachWordBytes(doc.text, language: language) { word, position in
            let w: Int
            if prefix.isEmpty {
                w = words.id(of: word)
            } else {
                scoped.removeSubrange(prefix.count...)
                scoped.append(contentsOf: word)
                w = words.id(of: scoped)
            }
            guard w >= Self.stops else { return }
            if w - Self.stops == wordTerms.count { wordTerms.append(mapped(words.bytes(w), scopes)) }
            let (term, alternate) = wordTerms[w - Self.stops]
            if term >= 0 { reading.add(term, position) }
            if alternate >= 0 { reading.add(alternate, position) }
        }
        let entries = reading.entries(length: length)
        for (term, body) in entries {
            postings[Int(term)].insert(doc: id, body)
            touch(term)
        }
        return DocumentEntry(text: doc.text, scope: doc.scope, language: doc.language, terms: entries.map(\.term))
    }

    /// The terms a word is indexed by (`Scopes.term`): its term and its plain form, -1 for none.
    private mutating func mapped(_ word: ArraySlice<UInt8>, _ scopes: Scopes) -> (term: Int32, alternate: Int32) {
        guard let mapped = scopes.term(word) else { return (-1, -1) }
        let term = termID(mapped.term)
        guard let plain = mapped.unmarked else { return (term, -1) }
        return (term, termID(plain))
    }

    private mutating func termID(_ bytes: [UInt8]) -> Int32 {
        let id = terms.id(of: bytes)
        if id == postings.count {
            let name = terms.term(id)
            postings.append(TermPostings())
            keys.append(SearchText.sortKey(name))
            termScope.append(Scopes.scope(ofTerm: name))
            facts.append(TermFacts(nameLength: bytes.count, plain: name.hasSuffix(SearchLanguage.unmarkedMark),
                                   cut: SearchIndex.fnv(bytes) % 5 == 0, stop: SearchText.stopSet.contains(name)))
        }
        return Int32(id)
    }

    /// A touched term in or out of the sorted list, and its postings encoded.
    private mutating func settle(_ t: Int32) {
        let i = Int(t)
        let has = !postings[i].isEmpty && !facts[i].stop
        if has != facts[i].listed {
            let place = sortedPlace(of: t)
            if has { sorted.insert(t, at: place) } else { sorted.remove(at: place) }
            facts[i].listed = has
        }
        guard has else { return }
        let bytes = encode(t)
        facts[i].encodedLength = bytes.count
        encoded[t] = bytes
    }

    /// Where `t` is or would be in `sorted`.
    private func sortedPlace(of t: Int32) -> Int {
        let key = keys[Int(t)]
        var (low, high) = (0, sorted.count)
        while low < high {
            let mid = (low + high) / 2
            if keys[Int(sorted[mid])].lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func encode(_ t: Int32) -> [UInt8] {
        let p = postings[Int(t)]
        let base = documents[p.firstDoc].flatMap { $0.scope }.flatMap { bases[$0] } ?? 0
        return p.encoded(base: base)
    }

    // MARK: - Shards

    /// The term shards, cut where `SearchIndex.build` cuts them; a shard with the terms of the
    /// last build's at its place, none of them changed, is handed back as it was.
    mutating func shardFiles(_ scopes: Scopes, sink: FileSink) throws
        -> (files: [SearchIndex.File], shards: [(first: String, hash: String, scope: String?)]) {
        var files: [SearchIndex.File] = []
        var list: [(first: String, hash: String, scope: String?)] = []
        var kept: [Int32: ShardEntry] = [:]
        var (start, size) = (0, 0)
        var currentScope: String? = nil
        var made = 0
        var previousLastTerm: Int32 = -1
        kept.reserveCapacity(shards.count + 16)
        func flush(_ end: Int) throws {
            guard end > start else { return }
            let members = sorted[start..<end]
            let owner = currentScope.flatMap { scopes.owner[$0] }
            var shard: ShardEntry
            if let known = shards[members[members.startIndex]], known.owner == owner, known.terms.elementsEqual(members),
               !members.contains(where: { facts[Int($0)].touched }) {
                shard = known
            } else {
                let first = terms.term(Int(members[members.startIndex]))
                let file = try SearchIndex.hashed("t/", shardJSON(members), owner: owner, scope: currentScope, terms: true,
                                                  key: "search/t/" + first, sink: sink)
                shard = ShardEntry(terms: Array(members), owner: owner, file: file.file, hash: file.hash)
                made += 1
            }
            // The key a browser finds the shard by depends on the last term of the shard before.
            if shard.separator == nil || shard.after != previousLastTerm {
                let previousLast = previousLastTerm < 0 ? nil : terms.term(Int(previousLastTerm))
                shard.separator = SearchIndex.separator(after: previousLast, first: terms.term(Int(members[members.startIndex])))
                shard.after = previousLastTerm
            }
            list.append((shard.separator!, shard.hash, currentScope))
            previousLastTerm = members[members.endIndex - 1]
            files.append(shard.file)
            kept[members[members.startIndex]] = shard
        }
        for (i, t) in sorted.enumerated() {
            let fact = facts[Int(t)]
            let cost = SearchIndex.shardCost(term: fact.nameLength, postings: fact.encodedLength)
            let scope = termScope[Int(t)]
            if i > start, SearchIndex.startsShard(size: size, cost: cost, scopeChanged: scope != currentScope,
                                                  plain: fact.plain, cut: fact.cut) {
                try flush(i)
                (start, size) = (i, 0)
            }
            currentScope = scope
            size += cost
        }
        try flush(sorted.count)
        shards = kept
        shardCounts = (made, list.count)
        return (files, list)
    }

    /// A shard's file, as `SearchIndex.build` writes it.
    private func shardJSON(_ members: ArraySlice<Int32>) -> Data {
        SearchIndex.shardJSON(members.lazy.map { (terms.term(Int($0)), encoded[$0] ?? encode($0)) })
    }
}

/// One term's postings as the memo keeps them: its documents in id order, and after each the
/// rest of its entry (`Postings`: the length bucket, the positions, the end mark), so that a
/// document's entry is replaced without touching the others. Encoded, each entry starts with
/// its document's distance from the one before (the first's from the scope's base).
struct TermPostings: Sendable {
    private var docs: [Int32] = []
    private var ends: [Int32] = []
    private var bodies: [UInt8] = []

    var isEmpty: Bool { docs.isEmpty }
    var firstDoc: Int { Int(docs[0]) }

    private func place(of doc: Int) -> Int {
        var (low, high) = (0, docs.count)
        while low < high {
            let mid = (low + high) / 2
            if Int(docs[mid]) < doc { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func insert(doc: Int, _ body: [UInt8]) {
        let i = place(of: doc)
        let start = i == 0 ? 0 : Int(ends[i - 1])
        bodies.insert(contentsOf: body, at: start)
        docs.insert(Int32(doc), at: i)
        ends.insert(Int32(start + body.count), at: i)
        for j in (i + 1)..<ends.count { ends[j] += Int32(body.count) }
    }

    mutating func remove(doc: Int) {
        let i = place(of: doc)
        guard i < docs.count, Int(docs[i]) == doc else { return }
        let start = i == 0 ? 0 : Int(ends[i - 1])
        let length = Int(ends[i]) - start
        bodies.removeSubrange(start..<start + length)
        docs.remove(at: i)
        ends.remove(at: i)
        for j in i..<ends.count { ends[j] -= Int32(length) }
    }

    func encoded(base: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bodies.count + docs.count * 2)
        var (previous, start) = (base, 0)
        for (doc, end) in zip(docs, ends) {
            VarintText.append(Int(doc) - previous, to: &out)
            out += bodies[start..<Int(end)]
            (previous, start) = (Int(doc), Int(end))
        }
        return out
    }
}

/// One document's words gathered by term: each term's positions, then its entry (`Postings`)
/// once the document's length is known. Reused from document to document.
struct DocumentReading {
    private var words: [(term: Int32, position: Int32)] = []

    mutating func start() { words.removeAll(keepingCapacity: true) }

    mutating func add(_ term: Int32, _ position: Int) { words.append((term, Int32(position))) }

    /// Each term's entry, in order of first sight: the length bucket, the first position + 1,
    /// the distance to each later one (a position repeated once), the end mark.
    func entries(length: Int) -> [(term: Int32, body: [UInt8])] {
        var slots: [Int32: Int] = [:]
        var entries: [(term: Int32, body: [UInt8])] = []
        var last: [Int] = []
        for (term, position) in words {
            let position = Int(position)
            if let slot = slots[term] {
                // A stem can repeat a word's part at the same place (a compound): once is enough.
                guard position > last[slot] else { continue }
                VarintText.append(position - last[slot], to: &entries[slot].body)
                last[slot] = position
            } else {
                slots[term] = entries.count
                var body: [UInt8] = []
                VarintText.append(Postings.lengthBucket(length), to: &body)
                VarintText.append(position + 1, to: &body)
                entries.append((term, body))
                last.append(position)
            }
        }
        for slot in entries.indices { entries[slot].body.append(VarintText.final[0]) }
        return entries
    }
}
