/// The hymnal as the phone app (jemartti/Hymnal) stores it: hymn number = index + 1, stanza
/// line breaks flattened, repeated passages as `<b>…</b>`, a removed hymn as `{"verses": []}`.
public struct AppHymnal: Codable, Sendable, Equatable {
    public var language: String
    public var year: Int?
    public var hymns: [AppHymn]

    public init(language: String, year: Int?, hymns: [AppHymn]) {
        self.language = language
        self.year = year
        self.hymns = hymns
    }
}

public struct AppHymn: Codable, Sendable, Equatable {
    public var verses: [String]
    public var chorus: String?
    public var refrain: String?

    public init(verses: [String], chorus: String? = nil, refrain: String? = nil) {
        self.verses = verses
        self.chorus = chorus
        self.refrain = refrain
    }
}
