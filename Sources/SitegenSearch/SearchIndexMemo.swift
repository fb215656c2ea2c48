import Foundation
import Synchronization
import SitegenCore
import SitegenWords

/// What the search index remembers between the builds of one session (`sitegen serve`), so an
/// edit costs what it changes: each document's words and the postings of every term, patched
/// from the documents whose text changed (`MemoTerms`); each term shard's file with the terms
/// it was made from; each document group's files with the documents they hold. A document's id
/// comes from what it is (`SearchLayout`), so an edit of one hymn or chapter re-reads that
/// group's documents, and remakes the shards of their words and the small files listing them.
///
/// Never changes what is made: `BuildSessionTests` compares a session's output after every kind
/// of edit with a full build's. The first build of a session makes the index whole
/// (`SearchIndex.build`, on all cores, as `sitegen build` does, which makes only one); the
/// memo is filled by the second, the first edit's.
public final class SearchIndexMemo: Sendable {
    private let terms = Mutex<MemoTerms?>(nil)
    private let groups = Mutex<GroupFiles>(GroupFiles())
    private let madeOnce = Mutex(false)
    private let counts = Mutex(Counts())
    /// Each chunk's documents as the last build had them (`DocumentList.Chunks`), kept so that
    /// an array with the same storage is known to be the same documents (a kind not read again
    /// hands its contribution back as it was, the Bible every book but the edited one's), and
    /// which of them this build has as they were.
    private let chunks = Mutex<(last: [[SearchDocument]], unchanged: [Bool])>(([], []))
    /// Each chunk's document groups as the last build's layout had them (`SearchLayout`).
    private let runs = Mutex<[ChunkRuns]>([])

    public init() {}

    /// What the last build read and made anew; the rest it handed back as it was.
    public struct Counts: Sendable, Equatable {
        /// Documents whose words were read (new or changed).
        public var documentsRead = 0
        public var shardsMade = 0
        public var shards = 0
        public var groupsMade = 0
        public var groups = 0
        /// Documents of kept groups compared one by one with this build's (those of a chunk not
        /// handed back as it was).
        public var documentsCompared = 0
        /// Chunks whose document groups were worked out from their documents (new or changed).
        public var chunksLaidOut = 0
    }

    public var lastCounts: Counts { counts.withLock { $0 } }

    /// Whether an index was made before in this session: the first is made whole, without the memo.
    func firstUse() -> Bool {
        madeOnce.withLock { made in
            defer { made = true }
            return !made
        }
    }

    /// Which chunks (`DocumentList.Chunks`' order) have the very documents of the last build's
    /// chunk at their place (the same storage, kept alive here, so never another array's);
    /// comparing them document by document would cost more than the edit.
    func notice(_ given: [SearchContribution]) -> [Bool] {
        let now = DocumentList.Chunks(given).documents
        return chunks.withLock { kept in
            let unchanged = now.indices.map { c in
                c < kept.last.count && now[c].withUnsafeBufferPointer { now in
                    kept.last[c].withUnsafeBufferPointer { $0.baseAddress == now.baseAddress && $0.count == now.count }
                }
            }
            kept = (now, unchanged)
            return unchanged
        }
    }

    /// The layout of `given`, with the document groups of each chunk that is the last build's
    /// (`unchanged`, from `notice`) as that build had them: an edit of a hymn or of one book's
    /// verse does not compare the other books' documents' group keys again.
    func layout(_ given: [SearchContribution], unchanged: [Bool], groupSize: Int) -> SearchLayout {
        let known = runs.withLock { kept in unchanged.indices.map { unchanged[$0] && $0 < kept.count ? kept[$0] : nil } }
        let layout = SearchLayout(given, groupSize: groupSize, known: known)
        runs.withLock { $0 = layout.chunkRuns }
        // A build's counts start here.
        counts.withLock { $0 = Counts(chunksLaidOut: known.filter { $0 == nil }.count) }
        return layout
    }

    /// The term shards of the documents laid out in `layout`, from those of the last build and
    /// the documents that changed since (all of them the first time).
    func termShards(_ layout: SearchLayout, _ scopes: Scopes, language: String, unchanged: [Bool],
                    sink: FileSink) throws -> (files: [SearchIndex.File], shards: [(first: String, hash: String, scope: String?)]) {
        groups.withLock { $0.forgetUnused() }
        let (made, read, shardCounts) = try terms.withLock { memo in
            let signature = MemoTerms.signature(scopes, language: language)
            if memo?.signature != signature { memo = MemoTerms(signature: signature) }
            let read = memo!.update(layout, scopes, unchanged: unchanged)
            let made = try memo!.shardFiles(scopes, sink: sink)
            return (made, read, memo!.shardCounts)
        }
        counts.withLock { ($0.documentsRead, $0.shardsMade, $0.shards) = (read, shardCounts.made, shardCounts.all) }
        return made
    }

    /// A group's files as the last build made them when its documents, places and owner are the
    /// same (the same documents of an unchanged chunk, or equal ones), else made now (and kept).
    func addGroup(_ id: Int, _ documents: Slice<DocumentList>, places: ArraySlice<Int>, owner: Int,
                  to parts: inout DocumentParts) throws {
        let sources = documents.base.places[documents.startIndex..<documents.endIndex]
        // A group is of one chunk (`SearchLayout`).
        let chunk = sources.first.map { Int($0.chunk) } ?? -1
        let unchanged = chunks.withLock { $0.unchanged.indices.contains(chunk) && $0.unchanged[chunk] }
        if let known = groups.withLock({ $0.use(id) }), known.owner == owner, known.places.elementsEqual(places),
           unchanged && known.sources.elementsEqual(sources) || compare(known.documents, documents) {
            parts.files += known.files
            parts.hashes.append(known.hash)
            counts.withLock { $0.groups += 1 }
            return
        }
        var made = DocumentParts(sink: parts.sink)
        try made.add(group: id, documents, places: places, owner: owner, scope: documents.first?.scope)
        parts.files += made.files
        parts.hashes += made.hashes
        let entry = GroupFiles.Entry(documents: Array(documents), sources: Array(sources), places: Array(places), owner: owner,
                                     files: made.files, hash: made.hashes[0])
        groups.withLock { $0.keep(id, entry) }
        counts.withLock { $0.groups += 1; $0.groupsMade += 1 }
    }

    private func compare(_ known: [SearchDocument], _ documents: Slice<DocumentList>) -> Bool {
        counts.withLock { $0.documentsCompared += documents.count }
        return known.elementsEqual(documents)
    }
}

extension SearchIndex {
    /// The index of a session's build (`sitegen serve`): the first made whole, as `build`
    /// makes it; each later one from what `memo` kept of the last and the documents that
    /// changed since. The same bytes as `build`'s either way.
    public static func build(_ contributions: [SearchContribution], jobs: Int = 2, language: String = "", memo: SearchIndexMemo,
                             sink: FileSink = .keep) throws -> SearchIndex {
        guard !memo.firstUse() else { return try build(contributions, jobs: jobs, language: language, sink: sink) }
        let unchanged = memo.notice(contributions)
        let layout = memo.layout(contributions, unchanged: unchanged, groupSize: groupSize)
        let scopes = Scopes(contributions, siteLanguage: language)
        let (files, shards) = try memo.termShards(layout, scopes, language: language, unchanged: unchanged, sink: sink)
        return try finish(contributions, layout: layout, scopes: scopes, shards: shards, files: files, memo: memo, sink: sink)
    }
}

/// Each document group's files by its number, with what they were made from; only the groups
/// the last build asked for are kept (a removed hymn's is forgotten).
struct GroupFiles: Sendable {
    struct Entry: Sendable {
        let documents: [SearchDocument]
        /// Where each document was in its chunk.
        let sources: [DocumentList.Place]
        let places: [Int]
        let owner: Int
        let files: [SearchIndex.File]
        let hash: String
    }

    private var entries: [Int: Entry] = [:]
    private var used = Set<Int>()

    mutating func use(_ id: Int) -> Entry? {
        used.insert(id)
        return entries[id]
    }

    mutating func keep(_ id: Int, _ entry: Entry) { entries[id] = entry }

    mutating func forgetUnused() {
        entries = entries.filter { used.contains($0.key) }
        // Every group is asked for again next build: kept at its size, not grown from empty.
        used.removeAll(keepingCapacity: true)
    }
}
