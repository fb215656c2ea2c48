/// Years written in free text ("2019 St. John's Meetings"), for the stale-note warning.
enum PastYears {
    /// The distinct four-digit years (1900–2099, standing alone) in `text` that come before `year`, in order.
    static func named(in text: String, before year: Int) -> [Int] {
        var found: [Int] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            guard characters[i].isASCII, characters[i].isNumber else { i += 1; continue }
            var end = i
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            let standsAlone = (i == 0 || !characters[i - 1].isLetter) && (end == characters.count || !characters[end].isLetter)
            if end - i == 4, standsAlone, let value = Int(String(characters[i..<end])),
               (1900...2099).contains(value), value < year, !found.contains(value) {
                found.append(value)
            }
            i = end
        }
        return found
    }
}
