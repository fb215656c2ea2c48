/// `SearchText.foldedText` of many texts by one language's rules (a bundle file's verses): each
/// distinct word is stemmed, and given its unmarked form, once, not at each of its occurrences,
/// and a word costs no `String` of its own. What it makes is `foldedText`'s, byte for byte.
public struct FoldedTexts {
    public let language: SearchLanguage
    /// Whether a word becomes more than its folded bytes (a stem, an unmarked form).
    private let rewrites: Bool
    /// The words seen so far; word `i`'s term(s) are `terms[ends[i]..<ends[i + 1]]`.
    private var words = TermTable(capacity: 1_024)
    private var terms: [UInt8] = []
    private var ends: [Int] = [0]
    /// The text being made, kept between calls for its capacity.
    private var out: [UInt8] = []

    public init(language: SearchLanguage = .shared) {
        self.language = language
        rewrites = !language.endings.isEmpty || language.unmarkedFallback
    }

    /// The folded words of `text` joined by single spaces, each its term (`SearchText.foldedText`).
    public mutating func folded(_ text: String) -> String {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(text.utf8.count)
        SearchText.forEachWordBytes(text, language: language) { word, _ in
            if !out.isEmpty { out.append(0x20) }
            guard rewrites else { out.append(contentsOf: word); return }
            let id = words.id(of: word)
            if id == ends.count - 1 { remember(word) }
            out.append(contentsOf: terms[ends[id]..<ends[id + 1]])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A new word's term, and after it the word as typed without its kept letters (`kärlek karlek`),
    /// so that such a query finds it.
    private mutating func remember(_ word: UnsafeBufferPointer<UInt8>) {
        let term = language.stem(String(decoding: word, as: UTF8.self))
        terms += term.utf8
        if let plain = language.unmarked(term) {
            terms.append(0x20)
            terms += plain.utf8
        }
        ends.append(terms.count)
    }
}
