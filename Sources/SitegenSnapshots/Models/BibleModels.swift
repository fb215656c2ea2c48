/// A run of Bible text and its look; flags that do not apply are absent (nil), never false.
public struct BibleSpan: Codable, Sendable, Hashable {
    public let text: String
    /// Words supplied by the translators (italics).
    public let added: Bool?
    /// Words of Jesus (red letter).
    public let jesus: Bool?
    /// LORD / GOD, printed in small capitals.
    public let divineName: Bool?
    /// Another script (the Hebrew letters of Psalm 119).
    public let foreign: Bool?

    public init(text: String, added: Bool?, jesus: Bool?, divineName: Bool?, foreign: Bool?) {
        (self.text, self.added, self.jesus, self.divineName, self.foreign) = (text, added, jesus, divineName, foreign)
    }
}

/// A range of verses in one book (`book` is the OSIS id, `John`).
public struct BiblePassage: Codable, Sendable, Hashable {
    public let book: String
    public let startChapter: Int
    public let startVerse: Int
    public let endChapter: Int
    public let endVerse: Int

    public init(book: String, startChapter: Int, startVerse: Int, endChapter: Int, endVerse: Int) {
        (self.book, self.startChapter, self.startVerse, self.endChapter, self.endVerse) = (book, startChapter, startVerse, endChapter, endVerse)
    }
}

/// `api/v1/bible/<id>/books.json` (schema `bible-books`): a translation and its books.
public struct BibleBooksFile: Codable, Sendable, Hashable {
    public struct Translation: Codable, Sendable, Hashable {
        public let id, name, abbreviation, language, licence, versification: String

        public init(id: String, name: String, abbreviation: String, language: String, licence: String, versification: String) {
            (self.id, self.name, self.abbreviation, self.language, self.licence, self.versification)
                = (id, name, abbreviation, language, licence, versification)
        }
    }

    public struct Book: Codable, Sendable, Hashable {
        public let osis, usfm, name, title, abbreviation: String
        /// `OT`, `NT` or `DC` (the deuterocanon).
        public let testament: String
        /// The book's file, below `api/v1/` (`bible/kjv/books/john.json`).
        public let path: String
        public let order, chapters, verses: Int
        /// Verses in each chapter, chapter 1 first.
        public let verseCounts: [Int]

        public init(osis: String, usfm: String, name: String, title: String, abbreviation: String, testament: String,
                    path: String, order: Int, chapters: Int, verses: Int, verseCounts: [Int]) {
            (self.osis, self.usfm, self.name, self.title, self.abbreviation) = (osis, usfm, name, title, abbreviation)
            (self.testament, self.path, self.order, self.chapters, self.verses) = (testament, path, order, chapters, verses)
            self.verseCounts = verseCounts
        }
    }

    public let translation: Translation
    public let books: [Book]

    public init(translation: Translation, books: [Book]) {
        (self.translation, self.books) = (translation, books)
    }
}

/// `api/v1/bible/<id>/books/<osis>.json` (schema `bible-book`): one book, verse by verse.
public struct BibleBookFile: Codable, Sendable, Hashable {
    public struct Verse: Codable, Sendable, Hashable {
        public let number: Int
        public let spans: [BibleSpan]
        /// A new paragraph starts at this verse.
        public let paragraph: Bool
        public let poetry: Bool?
        /// Headings printed before the verse (a psalm's title).
        public let headings: [[BibleSpan]]?
        /// Printed after the verse (the subscriptions of Paul's letters).
        public let subscription: [BibleSpan]?

        public init(number: Int, spans: [BibleSpan], paragraph: Bool, poetry: Bool?, headings: [[BibleSpan]]?,
                    subscription: [BibleSpan]?) {
            (self.number, self.spans, self.paragraph) = (number, spans, paragraph)
            (self.poetry, self.headings, self.subscription) = (poetry, headings, subscription)
        }

        /// The verse as plain text.
        public var text: String { spans.map(\.text).joined() }
    }

    public struct Chapter: Codable, Sendable, Hashable {
        public let number: Int
        public let verses: [Verse]

        public init(number: Int, verses: [Verse]) {
            (self.number, self.verses) = (number, verses)
        }
    }

    public let osis, name, title: String
    public let chapters: [Chapter]

    public init(osis: String, name: String, title: String, chapters: [Chapter]) {
        (self.osis, self.name, self.title, self.chapters) = (osis, name, title, chapters)
    }
}

/// `api/v1/bible/<id>/plan.json` (schema `bible-plan`): the reading plan, day by day.
public struct BiblePlanFile: Codable, Sendable, Hashable {
    public struct Reading: Codable, Sendable, Hashable {
        public let label: String
        public let passages: [BiblePassage]

        public init(label: String, passages: [BiblePassage]) {
            (self.label, self.passages) = (label, passages)
        }
    }

    public struct Day: Codable, Sendable, Hashable {
        /// `MM-DD`.
        public let date: String
        public let readings: [Reading]

        public init(date: String, readings: [Reading]) {
            (self.date, self.readings) = (date, readings)
        }
    }

    public let title, description: String
    /// The plan's columns (one reading of each per day).
    public let columns: [String]
    public let days: [Day]

    public init(title: String, description: String, columns: [String], days: [Day]) {
        (self.title, self.description, self.columns, self.days) = (title, description, columns, days)
    }

    /// The readings of a day given as `MM-DD`.
    public func readings(on monthDay: String) -> [Reading] {
        days.first { $0.date == monthDay }?.readings ?? []
    }
}

/// `api/v1/bible/<id>/daily-verses.json` (schema `bible-daily-verses`): the verse of the day.
public struct BibleDailyVersesFile: Codable, Sendable, Hashable {
    public struct Entry: Codable, Sendable, Hashable {
        public let label: String
        public let passage: BiblePassage
        /// The text, verse by verse.
        public let verses: [[BibleSpan]]

        public init(label: String, passage: BiblePassage, verses: [[BibleSpan]]) {
            (self.label, self.passage, self.verses) = (label, passage, verses)
        }
    }

    /// How an app picks the day's entry (`verses[(days since 1970-01-01) mod count]`).
    public let rule: String
    public let verses: [Entry]

    public init(rule: String, verses: [Entry]) {
        (self.rule, self.verses) = (rule, verses)
    }

    /// The entry for a day counted from 1970-01-01 (the reader's local date).
    public func entry(daysSince1970 days: Int) -> Entry? {
        verses.isEmpty ? nil : verses[((days % verses.count) + verses.count) % verses.count]
    }
}

/// `api/v1/bible/<id>/versification.json` (schema `bible-versification`): how the translation
/// numbers its verses against the KJV, the hub every reference is mapped through. Verse counts
/// are in `books.json`; this file has the `map` lines of the versification's data: the verses
/// the KJV does not number, each with the KJV verse that holds its words (none for the KJV).
public struct BibleVersificationFile: Codable, Sendable, Hashable {
    public struct Mapping: Codable, Sendable, Hashable {
        /// OSIS reference in this translation's numbering (`3John.1.15`).
        public let verse: String
        /// The KJV verse with its words (`3John.1.14`).
        public let kjv: String

        public init(verse: String, kjv: String) { (self.verse, self.kjv) = (verse, kjv) }
    }

    /// The versification's name (`NRSVA`), as `books.json` names it.
    public let name: String
    /// The numbering the map points into (`KJV`).
    public let hub: String
    /// In canonical order.
    public let map: [Mapping]

    public init(name: String, hub: String, map: [Mapping]) { (self.name, self.hub, self.map) = (name, hub, map) }
}
