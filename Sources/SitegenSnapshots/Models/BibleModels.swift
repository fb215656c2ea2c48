/// A run of Bible text and its look; flags that do not apply are absent (nil), never false.
public struct BibleSpan: Codable, Sendable, Equatable {
    public let text: String
    /// Words supplied by the translators (italics).
    public let added: Bool?
    /// Words of Jesus (red letter).
    public let jesus: Bool?
    /// LORD / GOD, printed in small capitals.
    public let divineName: Bool?
    /// Another script (the Hebrew letters of Psalm 119).
    public let foreign: Bool?
}

/// A range of verses in one book (`book` is the OSIS id, `John`).
public struct BiblePassage: Codable, Sendable, Equatable {
    public let book: String
    public let startChapter: Int
    public let startVerse: Int
    public let endChapter: Int
    public let endVerse: Int
}

/// `api/v1/bible/<id>/books.json` (schema `bible-books`): a translation and its books.
public struct BibleBooksFile: Codable, Sendable, Equatable {
    public struct Translation: Codable, Sendable, Equatable {
        public let id, name, abbreviation, language, licence, versification: String
    }

    public struct Book: Codable, Sendable, Equatable {
        public let osis, usfm, name, title, abbreviation: String
        /// `old` or `new`.
        public let testament: String
        /// The book's file, below `api/v1/` (`bible/kjv/books/john.json`).
        public let path: String
        public let order, chapters, verses: Int
        /// Verses in each chapter, chapter 1 first.
        public let verseCounts: [Int]
    }

    public let translation: Translation
    public let books: [Book]
}

/// `api/v1/bible/<id>/books/<osis>.json` (schema `bible-book`): one book, verse by verse.
public struct BibleBookFile: Codable, Sendable, Equatable {
    public struct Verse: Codable, Sendable, Equatable {
        public let number: Int
        public let spans: [BibleSpan]
        /// A new paragraph starts at this verse.
        public let paragraph: Bool
        public let poetry: Bool?
        /// Headings printed before the verse (a psalm's title).
        public let headings: [[BibleSpan]]?
        /// Printed after the verse (the subscriptions of Paul's letters).
        public let subscription: [BibleSpan]?

        /// The verse as plain text.
        public var text: String { spans.map(\.text).joined() }
    }

    public struct Chapter: Codable, Sendable, Equatable {
        public let number: Int
        public let verses: [Verse]
    }

    public let osis, name, title: String
    public let chapters: [Chapter]
}

/// `api/v1/bible/<id>/plan.json` (schema `bible-plan`): the reading plan, day by day.
public struct BiblePlanFile: Codable, Sendable, Equatable {
    public struct Reading: Codable, Sendable, Equatable {
        public let label: String
        public let passages: [BiblePassage]
    }

    public struct Day: Codable, Sendable, Equatable {
        /// `MM-DD`.
        public let date: String
        public let readings: [Reading]
    }

    public let title, description: String
    /// The plan's columns (one reading of each per day).
    public let columns: [String]
    public let days: [Day]

    /// The readings of a day given as `MM-DD`.
    public func readings(on monthDay: String) -> [Reading] {
        days.first { $0.date == monthDay }?.readings ?? []
    }
}

/// `api/v1/bible/<id>/daily-verses.json` (schema `bible-daily-verses`): the verse of the day.
public struct BibleDailyVersesFile: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public let label: String
        public let passage: BiblePassage
        /// The text, verse by verse.
        public let verses: [[BibleSpan]]
    }

    /// How an app picks the day's entry (`verses[(days since 1970-01-01) mod count]`).
    public let rule: String
    public let verses: [Entry]

    /// The entry for a day counted from 1970-01-01 (the reader's local date).
    public func entry(daysSince1970 days: Int) -> Entry? {
        verses.isEmpty ? nil : verses[((days % verses.count) + verses.count) % verses.count]
    }
}
