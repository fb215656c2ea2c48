import Foundation

/// The worker's list, partitioned so that a returning phone fetches what changed and little more
/// (docs/offline.md, "The list in parts"):
///
/// - the **root**, inlined in `sw.js` (which the browser checks for updates anyway): the groups
///   with their units and sizes, the offline page, and the name of every part, which ends in the
///   first 8 hex digits of the SHA-256 of the part's bytes (the name before them is unique, so
///   they only tell a part from its previous version);
/// - the **parts**, `sw-parts/<name>.<hash>.json`: each file's path below the site's base with the
///   SHA-256 of its bytes, for one bucket of the core (by the path's first folder: `hymns`,
///   `search`, `assets`…) or of a group (`bible-web`). A part of more than `bucketSize` files is
///   cut into buckets by a hash of each path (or of the file's `key`, what it is whatever its
///   content-hashed name), so a file stays in its bucket whatever else changes and an edit moves
///   the hash of the few buckets that hold the changed files.
struct OfflineList {
    struct Group {
        let name: String
        let unit: String
        /// The pages the progress counts ("412 of 1,189 chapters saved").
        let pages: [[String]]
        /// Saved with them: the group's search documents.
        let extra: [[String]]
        /// The bytes of the group's distinct files: what saving all of it costs the device.
        var bytes: Int
    }

    /// About how many files a part lists: a part costs some 40 bytes gzipped a file (its hash
    /// is incompressible), the root some 30 a part; 64 keeps both small for a one-hymn edit.
    static let bucketSize = 64
    /// The search index's files are named by their content and one edit changes several at
    /// random places (a hymn's part, the shards of its words, the entry): smaller buckets, so
    /// each moves a smaller part, for some 10 bytes more of the root per bucket.
    static let searchBucketSize = 16
    static let folder = "sw-parts/"

    let offline: String?
    /// A listed path → the key its bucket is chosen by, when not the path.
    var keys: [String: String] = [:]
    let core: [[String]]
    var groups: [Group]

    /// The root's JSON (for `sw.js`) and the parts' files. `memo` (a session's) hands back the
    /// keys' bucket hashes, `queries` the parts whose entries are as they were.
    func files(memo: OfflineListMemo = OfflineListMemo(), queries: QueryEngine = QueryEngine()) -> (root: String, parts: [OutputFile]) {
        let layout = self.layout(memo: memo, queries: queries)
        return (root(names: layout.parts.map(\.name)), layout.parts.map(\.file))
    }

    /// The parts, and where each entry is in them (what `OfflineListMemo` patches after an edit).
    /// Entries are numbered as they are listed: the core's, then each group's pages and extra.
    func layout(memo: OfflineListMemo, queries: QueryEngine) -> OfflineLayout {
        let key = { (entry: [String]) in keys[entry[0]] ?? entry[0] }
        let entries = core + groups.flatMap { $0.pages + $0.extra }
        let hashes = memo.bucketHashes(of: entries.map(key))
        let hash = { (entry: [String]) in hashes[key(entry)]! }
        var layout = OfflineLayout(slots: Array(repeating: OfflineLayout.Slot(part: 0, role: "", position: 0), count: entries.count))
        for (label, numbers) in Self.byFolder(core) {
            Self.buckets(label: "core-" + label, numbers.map { (core[$0], "files", $0) }, hash: hash, queries: queries,
                         size: label == "search" ? Self.searchBucketSize : Self.bucketSize, into: &layout)
        }
        let ranges = Self.groupRanges(core: core.count, groups: groups.map { ($0.pages.count, $0.extra.count) })
        for (group, range) in zip(groups, ranges) {
            let first = range.lowerBound
            let tagged = group.pages.enumerated().map { ($1, "pages", first + $0) }
                + group.extra.enumerated().map { ($1, "extra", first + group.pages.count + $0) }
            Self.buckets(label: "group-" + Self.label(group.name), tagged, hash: hash, queries: queries, group: group.name, into: &layout)
        }
        return layout
    }

    /// Where each group's entries are among the list's, which are numbered as they are listed:
    /// the `core` entries, then each group's pages and extra. (`OfflineSorting` numbers the
    /// input's files by the same rule, and `OfflineListState` patches entries by these numbers.)
    static func groupRanges(core: Int, groups: [(pages: Int, extra: Int)]) -> [Range<Int>] {
        var start = core
        return groups.map { group in
            defer { start += group.pages + group.extra }
            return start..<start + group.pages + group.extra
        }
    }

    /// The root's JSON, given the parts' names in order.
    func root(names: [String]) -> String {
        var root = "{\"groups\":[" + groups.map { group in
            "{\"bytes\":\(group.bytes),\"name\":\(JSONText.quoted(group.name)),\"unit\":\(JSONText.quoted(group.unit))}"
        }.joined(separator: ",") + "]"
        if let offline { root += ",\"offline\":" + JSONText.quoted(offline) }
        root += ",\"parts\":[" + names.map(JSONText.quoted).joined(separator: ",") + "]}"
        return root
    }

    /// The numbers of the core's entries by the first folder of their path (`hymns/12/` →
    /// `hymns`); files at the top (the home page, the web-app manifest) are `site`. In the order first met.
    static func byFolder(_ entries: [[String]]) -> [(String, [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (number, entry) in entries.enumerated() {
            let label = folderLabel(entry[0])
            if members[label] == nil { order.append(label) }
            members[label, default: []].append(number)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// The core part a listed path goes to: its first folder, or `site`.
    static func folderLabel(_ path: String) -> String {
        path.firstIndex(of: "/").map { Self.label(String(path[..<$0])) } ?? "site"
    }

    /// What one part's bytes are made from: its entries by role and, for a group's part, the
    /// group's name (which its JSON carries).
    struct PartInput: Sendable, Hashable {
        var roles: [String: [[String]]]
        let group: String?
    }

    /// The entries of one label cut into buckets, each a part named by its content, added to
    /// `layout` with where each entry (by its number) went. `hash` is an entry's bucket hash;
    /// `queries` keeps each part's file while its entries are the same.
    static func buckets(label: String, _ entries: [(entry: [String], role: String, number: Int)], hash: ([String]) -> UInt32,
                        queries: QueryEngine, size: Int = bucketSize, group: String? = nil,
                        into layout: inout OfflineLayout) {
        var count = 1
        while count * size < entries.count { count *= 2 }
        var buckets = Array(repeating: [String: [[String]]](), count: count)
        var slots = Array(repeating: [(number: Int, role: String, position: Int)](), count: count)
        for (entry, role, number) in entries {
            let bucket = count == 1 ? 0 : Int(hash(entry)) & (count - 1)
            slots[bucket].append((number, role, buckets[bucket][role]?.count ?? 0))
            buckets[bucket][role, default: []].append(entry)
        }
        for (index, roles) in buckets.enumerated() where !roles.isEmpty {
            let name = label + (count == 1 ? "" : "-\(index)")
            let input = PartInput(roles: roles, group: group)
            let file = queries.value(OfflinePart(name: name, input: input))
            for slot in slots[index] { layout.slots[slot.number] = .init(part: layout.parts.count, role: slot.role, position: slot.position) }
            layout.parts.append(.init(label: name, input: input, file: file))
        }
    }

    /// A part's file: its JSON (a core part's `files`, or a group's `pages` and `extra` with the
    /// group's name), named by its label and the first 8 hex digits of its SHA-256.
    static func partFile(_ label: String, _ input: PartInput) -> OutputFile {
        let roles = input.roles
        let body = input.group.map { group in
            "{\"extra\":" + json(roles["extra"] ?? []) + ",\"group\":" + JSONText.quoted(group)
                + ",\"pages\":" + json(roles["pages"] ?? []) + "}"
        } ?? "{\"files\":" + json(roles["files"] ?? []) + "}"
        let data = Data(body.utf8)
        return OutputFile(path: folder + label + "." + SnapshotJSON.sha256(data).prefix(8) + ".json", data: data)
    }

    /// Which bucket a path (or key) goes to: the low bits of this, the last 32 bits of the
    /// SHA-256 of its bytes, the same on every machine and in every build.
    static func bucketHash(of key: String) -> UInt32 {
        UInt32(SnapshotJSON.sha256(Data(key.utf8)).suffix(8), radix: 16)!
    }

    /// A name made safe for a file name: lower-case letters, digits and `-`; anything else `_`.
    static func label(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" ? scalar : "_"
        }))
    }

    /// Entries as JSON, written by hand: the parts are made again after every edit in `sitegen
    /// serve`, and `JSONEncoder` took most of such a rebuild's time on the list's entries.
    static func json(_ list: [[String]]) -> String {
        "[" + list.map { "[" + $0.map(JSONText.quoted).joined(separator: ",") + "]" }.joined(separator: ",") + "]"
    }
}

/// One part of the offline list, made from its entries.
struct OfflinePart: QueryKey {
    typealias Value = OutputFile
    let name: String
    let input: OfflineList.PartInput

    func compute(_ queries: Queries) -> OutputFile { OfflineList.partFile(name, input) }

    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
