import SitegenCore

/// Where each document of the index goes: its group's number and its place in the group, so its
/// id (`group × groupSize + place`), all from what they are where the kinds say so.
///
/// The groups of one contribution and scope (a space: the hymns, one translation's chapters)
/// are numbered by their `groupSlot` from the space's base; a space's size is a power of two
/// above its largest slot, and the bases follow in the contributions' order. So a hymn, a month
/// or a chapter added leaves every other group's number as it was, and a space moves only when
/// one before it outgrows its power of two (the hymnal passing 1,024 hymns). A space with a
/// group without a slot, or a slot given twice, numbers its groups by position. Documents come
/// out in id order, the order the postings need.
struct SearchLayout {
    /// The documents in id order, read where the contributions hold them.
    let documents: DocumentList
    /// The contribution each document came from.
    let owners: [Int]
    /// The first document of each group, in id order.
    let groupStarts: [Int]
    let groupIDs: [Int]
    /// Each document's place in its group and id.
    let places: [Int]
    let ids: [Int]
    /// The first id of each scope's space: its terms' postings count from there, so a
    /// translation's words do not each carry the large number of its place in the index.
    let scopeBase: [String: Int]

    /// Each chunk's groups and places (`DocumentList.chunks`' order), which `SearchIndexMemo`
    /// keeps for the next build.
    let chunkRuns: [ChunkRuns]

    /// `known`: a chunk's groups as the last build had them, where its documents are the same
    /// (nil: read from its documents).
    init(_ contributions: [SearchContribution], groupSize: Int, known: [ChunkRuns?] = []) {
        let chunks = DocumentList.Chunks(contributions)
        let count = chunks.documents.reduce(0) { $0 + $1.count }
        var allPlaces: [DocumentList.Place] = []
        var allOwners: [Int] = []
        allPlaces.reserveCapacity(count)
        allOwners.reserveCapacity(count)
        for (c, chunk) in chunks.documents.enumerated() {
            allPlaces += chunk.indices.lazy.map { DocumentList.Place(chunk: Int32(c), index: Int32($0)) }
            allOwners += repeatElement(chunks.owners[c], count: chunk.count)
        }
        let all = DocumentList(chunks.documents, places: allPlaces)
        // A group never spans two chunks, so each chunk's groups are its own.
        let perChunk = chunks.documents.indices.map { c in
            (c < known.count ? known[c] : nil) ?? ChunkRuns(chunks.documents[c], groupSize: groupSize)
        }
        var runs: [Range<Int>] = []
        var place: [Int] = []
        place.reserveCapacity(all.count)
        var offset = 0
        for (c, chunkRuns) in perChunk.enumerated() {
            runs += chunkRuns.runs.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
            place += chunkRuns.places
            offset += chunks.documents[c].count
        }
        chunkRuns = perChunk

        // Spaces, in order of first appearance, and each group's number in its space.
        struct Space: Hashable { let owner: Int; let scope: String? }
        var spaces: [Space] = []
        var groupsOf: [Space: [Int]] = [:]
        for (g, run) in runs.enumerated() {
            let space = Space(owner: allOwners[run.lowerBound], scope: all[run.lowerBound].scope)
            if groupsOf[space] == nil { spaces.append(space) }
            groupsOf[space, default: []].append(g)
        }
        var groupID = [Int](repeating: 0, count: runs.count)
        var base = 0
        var scopeBase: [String: Int] = [:]
        for space in spaces {
            if let scope = space.scope, scopeBase[scope] == nil { scopeBase[scope] = base * groupSize }
            let groups = groupsOf[space]!
            var seen = Set<Int>()
            let stable = groups.allSatisfy { all[runs[$0].lowerBound].groupSlot.map { $0 >= 0 && seen.insert($0).inserted } ?? false }
            let slots = stable ? groups.map { all[runs[$0].lowerBound].groupSlot! } : Array(groups.indices)
            for (g, slot) in zip(groups, slots) { groupID[g] = base + slot }
            var size = 1
            while size <= slots.max() ?? 0 { size *= 2 }
            base += size
        }

        // Everything in id order.
        let groupOrder = runs.indices.sorted { groupID[$0] < groupID[$1] }
        var order: [Int] = []
        var starts: [Int] = []
        for g in groupOrder {
            starts.append(order.count)
            order += runs[g].sorted { place[$0] < place[$1] }
        }
        documents = DocumentList(chunks.documents, places: order.map { all.places[$0] })
        owners = order.map { allOwners[$0] }
        places = order.map { place[$0] }
        groupStarts = starts
        groupIDs = groupOrder.map { groupID[$0] }
        var ids: [Int] = []
        ids.reserveCapacity(order.count)
        for (g, s) in starts.enumerated() {
            let end = g + 1 < starts.count ? starts[g + 1] : order.count
            for i in s..<end { ids.append(groupIDs[g] * groupSize + places[i]) }
        }
        self.ids = ids
        self.scopeBase = scopeBase
    }
}

/// One chunk's document groups: runs of documents with the same group key and scope, at most
/// `groupSize` each, and each document's place in its group. They depend on the chunk's
/// documents alone, so a session keeps those of a chunk handed back as it was.
struct ChunkRuns: Sendable {
    /// Each group's documents, as indices in the chunk.
    let runs: [Range<Int>]
    let places: [Int]

    init(_ documents: [SearchDocument], groupSize: Int) {
        var runs: [Range<Int>] = []
        var start = 0
        for i in documents.indices.dropFirst()
        where documents[i].group != documents[i - 1].group || documents[i].scope != documents[i - 1].scope || i - start >= groupSize {
            runs.append(start..<i)
            start = i
        }
        if !documents.isEmpty { runs.append(start..<documents.count) }
        // A document's place in its group is its `slot` (what it is: a verse's number), else its
        // position; a group with a slot out of range or given twice falls back to positions.
        var places = [Int](repeating: 0, count: documents.count)
        for run in runs {
            var seen = Set<Int>()
            let slotted = run.allSatisfy { documents[$0].slot.map { $0 >= 0 && $0 < groupSize && seen.insert($0).inserted } ?? false }
            for i in run { places[i] = slotted ? documents[i].slot! : i - run.lowerBound }
        }
        (self.runs, self.places) = (runs, places)
    }
}

/// Documents of the contributions in an order of their own, each read where its chunk holds
/// it: not a copy of them all (a Bible's verses are most of the search's memory).
struct DocumentList: RandomAccessCollection {
    struct Place: Equatable {
        /// The chunk, counted over every contribution's chunks in order (`Chunks`).
        let chunk: Int32
        let index: Int32
    }

    /// Every contribution's chunks in order, and the contribution each is of.
    struct Chunks {
        let documents: [[SearchDocument]]
        let owners: [Int]

        init(_ contributions: [SearchContribution]) {
            documents = contributions.flatMap(\.chunks)
            owners = contributions.indices.flatMap { repeatElement($0, count: contributions[$0].chunks.count) }
        }
    }

    let chunks: [[SearchDocument]]
    let places: [Place]

    init(_ chunks: [[SearchDocument]], places: [Place]) {
        (self.chunks, self.places) = (chunks, places)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { places.count }

    subscript(position: Int) -> SearchDocument {
        // Lent, not copied: a copy would retain each of the document's strings.
        _read {
            let place = places[position]
            yield chunks[Int(place.chunk)][Int(place.index)]
        }
    }
}
