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
        let bytes: Int
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
    let groups: [Group]

    /// The root's JSON (for `sw.js`) and the parts' files. `memo` (a session's) hands back the
    /// parts whose entries are as they were and the keys' bucket hashes.
    func files(memo: OfflineListMemo = OfflineListMemo()) -> (root: String, parts: [OutputFile]) {
        let key = { (entry: [String]) in keys[entry[0]] ?? entry[0] }
        let hashes = memo.bucketHashes(of: (core + groups.flatMap { $0.pages + $0.extra }).map(key))
        let hash = { (entry: [String]) in hashes[key(entry)]! }
        var parts: [OutputFile] = []
        for (label, entries) in Self.byFolder(core) {
            parts += Self.buckets(label: "core-" + label, entries.map { ($0, "files") }, hash: hash, memo: memo.parts,
                                  size: label == "search" ? Self.searchBucketSize : Self.bucketSize) { "{\"files\":" + Self.json($0["files"] ?? []) + "}" }
        }
        for group in groups {
            let tagged = group.pages.map { ($0, "pages") } + group.extra.map { ($0, "extra") }
            parts += Self.buckets(label: "group-" + Self.label(group.name), tagged, hash: hash, memo: memo.parts, group: group.name) { roles in
                "{\"extra\":" + Self.json(roles["extra"] ?? []) + ",\"group\":" + JSONText.quoted(group.name)
                    + ",\"pages\":" + Self.json(roles["pages"] ?? []) + "}"
            }
        }
        let names = parts.map { String($0.path.dropFirst(Self.folder.count).dropLast(".json".count)) }
        var root = "{\"groups\":[" + groups.map { group in
            "{\"bytes\":\(group.bytes),\"name\":\(JSONText.quoted(group.name)),\"unit\":\(JSONText.quoted(group.unit))}"
        }.joined(separator: ",") + "]"
        if let offline { root += ",\"offline\":" + JSONText.quoted(offline) }
        root += ",\"parts\":[" + names.map(JSONText.quoted).joined(separator: ",") + "]}"
        return (root, parts)
    }

    /// The core's entries by the first folder of their path (`hymns/12/` → `hymns`); files at the
    /// top (the home page, the web-app manifest) are `site`. In the order first met.
    static func byFolder(_ entries: [[String]]) -> [(String, [[String]])] {
        var order: [String] = []
        var members: [String: [[String]]] = [:]
        for entry in entries {
            let path = entry[0]
            let label = path.firstIndex(of: "/").map { Self.label(String(path[..<$0])) } ?? "site"
            if members[label] == nil { order.append(label) }
            members[label, default: []].append(entry)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// What one part's bytes are made from: its entries by role and, for a group's part, the
    /// group's name (which its JSON carries).
    struct PartInput: Sendable, Equatable {
        let roles: [String: [[String]]]
        let group: String?
    }

    /// The entries of one label cut into buckets, each a part named by its content. `body` makes
    /// a part's JSON from its entries by role (`files`, or a group's `pages` and `extra`); `hash`
    /// is an entry's bucket hash; `memo` keeps each part's file while its entries are the same.
    static func buckets(label: String, _ entries: [([String], String)], hash: ([String]) -> UInt32,
                        memo: KeyedMemo<PartInput, OutputFile>, size: Int = bucketSize, group: String? = nil,
                        body: ([String: [[String]]]) -> String) -> [OutputFile] {
        var count = 1
        while count * size < entries.count { count *= 2 }
        var buckets = Array(repeating: [String: [[String]]](), count: count)
        for (entry, role) in entries { buckets[count == 1 ? 0 : Int(hash(entry)) & (count - 1)][role, default: []].append(entry) }
        return buckets.enumerated().compactMap { index, roles in
            guard !roles.isEmpty else { return nil }
            let part = label + (count == 1 ? "" : "-\(index)")
            return memo.value(part, input: PartInput(roles: roles, group: group)) {
                let data = Data(body(roles).utf8)
                return OutputFile(path: folder + part + "." + SnapshotJSON.sha256(data).prefix(8) + ".json", data: data)
            }
        }
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
