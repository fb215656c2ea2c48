import SitegenSnapshots

/// What the apps' SQLite bundle holds of the hymnal (docs/app-data.md): every hymn's number,
/// title and first line in `hymns` (file `hymns`), and the stanzas, chorus and refrain as parts
/// (searched through `hymn_parts_fts`) in one file per range of fifty numbers
/// (`hymns-1-50`, `hymns-51-100`, …, the ranges of the snapshot files, `HymnsFile.numbers(containing:)`), so a word edit changes one small file.
enum HymnAppTables {
    static func tables(_ hymnal: Hymnal) -> [AppTable] {
        let sorted = hymnal.hymns.sorted { $0.number < $1.number }
        let byRange: [ClosedRange<Int>: [Hymn]] = Dictionary(grouping: sorted) { HymnsFile.numbers(containing: $0.number) }
        let ranges = byRange.keys.sorted { $0.lowerBound < $1.lowerBound }
        return [hymns(hymnal)] + ranges.map { range in
            parts(byRange[range] ?? [], hymnal: hymnal, bundle: "hymns-\(range.lowerBound)-\(range.upperBound)")
        }
    }

    static func hymns(_ hymnal: Hymnal) -> AppTable {
        AppTable(name: "hymns", bundle: "hymns",
                 columns: [AppColumn("number", .integer), AppColumn("title", .text), AppColumn("first_line", .text),
                           AppColumn("removed", .integer), AppColumn("author", .text, optional: true),
                           AppColumn("tune", .text, optional: true), AppColumn("meter", .text, optional: true),
                           AppColumn("language", .text, optional: true)],
                 primaryKey: ["number"],
                 rows: hymnal.hymns.sorted { $0.number < $1.number }.map { h in
                     [.integer(h.number), .text(h.title), .text(h.firstLine), .flag(h.removed), .optional(h.author),
                      .optional(h.tune), .optional(h.meter), .optional(h.language)]
                 })
    }

    /// One row per stanza, chorus and refrain, in the order they are printed. `id` is the
    /// hymn's number × 100 + the part's position (hymn 123's parts are 12301…12399); `kind` is
    /// `stanza`, `chorus` or `refrain`; `number` the stanza's number (0 for chorus and refrain);
    /// `text` the lines joined by a line break, repeat signs kept.
    static func parts(_ hymns: [Hymn], hymnal: Hymnal, bundle: String) -> AppTable {
        AppTable(name: "hymn_parts", bundle: bundle,
                 columns: [AppColumn("id", .integer), AppColumn("hymn", .integer), AppColumn("kind", .text),
                           AppColumn("number", .integer), AppColumn("text", .text)],
                 primaryKey: ["id"],
                 rows: hymns.flatMap { hymn in
                     printed(hymn).enumerated().map { position, part in
                         [.integer(hymn.number * 100 + position + 1), .integer(hymn.number), .text(part.kind), .integer(part.number),
                          .text(part.passage.lines.map(\.plainText).joined(separator: "\n"))]
                     }
                 },
                 fullText: ["text"], fullTextLanguages: languages(hymns, hymnal: hymnal), indexes: [["hymn"]])
    }

    /// Each hymn's parts in its own language (`language: fi`, else the hymnal's), so their words
    /// are folded as the site's search folds them (`HymnSearch.language`): a Swedish `kärlek` is
    /// found by "kärlek" and by "karlek" (`AppSearch.query(_:prefix:languages:)`).
    static func languages(_ hymns: [Hymn], hymnal: Hymnal) -> [AppTable.FullTextLanguage] {
        hymns.compactMap { hymn in
            HymnSearch.language(hymn, in: hymnal).map { AppTable.FullTextLanguage(keys: hymn.number * 100..<(hymn.number + 1) * 100, language: $0) }
        }
    }

    /// The stanzas with their numbers, then the chorus and the refrain.
    static func printed(_ hymn: Hymn) -> [(kind: String, number: Int, passage: Passage)] {
        hymn.stanzas.enumerated().map { ("stanza", $0 + 1, $1) }
            + ResponseKind.allCases.compactMap { kind in hymn.response(kind).map { (kind.rawValue, 0, $0) } }
    }
}
