import Foundation
import SitegenWords

/// What a content kind gives the site's search (`ContentKind.search`): its documents, and the
/// shortcuts a query can name directly (a Bible reference, a hymn number). The pipeline
/// collects every kind's contribution and writes one index (SitegenSearch); it never looks
/// inside a kind.
public struct SearchContribution: Sendable, Hashable {
    /// The documents, in the parts the kind makes them in (a Bible book's verses), never joined:
    /// a session's kind hands an unchanged part back as the very same array, by which the
    /// search's memo knows it unchanged without comparing its documents (`SearchIndexMemo`).
    /// A document group (`SearchDocument.group`) never spans two chunks.
    public var chunks: [[SearchDocument]]
    /// The documents of every chunk, joined: for a contribution of one chunk (every kind's but
    /// the Bible's) and for tests. Setting it makes the contribution one chunk.
    public var documents: [SearchDocument] {
        get { chunks.count == 1 ? chunks[0] : Array(chunks.joined()) }
        set { chunks = [newValue] }
    }
    /// Books a reference can name ("jn 3:16", "ps 23"), in their order.
    public var books: [SearchBook]
    /// Things a query names by number ("123", "hymn 123").
    public var numbered: [SearchNumbered]
    /// How the search page names the documents of a kind, its groups, facets and sections when
    /// it counts or filters them ("12 verses in 3 chapters of 2 books"); nil: plain "results".
    public var labels: SearchKindLabels?
    /// The scopes the documents name (`SearchDocument.scope`): each Bible translation.
    public var scopes: [SearchScope]
    /// The languages the kind's pages speak besides the site's (a translation's own): each gets
    /// a search page of its own, which their header's box opens (`SearchFeature.pages`).
    public var pageLanguages: [String] = []

    public init(documents: [SearchDocument] = [], books: [SearchBook] = [], numbered: [SearchNumbered] = [],
                labels: SearchKindLabels? = nil, scopes: [SearchScope] = []) {
        self.init(chunks: [documents], books: books, numbered: numbered, labels: labels, scopes: scopes)
    }

    public init(chunks: [[SearchDocument]], books: [SearchBook] = [], numbered: [SearchNumbered] = [],
                labels: SearchKindLabels? = nil, scopes: [SearchScope] = []) {
        self.chunks = chunks
        self.books = books
        self.numbered = numbered
        self.labels = labels
        self.scopes = scopes
    }

    public static let none = SearchContribution()
}

/// The words the search page uses for one kind's documents (`SearchDocument.kind`), so the page
/// script never names a kind: a summary when every result is of the kind, and the filters by
/// section and facet when the reader shows only it.
public struct SearchKindLabels: Sendable, Hashable {
    public let kind: String
    /// A document, one and many ("verse", "verses").
    public let document: [String]
    /// A group of documents ("chapter", "chapters").
    public let group: [String]
    /// A facet ("book", "books").
    public let facet: [String]
    /// The section filter's label and its "all" choice ("Testament", "Both testaments").
    public let section: [String]
    /// The facet filter's label and its "all" choice ("Book", "All books").
    public let facetFilter: [String]

    public init(kind: String, document: [String], group: [String], facet: [String], section: [String], facetFilter: [String]) {
        (self.kind, self.document, self.group, self.facet) = (kind, document, group, facet)
        (self.section, self.facetFilter) = (section, facetFilter)
    }
}

/// Documents searched apart from the rest, with their language's word rules: one Bible
/// translation. A query searches the shared documents and one scope (the reader's translation);
/// a scope's terms are shards of their own, so a reader downloads only the words of the
/// translation read, and its document and term files are saved offline with it.
public struct SearchScope: Sendable, Hashable {
    /// Short and stable (`kjv`, `rv1909`): a term of the scope is indexed as `!<id> <term>`.
    public let id: String
    /// What the filter shows (`RV1909`).
    public let label: String
    /// BCP 47 tag of its text (`es`): which `SearchLanguage` folds, stems and stops its words.
    public let language: String
    /// The books a reference names in this scope: the translation's own names and paths.
    public let books: [SearchBook]

    public init(id: String, label: String, language: String, books: [SearchBook]) {
        (self.id, self.label, self.language, self.books) = (id, label, language, books)
    }
}

/// One searchable unit: a verse, a stanza, a locality, an upcoming meeting, a page.
///
/// What every document of a group has alike is held once, by reference (`SearchDocument.Shared`),
/// and the url as what follows its group's key when it starts with it (`#v16`, short enough to be
/// held inline): with ten translations the verses are 343,595 documents, which each carried
/// every field and a url of their own (docs/benchmarks.md, "Bounded memory").
public struct SearchDocument: Sendable, Hashable {
    /// The fields a group's documents share: a kind making many documents (a chapter's verses)
    /// makes one and gives it to each (`init(in:…)`).
    public final class Shared: Sendable, Hashable {
        public let kind: String
        public let group: String
        public let facet: String?
        public let section: String?
        public let priority: Int
        public let scope: String?
        public let groupSlot: Int?
        public let language: String?

        public init(kind: String, group: String, facet: String? = nil, section: String? = nil, priority: Int = 0, scope: String? = nil,
                    groupSlot: Int? = nil, language: String? = nil) {
            (self.kind, self.group, self.facet, self.section) = (kind, group, facet, section)
            (self.priority, self.scope, self.groupSlot, self.language) = (priority, scope, groupSlot, language)
        }

        public static func == (a: Shared, b: Shared) -> Bool {
            a === b || (a.kind == b.kind && a.group == b.group && a.facet == b.facet && a.section == b.section && a.priority == b.priority
                && a.scope == b.scope && a.groupSlot == b.groupSlot && a.language == b.language)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind); hasher.combine(group); hasher.combine(facet); hasher.combine(section)
            hasher.combine(priority); hasher.combine(scope); hasher.combine(groupSlot); hasher.combine(language)
        }
    }

    public let shared: Shared
    /// The url, or what follows `group` in it when it starts with it (`urlInGroup`).
    private let urlTail: String
    /// What the result is called (`John 3:16`, `23. In the sweet by and by`).
    public let title: String
    /// The words searched and shown in the excerpt.
    public let text: String
    /// The number a `SearchNumbered` shortcut names (the hymn's number), if any.
    public let number: Int?
    /// Its place in its group, from what it is (a verse's number - 1), so that adding or
    /// removing another document leaves its id as it was; nil: its position in the group.
    public let slot: Int?
    private let urlInGroup: Bool

    /// What the reader filters by ("Bible", "Hymns", "Meetings", "Localities", "Pages").
    public var kind: String { shared.kind }
    /// Site path of the exact place, anchor included (`bible/john/3/#v16`, `hymns/23/`).
    public var url: String { urlInGroup ? shared.group + urlTail : urlTail }
    /// Documents stored together in one file of the index (a chapter, ten hymns): the unit a
    /// browser downloads to show excerpts, and the unit an edit rewrites. Consecutive.
    public var group: String { shared.group }
    /// A finer filter within the kind (the Bible's book), and the section it belongs to
    /// (the testament), if any.
    public var facet: String? { shared.facet }
    public var section: String? { shared.section }
    /// Added to the score of a match (a locality's page before the many meetings held there).
    /// The same for every document of a group.
    public var priority: Int { shared.priority }
    /// The `SearchScope.id` of the document (its translation), or nil: searched by every query.
    /// The same for every document of a group.
    public var scope: String? { shared.scope }
    /// Its group's place among the kind's groups (of its scope), from what the group is (a
    /// chapter's book and number, a hymn's number, a month), so that a group added or removed
    /// leaves every other group's number, and so its documents' ids, as they were; nil: the
    /// group's position. The same for every document of a group.
    public var groupSlot: Int? { shared.groupSlot }
    /// BCP 47 tag of its words where its content says (a hymn's `language: fi`), whose rules
    /// (`SearchLanguage`) fold and stem them; nil: the site's. A scope's documents are in the
    /// scope's language. The same for every document of a group.
    public var language: String? { shared.language }

    public init(kind: String, url: String, title: String, text: String, group: String,
                facet: String? = nil, section: String? = nil, number: Int? = nil, priority: Int = 0, scope: String? = nil,
                slot: Int? = nil, groupSlot: Int? = nil, language: String? = nil) {
        self.init(in: Shared(kind: kind, group: group, facet: facet, section: section, priority: priority, scope: scope,
                             groupSlot: groupSlot, language: language),
                  url: url, title: title, text: text, number: number, slot: slot)
    }

    /// A document of the group `shared` describes.
    public init(in shared: Shared, url: String, title: String, text: String, number: Int? = nil, slot: Int? = nil) {
        self.shared = shared
        urlInGroup = !shared.group.isEmpty && url.hasPrefix(shared.group)
        urlTail = urlInGroup ? String(url.dropFirst(shared.group.count)) : url
        (self.title, self.text, self.number, self.slot) = (title, text, number, slot)
    }

    public static func == (a: SearchDocument, b: SearchDocument) -> Bool {
        a.shared == b.shared && a.urlInGroup == b.urlInGroup && a.urlTail == b.urlTail && a.title == b.title && a.text == b.text
            && a.number == b.number && a.slot == b.slot
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shared); hasher.combine(urlInGroup); hasher.combine(urlTail); hasher.combine(title); hasher.combine(text)
        hasher.combine(number); hasher.combine(slot)
    }
}

/// A book a reference can name: what it is called (every spelling, folded to lowercase), where
/// its chapters are, and how many verses each chapter has.
public struct SearchBook: Sendable, Hashable {
    public let name: String
    /// Lowercase spellings: `john`, `jn`, `jhn`, `joh`.
    public let aliases: [String]
    /// Site path of a verse with `{chapter}` and `{verse}` left open (`bible/john/{chapter}/#v{verse}`);
    /// the chapter's is the same without the fragment. Made by the kind's own path rule.
    public let verseURL: String
    /// Verses in each chapter, chapter 1 first.
    public let verses: [Int]
    /// The `SearchDocument.group` of each chapter's verses, chapter 1 first (a reference shows
    /// the text of the group it names).
    public let chapterGroups: [String]
    /// A book of another scope (Tobit from a translation without it): found by its own names,
    /// not by the start of one ("ju" offers Judges and Jude, not Judith).
    public let borrowed: Bool
    /// What a verse reference calls it ("Psalm" in "Psalm 23:1"; "Salmo").
    public let verseName: String

    public init(name: String, aliases: [String], verseURL: String, verses: [Int], chapterGroups: [String], borrowed: Bool = false,
                verseName: String? = nil) {
        self.borrowed = borrowed
        self.verseName = verseName ?? name
        self.name = name
        self.aliases = aliases
        self.verseURL = verseURL
        self.verses = verses
        self.chapterGroups = chapterGroups
    }
}

extension SearchBook {
    /// The book as another scope names it.
    public var borrowing: SearchBook {
        SearchBook(name: name, aliases: aliases, verseURL: verseURL, verses: verses, chapterGroups: chapterGroups, borrowed: true,
                   verseName: verseName)
    }
}

/// Numbered things a query names ("123", "hymn 123", "#123"): site path `path` with `{n}`.
public struct SearchNumbered: Sendable, Hashable {
    public let label: String
    /// Lowercase words that may stand before the number (`hymn`, `no`).
    public let words: [String]
    public let path: String
    public let numbers: ClosedRange<Int>

    public init(label: String, words: [String], path: String, numbers: ClosedRange<Int>) {
        self.label = label
        self.words = words
        self.path = path
        self.numbers = numbers
    }
}

extension SearchDocument {
    /// The text of an HTML fragment (rendered Markdown): tags dropped, the usual entities read.
    public static func plainText(html: String) -> String {
        var out = ""
        var inTag = false
        for ch in html {
            if ch == "<" { inTag = true; out += " "; continue }
            if ch == ">" { inTag = false; continue }
            if !inTag { out.append(ch) }
        }
        for (entity, text) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: text)
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension SearchDocument {
    /// Places in `0..<width` for things known by a key (meetings of one day by their UID), each
    /// from its key's hash, the next free one when taken (keys in sorted order), so that adding
    /// or removing one seldom moves another; nil when there are more keys than places.
    public static func slots(forKeys keys: [String], width: Int) -> [String: Int]? {
        guard keys.count <= width else { return nil }
        var taken = Set<Int>()
        var slots: [String: Int] = [:]
        for key in Set(keys).sorted() {
            var slot = Int(StableHash.fnv1a(key.utf8) % UInt32(width))
            while taken.contains(slot) { slot = (slot + 1) % width }
            taken.insert(slot)
            slots[key] = slot
        }
        return slots
    }
}
