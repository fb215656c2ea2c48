import Foundation
import SitegenCore

/// The parts of the offline list, and where each entry is in them, so an edit can put an
/// entry's new hash in place and make again only the parts that list it.
struct OfflineLayout: Sendable {
    struct Slot: Sendable {
        let part: Int
        /// `files` (a core part), `pages` or `extra` (a group's).
        let role: String
        let position: Int
    }

    struct Part: Sendable {
        /// `core-hymns-3`: the name before its hash.
        let label: String
        var input: OfflineList.PartInput
        var file: OutputFile

        /// The name the root lists: the label and the hash (`core-hymns-3.1a2b3c4d`).
        var name: String { String(file.path.dropFirst(OfflineList.folder.count).dropLast(".json".count)) }
    }

    var parts: [Part] = []
    /// By entry number (the list's core, then each group's pages and extra).
    var slots: [Slot]
}

/// The last offline list a session made, with what it was made from: what an edit that changes
/// only bytes (a hymn's text, a verse, the stylesheet; not which files are listed) patches, in
/// the time of the changed files rather than of the 7,000 listed ones (docs/offline.md).
struct OfflineListState: Sendable {
    var input: OfflineFeature.Input
    var manifest: OutputFile
    /// The root's values (the groups' sizes); its entries are in `layout`'s parts.
    var list: OfflineList
    /// The listed files by entry number, and the SHA-256 of each.
    var files: [OutputFile]
    var sha256: [String]
    /// The entry number of each of the input's files: its pages, assets, then listed files.
    let numbers: [Int]
    /// Each group's entry numbers.
    let groupEntries: [Range<Int>]
    var layout: OfflineLayout
    /// The entry number of the worker's code (its hash names the script `sw.js` imports).
    let workerCode: Int

    /// Brought up to `input` when it lists the same files in the same places as this list's
    /// input and only bytes (and a content-named file's name) changed: only the changed files
    /// are hashed, and only the parts listing them made again (how many it returns). Nil, and
    /// nothing changed, when the list must be made again.
    mutating func patch(_ input: OfflineFeature.Input, manifest: OutputFile) -> Int? {
        guard let changes = changes(to: input, manifest: manifest) else { return nil }
        self.input = input
        self.manifest = manifest
        var parts = Set<Int>()
        var groups = Set<Int>()
        for (number, file) in changes {
            files[number] = file
            let entry = [OfflineFeature.listedPath(file.path), file.staged?.sha256 ?? SnapshotJSON.sha256(file.data)]
            let slot = layout.slots[number]
            guard layout.parts[slot.part].input.roles[slot.role]![slot.position] != entry else { continue }
            sha256[number] = entry[1]
            layout.parts[slot.part].input.roles[slot.role]![slot.position] = entry
            parts.insert(slot.part)
            if let group = groupEntries.firstIndex(where: { $0.contains(number) }) { groups.insert(group) }
        }
        for index in parts {
            layout.parts[index].file = OfflineList.partFile(layout.parts[index].label, layout.parts[index].input)
        }
        for group in groups {
            // What saving the group costs, as the list made whole counts it.
            list.groups[group].bytes = OfflineSorting.Group.bytes(of: files[groupEntries[group]])
        }
        return parts.count
    }

    /// The files of `input` that differ from the last input's, by entry number; nil when a file
    /// was added, removed or moved to another place in the list. Element by element, without
    /// copying the 7,000 (a copy of each would cost more than the edit).
    private func changes(to input: OfflineFeature.Input, manifest: OutputFile) -> [(Int, OutputFile)]? {
        let old = self.input
        guard input.hasOfflinePage == old.hasOfflinePage, input.pages.count == old.pages.count,
              input.assets.count == old.assets.count, input.listed.count == old.listed.count,
              input.groups == old.groups else { return nil }
        var changes: [(Int, OutputFile)] = manifest == self.manifest ? [] : [(0, manifest)]
        var element = 0
        for (was, now) in [(old.pages, input.pages), (old.assets, input.assets)] {
            for i in was.indices {
                defer { element += 1 }
                guard was[i] != now[i] else { continue }
                guard was[i].path == now[i].path else { return nil }
                changes.append((numbers[element], now[i]))
            }
        }
        for (was, now) in zip(old.listed, input.listed) {
            let (wasFiles, nowFiles) = (was.value.files, now.value.files)
            guard wasFiles.count == nowFiles.count else { return nil }
            for i in wasFiles.indices {
                defer { element += 1 }
                guard wasFiles[i] != nowFiles[i] else { continue }
                let (a, b) = (wasFiles[i], nowFiles[i])
                guard a.documentsOf == b.documentsOf, a.scope == b.scope, a.key == b.key,
                      a.file.path == b.file.path || a.key != nil && Self.sameCorePart(a.file.path, b.file.path) else { return nil }
                changes.append((numbers[element], b.file))
            }
        }
        return changes
    }

    /// Whether a content-named file (a search shard, bucketed by its key) stays in the same core
    /// part under its new name: the part is chosen by the first folder of its path.
    private static func sameCorePart(_ was: String, _ now: String) -> Bool {
        OfflineList.folderLabel(OfflineFeature.listedPath(was)) == OfflineList.folderLabel(OfflineFeature.listedPath(now))
    }
}
