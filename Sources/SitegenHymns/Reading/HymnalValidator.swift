/// Checks that need every hymn at once: each number 1…count exactly once, nothing outside.
public enum HymnalValidator {
    /// Reports every problem; true when there was none. `claimed`: numbers of files that failed
    /// to read (their own error is already reported).
    @discardableResult
    public static func validate(_ hymns: [Hymn], settings: HymnalSettings, claimed: Set<Int> = [],
                                diagnostics: Diagnostics) -> Bool {
        var ok = true
        var byNumber: [Int: Hymn] = [:]
        for hymn in hymns.sorted(by: { $0.source < $1.source }) {
            if hymn.number < 1 || hymn.number > settings.count {
                diagnostics.error("hymn number \(hymn.number) is outside 1…\(settings.count) (count in \(HymnalReader.settingsFile))",
                                  at: numberLocation(hymn))
                ok = false
            } else if let first = byNumber[hymn.number] {
                diagnostics.error("duplicate hymn number \(hymn.number): \(first.source.path) has it too; a number is never reused",
                                  at: numberLocation(hymn))
                ok = false
            } else {
                byNumber[hymn.number] = hymn
            }
        }
        let missing = (1...settings.count).filter { byNumber[$0] == nil && !claimed.contains($0) }
        for range in ranges(missing) {
            let what = range.count == 1 ? "hymn \(range.lowerBound) is" : "hymns \(range.lowerBound)…\(range.upperBound) are"
            diagnostics.error("gap in the numbering: \(what) missing (a removed hymn keeps its file with 'removed: true')",
                              at: settings.countLocation)
            ok = false
        }
        return ok
    }

    /// The front matter's `number:` line (line 2 in every hymn file the importer writes).
    static func numberLocation(_ hymn: Hymn) -> SourceLocation {
        hymn.numberLocation ?? hymn.source
    }

    /// [1,2,3,7] → [1…3, 7…7], so a missing block is one message, not hundreds.
    static func ranges(_ numbers: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for number in numbers {
            if let last = result.last, last.upperBound + 1 == number {
                result[result.count - 1] = last.lowerBound...number
            } else {
                result.append(number...number)
            }
        }
        return result
    }
}
