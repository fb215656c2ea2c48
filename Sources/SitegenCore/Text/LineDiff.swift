/// A unified diff of two texts, line by line (`sitegen theme diff`), the format `diff -u` and
/// git print, from Swift's own `difference(from:)` (Myers), so no diff program is needed.
public enum LineDiff {
    enum Line: Equatable {
        case same(String), removed(String), inserted(String)
    }

    /// Empty when the texts are equal. `context`: unchanged lines shown around each change.
    public static func unified(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let lines = edits(old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                          new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let changed = lines.indices.filter { if case .same = lines[$0] { return false }; return true }
        guard !changed.isEmpty else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        var start = 0
        while start < changed.count {
            // One hunk: changes whose gaps are at most twice the context.
            var end = start
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
            let from = max(0, changed[start] - context), to = min(lines.count, changed[end] + context + 1)
            output.append(header(lines, from: from, to: to))
            for line in lines[from..<to] {
                switch line {
                case .same(let text): output.append(" " + text)
                case .removed(let text): output.append("-" + text)
                case .inserted(let text): output.append("+" + text)
                }
            }
            start = end + 1
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// Every line of both texts in order: kept, removed from `old` or inserted from `new`.
    static func edits(_ old: [String], _ new: [String]) -> [Line] {
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [Line] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append(.removed(old[i])); i += 1
            } else if j < new.count, inserted.contains(j) {
                lines.append(.inserted(new[j])); j += 1
            } else {
                lines.append(.same(old[i])); i += 1; j += 1
            }
        }
        return lines
    }

    /// `@@ -12,7 +12,8 @@`: where the hunk starts in each text and how many lines it covers there.
    static func header(_ lines: [Line], from: Int, to: Int) -> String {
        func count(_ keep: (Line) -> Bool, _ range: Range<Int>) -> Int { lines[range].filter(keep).count }
        let isOld: (Line) -> Bool = { if case .inserted = $0 { return false }; return true }
        let isNew: (Line) -> Bool = { if case .removed = $0 { return false }; return true }
        let (oldCount, newCount) = (count(isOld, from..<to), count(isNew, from..<to))
        let oldStart = count(isOld, 0..<from) + (oldCount > 0 ? 1 : 0)
        let newStart = count(isNew, 0..<from) + (newCount > 0 ? 1 : 0)
        return "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"
    }
}
