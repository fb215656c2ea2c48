import Foundation
import Testing

/// Chooses the next edit of a sequence: a kind of source at random, then what to do to one of its
/// files (change 35 %, break 12 %, add 13 %, delete 10 %, rename 10 %, a same-size save by rename
/// 12 %, an unchanged save 8 %), and, while the sources are broken, mostly the mend: the broken
/// files put back as they were at the last good build.
struct OracleGenerator {
    var random: OracleRandom

    /// An edit of files other than `avoiding` (the broken ones, kept for the mend).
    mutating func edit(_ site: TestSite, avoiding: Set<String>) throws -> OracleEdit {
        for _ in 0..<50 {
            let kind = random.pick(SourceKind.all)
            if let edit = try edit(of: kind, site), edit.paths.isDisjoint(with: avoiding) { return edit }
        }
        // Every kind's files are broken: save one of the others unchanged.
        let path = try #require(site.listed("Content").first { !avoiding.contains($0) })
        return OracleEdit(label: "unchanged save", operations: [.touch(path)])
    }

    private mutating func edit(of kind: SourceKind, _ site: TestSite) throws -> OracleEdit? {
        let files = kind.files(site)
        let roll = random.number(0...99)
        if files.isEmpty || (47..<60).contains(roll) { return try kind.add(&random, site) }
        let path = random.pick(files)
        let text = try site.read(path)
        switch roll {
        case 0..<35:
            return transformed(text, by: kind.changes, path, "\(kind.name) changed")
        case 35..<47:
            return transformed(text, by: kind.breaks, path, "\(kind.name) broken")
        case 60..<70:
            let operations = try kind.delete?(&random, site, path) ?? [.delete(path)]
            return OracleEdit(label: "\(kind.name) deleted", operations: operations)
        case 70..<80:
            return OracleEdit(label: "\(kind.name) renamed", operations: [.move(path, to: renamed(path, site))])
        case 80..<92:
            guard let changed = text.withOneLetterChanged(&random) else { return nil }
            return OracleEdit(label: "\(kind.name) saved by rename (same size, same time)",
                              operations: [.saveKeepingSizeAndTime(path, changed)])
        default:
            return OracleEdit(label: "\(kind.name) saved unchanged", operations: [.touch(path)])
        }
    }

    private mutating func transformed(_ text: String, by transforms: [SourceKind.Transform],
                                      _ path: String, _ label: String) -> OracleEdit? {
        guard !transforms.isEmpty, let new = random.pick(transforms)(&random, text), new != text else { return nil }
        return OracleEdit(label: label, operations: [.write(path, new)])
    }

    /// `Content/pages/about.md` → `Content/pages/about-m17.md` (a name not taken).
    private mutating func renamed(_ path: String, _ site: TestSite) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let dot = name.firstIndex(of: ".") ?? name.endIndex
        while true {
            let candidate = folder + "/" + name[..<dot] + "-m\(random.number(1...99))" + name[dot...]
            if !site.exists(candidate) { return candidate }
        }
    }

    /// Puts `paths` back as they were in `good` (written again, or deleted if they were not there).
    static func mend(_ paths: Set<String>, to good: [String: Data], _ site: TestSite) -> OracleEdit {
        var operations: [FileOperation] = []
        for path in paths.sorted() {
            let now = site.fm.contents(atPath: site.url(path).path)
            guard now != good[path] else { continue }
            if let data = good[path] {
                operations.append(.write(path, String(decoding: data, as: UTF8.self)))
            } else {
                operations.append(.delete(path))
            }
        }
        return OracleEdit(label: "mended", operations: operations)
    }
}
