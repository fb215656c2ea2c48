import Foundation
import SitegenAppBundle
import SitegenCore
import Testing

/// A table whose rows are made when its bundle file is written (`AppRowSource`, how the Bible
/// gives its verses) is the table with those rows given as values: equal to it, unequal when a
/// row differs, and the same file's bytes.
@Suite struct AppRowSourceTests {
    struct Words: AppRowSource, Equatable {
        let words: [String]
        var count: Int { words.count }
        func rows() -> [[AppValue]] { words.enumerated().map { [.integer($0 + 1), .text($1)] } }
    }

    static func table(_ rows: Words) -> AppTable {
        AppTable(name: "words", bundle: "words", columns: [AppColumn("id", .integer), AppColumn("text", .text)], primaryKey: ["id"],
                 rows: rows, fullText: ["text"])
    }

    static func table(values: [[AppValue]]) -> AppTable {
        AppTable(name: "words", bundle: "words", columns: [AppColumn("id", .integer), AppColumn("text", .text)], primaryKey: ["id"],
                 rows: values, fullText: ["text"])
    }

    @Test func aRowSourceIsTheTableWithItsRows() throws {
        let words = Words(words: ["grace", "mercy", "peace"])
        let (made, given) = (Self.table(words), Self.table(values: words.rows()))
        #expect(made == given && given == made && made.rowCount == 3 && made.rows == given.rows)
        #expect(made != Self.table(Words(words: ["grace", "mercy"])))
        #expect(made != Self.table(Words(words: ["grace", "mercy", "joy"])))
        #expect(made != Self.table(values: Words(words: ["grace", "mercy", "joy"]).rows()))
        #expect(try AppBundle.data([made], bundle: "words", generator: "test") == AppBundle.data([given], bundle: "words", generator: "test"))
    }
}
