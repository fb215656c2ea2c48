/// Adds one event to a schedule file's text the way a person would: at the end of the
/// `events:` list, indented like the items already there, before any key that follows the list.
/// The caller checks the result with the build's reader (`ScheduleReader.check`): a layout this
/// does not foresee is refused, never written half-right.
public enum ScheduleAppend {
    /// `text` with `event` (block lines whose items are indented two spaces) added; nil when
    /// there is no `events:` line starting a block list.
    public static func adding(_ event: String, to text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.firstIndex(where: { $0.range(of: "^events:[ \\t]*(#.*)?$", options: .regularExpression) != nil }) else {
            return nil
        }
        var end = header + 1      // one past the list's last line
        var lastContent = header  // the list's last line that is not blank
        var itemIndent: Int?
        while end < lines.count {
            let line = lines[end]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            let blank = trimmed.isEmpty || trimmed.hasPrefix("#")
            if !blank, indent == 0, !trimmed.hasPrefix("-") { break }   // the next top-level key
            if !blank {
                lastContent = end
                if itemIndent == nil, trimmed.hasPrefix("-") { itemIndent = indent }
            }
            end += 1
        }
        let indent = String(repeating: " ", count: itemIndent ?? 2)
        let added = event.split(separator: "\n").map { line in indent + line.dropFirst(min(2, line.prefix { $0 == " " }.count)) }
        lines.insert(contentsOf: added, at: lastContent + 1)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `id`, or `id-2`, `id-3`… the first not taken (two meetings on one day at one locality).
    public static func freeID(_ id: String, taken: Set<String>) -> String {
        guard taken.contains(id) else { return id }
        var n = 2
        while taken.contains("\(id)-\(n)") { n += 1 }
        return "\(id)-\(n)"
    }
}
