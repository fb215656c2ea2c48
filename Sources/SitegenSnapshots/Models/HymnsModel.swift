/// `api/v1/hymns.json` (schema `hymns`): the whole hymnal, every number from 1 to `count`,
/// removed hymns included (`removed`, no text).
public struct HymnsFile: Codable, Sendable, Equatable {
    /// A run of text; `marked`: bold in the book (a repeated passage); `repeatSign` (`:,:`) ends it.
    public struct Segment: Codable, Sendable, Equatable {
        public let text: String
        public let marked: Bool
        public let repeatSign: String?
    }

    /// A chorus or refrain: its lines (each a list of segments) and its plain text.
    public struct Passage: Codable, Sendable, Equatable {
        public let lines: [[Segment]]
        public let text: String
    }

    public struct Stanza: Codable, Sendable, Equatable {
        public let number: Int
        public let lines: [[Segment]]
        public let text: String
    }

    public struct Hymn: Codable, Sendable, Equatable {
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
    }

    public let schemaVersion: Int
    public let title: String
    public let language: String
    public let year: Int?
    public let count: Int
    public let hymns: [Hymn]

    /// The hymn with this number, if the hymnal has it.
    public func hymn(_ number: Int) -> Hymn? {
        hymns.indices.contains(number - 1) && hymns[number - 1].number == number ? hymns[number - 1] : hymns.first { $0.number == number }
    }
}
