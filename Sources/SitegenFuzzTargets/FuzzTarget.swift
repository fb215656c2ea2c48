import Foundation
@testable import SitegenBible
@testable import SitegenCore
@testable import SitegenHymns
@testable import SitegenSchedule

/// The fuzz targets: every parser that reads content, each fed arbitrary bytes the way a
/// hostile or careless content file would reach it. A target must return (no crash, no hang,
/// no unbounded memory); problems go to a `Diagnostics` like any bad content.
///
/// Used by `sitegen-fuzz` (libFuzzer, or a seeded mutation loop; see `make fuzz`) and by
/// `FuzzRegressionTests`, which replays every input kept in `Tests/FuzzRegressionTests/Corpus`.
/// (`@testable`: the parsers are internal; `make fuzz` and `swift test` build in debug mode.)
public enum FuzzTarget: String, CaseIterable, Sendable {
    case frontMatter = "front-matter"
    case hymn
    case recurrence
    case template
    case osis
    case usfm
    case reference
    case markdown

    /// Runs one input through the parser.
    public func run(_ data: Data) {
        let diagnostics = Diagnostics()
        // The bytes go through the same UTF-8 check as every source file.
        guard let file = SourceFile.decode(data, url: URL(fileURLWithPath: "/fuzz/input"), displayPath: "input",
                                           diagnostics: diagnostics) else { return }
        switch self {
        case .frontMatter:
            guard let document = FrontMatterDocument.split(file, diagnostics: diagnostics),
                  let fields = document.fields(diagnostics: diagnostics) else { return }
            for key in ["title", "description", "base_url", "count", "number", "year", "date", "latitude", "draft", "menu", "address"] {
                _ = fields.string(key); _ = fields.int(key, in: 0...1000); _ = fields.double(key, in: -1...1)
                _ = fields.bool(key); _ = fields.date(key); _ = fields.stringList(key); _ = fields.mappingList(key)
            }
            _ = SiteConfig.parse(fields, diagnostics: diagnostics)
        case .hymn:
            _ = HymnFileReader.read(file, diagnostics: diagnostics)
        case .recurrence:
            guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return }
            let events = ScheduleReader.parse(fields, fileStem: "fuzz", localities: [:], diagnostics: diagnostics)
            for event in events {
                _ = event.recurrence?.dates(from: event.date, through: event.date.adding(days: 3_660))
                _ = event.recurrence?.summary
            }
        case .template:
            guard let template = try? TemplateParser.parse(file.text, name: "t") else { return }
            let library = TemplateLibrary(templates: ["t": file.text], tree: SourceTree(url: URL(fileURLWithPath: "/fuzz"), displayPath: "fuzz"),
                                          diagnostics: diagnostics)
            _ = template.references
            _ = library.render("t", frames: [["page": ["title": "T"], "items": [["a": 1], ["a": 2]], "flag": true]])
        case .osis:
            _ = OSISReader.read(file, diagnostics: diagnostics)
        case .usfm:
            _ = USFMReader.read(file, diagnostics: diagnostics)
        case .reference:
            for line in file.text.split(separator: "\n").prefix(1_000) {
                for part in line.split(separator: ",") {
                    if let (_, numbers) = splitBookAndNumbers(collapsingWhitespace(String(part))) { _ = PassageNumbers(numbers) }
                }
            }
        case .markdown:
            if MarkdownLimits.check(file.text) == nil {
                _ = MarkdownRenderer(allowRawHTML: true).render(file.text)
                _ = MarkdownRenderer().references(in: file.text)
            }
        }
        _ = diagnostics.all.map(\.description)
    }
}
