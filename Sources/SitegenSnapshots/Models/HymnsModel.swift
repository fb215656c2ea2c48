/// `api/v1/hymns/<first>-<last>.json` (schema `hymns`, version 2): the hymnal in files of fifty
/// numbers (`hymns/1-50.json`, `hymns/51-100.json`, …), each with every number of its range up to
/// `count` (the whole hymnal's), removed hymns included (`removed`, no text). Hymn `n` is in
/// `HymnsFile.path(of: n)`.
public struct HymnsFile: Codable, Sendable, Hashable {
    /// A run of text; `marked`: bold in the book (a repeated passage); `repeatSign` (`:,:`) ends it.
    public struct Segment: Codable, Sendable, Hashable {
        public let text: String
        public let marked: Bool
        public let repeatSign: String?

        public init(text: String, marked: Bool, repeatSign: String?) {
            (self.text, self.marked, self.repeatSign) = (text, marked, repeatSign)
        }
    }

    /// A chorus or refrain: its lines (each a list of segments) and its plain text.
    public struct Passage: Codable, Sendable, Hashable {
        public let lines: [[Segment]]
        /// The passage as one plain string, repeat signs included (for search and previews).
        public let text: String

        public init(lines: [[Segment]], text: String) {
            (self.lines, self.text) = (lines, text)
        }
    }

    public struct Stanza: Codable, Sendable, Hashable {
        public let number: Int
        public let lines: [[Segment]]
        public let text: String

        public init(number: Int, lines: [[Segment]], text: String) {
            (self.number, self.lines, self.text) = (number, lines, text)
        }
    }

    public struct Hymn: Codable, Sendable, Hashable {
        public let number: Int
        public let url: String
        public let title: String
        public let firstLine: String
        public let removed: Bool
        public let stanzas: [Stanza]
        /// Sung after every stanza.
        public let chorus: Passage?
        public let refrain: Passage?
        public let author: String?
        public let tune: String?
        public let meter: String?
        /// BCP 47 tag when the hymn is not in the hymnal's language.
        public let language: String?

        public init(number: Int, url: String, title: String, firstLine: String, removed: Bool, stanzas: [Stanza],
                    chorus: Passage?, refrain: Passage?, author: String?, tune: String?, meter: String?, language: String?) {
            (self.number, self.url, self.title, self.firstLine, self.removed, self.stanzas) = (number, url, title, firstLine, removed, stanzas)
            (self.chorus, self.refrain, self.author, self.tune, self.meter, self.language) = (chorus, refrain, author, tune, meter, language)
        }
    }

    public let schemaVersion: Int
    public let title: String
    public let language: String
    public let year: Int?
    public let count: Int
    public let hymns: [Hymn]

    public init(schemaVersion: Int, title: String, language: String, year: Int?, count: Int, hymns: [Hymn]) {
        (self.schemaVersion, self.title, self.language, self.year, self.count, self.hymns) = (schemaVersion, title, language, year, count, hymns)
    }

    /// Numbers in a file: hymns 1–50 are in the first, 51–100 in the second, … The same ranges
    /// cut the bundle's `hymn_parts` (`bundle/hymns-1-50.sqlite`). A hymn's range depends on its
    /// number only, never on the count: adding hymn 366 leaves the name of 351–400 as it was.
    public static let numbersPerFile = 50

    /// The range of numbers of the file holding hymn `number` (101…150 for 123).
    public static func numbers(containing number: Int) -> ClosedRange<Int> {
        let first = (max(number, 1) - 1) / numbersPerFile * numbersPerFile + 1
        return first...(first + numbersPerFile - 1)
    }

    /// The path below `api/v1/` of the file holding hymn `number` (`hymns/101-150.json` for 123).
    public static func path(of number: Int) -> String {
        let numbers = numbers(containing: number)
        return "hymns/\(numbers.lowerBound)-\(numbers.upperBound).json"
    }

    /// The hymn with this number, if this file has it.
    public func hymn(_ number: Int) -> Hymn? {
        hymns.first { $0.number == number }
    }
}
