import Foundation

/// Everything a renderer needs besides its own model: the site settings, the as-of date,
/// the compiled templates and where to report problems. Renderers are pure functions of
/// (model, context) → files.
public struct RenderContext: Sendable {
    public let config: SiteConfig
    /// Where the site is published (resolved once, in `BuildSettings`).
    public let address: SiteAddress
    /// Absolute base URL ending in `/` (`https://example.org/church/`) or a path (`/`).
    public var baseURL: String { address.base }
    /// Path part of the base URL, always starting and ending with `/`.
    public var basePath: String { address.basePath }
    /// The day the build treats as today.
    public let asOf: CalendarDate
    public let templates: TemplateLibrary
    public let markdown: MarkdownRenderer
    public let diagnostics: Diagnostics
    public let jobs: Int
    public let generator: String
    /// What the command asked of the kinds beyond the site's files (the schedule page links
    /// the printed sheet when `sitegen build --print-sheet` prints it).
    public let settings: BuildSettingValues
    /// Where the steps that make many large files put each as it is made (`FileSink`).
    public private(set) var fileSink = FileSink.keep
    /// Whether this run's results serve a next run (a session: `serve`, `rebuild-timings`); false
    /// in `sitegen build`, which writes as it goes and runs once, where a memo kept for the next
    /// run would only hold memory.
    public private(set) var remembers = true
    /// The engine that remembers what the kinds compute from their models (a hymn's text HTML):
    /// a full build's own, a session's for as long as its settings hold (a new one when
    /// `site.yml` changes), so a query may read this context's settings as constants.
    public var queries = QueryEngine()

    /// This context as a query's key holds it: its settings without the engine, which holds the
    /// key (a cycle that would keep a session's old engine alive after `site.yml` changed).
    public var settingsOnly: RenderContext {
        var context = self
        context.queries = QueryEngine.detached
        return context
    }
    private var shared: SharedValues
    /// The bytes of HTML this build's pages have taken so far.
    private let pageBytes = RenderBudget()

    public init(config: SiteConfig, address: SiteAddress, asOf: CalendarDate, templates: TemplateLibrary,
                diagnostics: Diagnostics, jobs: Int, generator: String, settings: BuildSettingValues = BuildSettingValues()) {
        let path = address.basePath
        self.config = config
        self.address = address
        self.asOf = asOf
        self.templates = templates
        self.markdown = MarkdownRenderer(allowRawHTML: config.allowRawHTML, basePath: path)
        self.diagnostics = diagnostics
        self.jobs = jobs
        self.generator = generator
        self.settings = settings
        let url = { (sitePath: String) in path + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath) }
        let languages = [config.language] + config.strings.languages.filter { $0 != config.language }
        let words = Dictionary(uniqueKeysWithValues: languages.map { language in
            let table = config.strings.table(language)
            let nav = Self.navigation(config.menu, strings: table) { $0.hasPrefix("/") && !$0.hasPrefix("//") ? url($0) : $0 }
            // `strings.searchPage`: the search page in this language (`SearchFeature`), where the header's box goes.
            var strings = table.templateValue
            if case .object(var words) = strings {
                words["searchPage"] = .text(Self.searchPage(language == config.language ? nil : language))
                strings = .object(words)
            }
            return (language, LanguageValues(nav: nav.bySection, otherNav: nav.other, strings: strings,
                                             scriptStrings: table.scriptValues, updated: .text(table.format("updated", ["date": table.longDate(asOf)]))))
        })
        self.shared = SharedValues(Self.sharedValues(config: config, baseURL: address.base, asOf: asOf, generator: generator,
                                                     customCSS: templates.hasCustomStylesheet, url: url),
                                   languages: words, site: config.language)
    }

    /// For tests and tools: a context for a base URL given as text (which must be valid).
    public init(config: SiteConfig, baseURL: String, asOf: CalendarDate, templates: TemplateLibrary,
                diagnostics: Diagnostics, jobs: Int, generator: String) {
        guard case .success(let address) = SiteAddress.parse(baseURL) else { preconditionFailure("invalid base URL \(baseURL)") }
        self.init(config: config, address: address, asOf: asOf, templates: templates, diagnostics: diagnostics, jobs: jobs,
                  generator: generator)
    }

    /// The same context with its large files put in `sink` as they are made (`sitegen build`:
    /// a run that is not remembered).
    public func putting(filesIn sink: FileSink) -> RenderContext {
        var context = self
        context.fileSink = sink
        context.remembers = false
        return context
    }

    /// The search page of a language other than the site's (`search/es/`), or the site's (`search/`).
    public static func searchPage(_ language: String?) -> String { "search/" + (language.map { "\($0)/" } ?? "") }

    /// The same context with this site's header search hint (`SearchHint`, known once the kinds
    /// gave their search contributions) as every language's `strings.searchSitePlaceholder`,
    /// which the layout writes.
    public func hinting(_ hint: SearchHint) -> RenderContext {
        var context = self
        context.shared = shared.setting("searchSitePlaceholder") { hint.text(config.strings.table($0)) }
        return context
    }

    /// Link to a page or file of this site: `url("hymns/12/")` → `/hymns/12/`.
    public func url(_ sitePath: String) -> String { address.url(sitePath) }

    /// Absolute URL for feeds and the sitemap; a path when the base URL has no host.
    public func absoluteURL(_ sitePath: String) -> String { address.absoluteURL(sitePath) }

    /// The absolute URL to give people (to subscribe to, printed on paper), or nil while the site
    /// has no published address: a path-only base, or the placeholder domain the bundled site
    /// ships with (example.org), which would send them to someone else's site.
    public func publishedURL(_ sitePath: String) -> String? {
        guard address.isAbsolute, !SiteConfig.isExampleBaseURL(address.base) else { return nil }
        return absoluteURL(sitePath)
    }

    /// Links from site.yml may be site-relative (`/hymns/`) or absolute (`https://…`).
    public func link(_ configured: String) -> String {
        configured.hasPrefix("/") && !configured.hasPrefix("//") ? url(configured) : configured
    }
}

/// A page to be rendered: its template, where it goes and what it shows. Two specs are equal
/// exactly when the template would get the same values, so the page would be the same bytes.
public struct PageSpec: Sendable, Hashable {
    /// Site path: `hymns/12/`, `` for the home page, `404.html`.
    public var path: String
    public var template: String
    public var title: String
    public var description: String
    /// Template values of this page, merged over the site-wide ones.
    public var values: TemplateObject
    /// The source the page came from (for messages), if any.
    public var source: SourceLocation?
    /// The page's language when it is not the site's (a Spanish Bible's pages): its interface
    /// words come from that language's table.
    public var language: String?

    public init(path: String, template: String, title: String, description: String = "",
                values: TemplateObject = [:], source: SourceLocation? = nil, language: String? = nil) {
        self.language = language
        self.path = path
        self.template = template
        self.title = title
        self.description = description
        self.values = values
        self.source = source
    }
}

extension RenderContext {
    /// The values every template can use that are the same on every page: `site`, `base`,
    /// `asOf`, `assets`, `generator` (built once per build, not once per page). `assets.custom`:
    /// the site's extra stylesheet, when its theme has one (`BuiltInTheme.customStylesheet`).
    static func sharedValues(config: SiteConfig, baseURL: String, asOf: CalendarDate, generator: String, customCSS: Bool,
                             url: (String) -> String) -> PageFrame {
        var assets: TemplateObject = ["css": .text(url("assets/site.css")), "js": .text(url("assets/site.js"))]
        if customCSS { assets["custom"] = .text(url("assets/" + BuiltInTheme.customStylesheet)) }
        var frame = PageFrame()
        frame[.site] = ["title": .text(config.title), "description": .text(config.description), "language": .text(config.language),
                        "baseURL": .text(baseURL), "footer": .text(config.footer)]
        frame[.base] = .text(url(""))
        frame[.asOf] = ["iso": .text(asOf.description), "long": .text(asOf.longDescription), "year": .number(asOf.year)]
        frame[.assets] = .object(assets)
        frame[.generator] = .text(generator)
        return frame
    }

    /// Every value beneath the page's own: the shared ones, `page`, and in the page's language
    /// `nav` (whose current item depends on the section), `strings`, `scriptStrings`, `updated`
    /// and `pageLanguage` (when it is not the site's).
    public func pageFrame(for page: PageSpec) -> PageFrame {
        let section = page.path.split(separator: "/").first.map(String.init) ?? ""
        let pageValues: TemplateObject = [
            "title": .text(page.title), "description": .text(page.description.isEmpty ? config.description : page.description),
            "url": .text(url(page.path)), "canonical": .text(absoluteURL(page.path)), "isHome": .flag(page.path.isEmpty),
            "section": .text(section), "og": openGraph(page),
        ]
        let words = shared.words(page.language)
        var frame = shared.frame
        frame[.page] = .object(pageValues)
        frame[.nav] = words.nav[section] ?? words.otherNav
        frame[.strings] = words.strings
        frame[.scriptStrings] = words.scriptStrings
        frame[.updated] = words.updated
        if let language = page.language, language != config.language { frame[.pageLanguage] = .text(language) }
        return frame
    }

    /// A page's link-preview values: `type` (`website` for the home page), `locale` from the
    /// page's language (`OpenGraphLocale`: `en_US` from `en-US`, `fi_FI` from `fi`), and only at a published address the absolute `url`
    /// and `image` (`LinkPreview.imagePath`):
    /// a placeholder or path-only base would send a messaging app elsewhere (`check` says so).
    func openGraph(_ page: PageSpec) -> TemplateValue {
        var values: TemplateObject = ["type": .text(page.path.isEmpty ? "website" : "article"),
                                      "locale": .text(OpenGraphLocale.of(page.language ?? config.language))]
        values["url"] = publishedURL(page.path).map(TemplateValue.text)
        values["image"] = publishedURL(LinkPreview.imagePath).map(TemplateValue.text)
        return .object(values)
    }

    /// The words of the page's language (the site's when nil).
    public func strings(_ language: String? = nil) -> StringTable { config.strings.table(language) }

    /// The menu as `nav` items for a page of each section the menu links to (that item is
    /// `current`), and for every other page (none is).
    static func navigation(_ menu: [SiteConfig.MenuItem], strings: StringTable,
                           link: (String) -> String) -> (bySection: [String: TemplateValue], other: TemplateValue) {
        let sections = menu.map { item in
            item.url.contains("://") ? "" : item.url.split(separator: "/").first.map(String.init) ?? ""
        }
        func items(current: String) -> TemplateValue {
            .list(zip(menu, sections).map { item, section in
                ["title": .text(item.stringKey.map { strings[$0] } ?? item.title), "url": .text(link(item.url)), "current": .flag(!section.isEmpty && section == current)]
            })
        }
        var bySection: [String: TemplateValue] = [:]
        for section in sections where !section.isEmpty { bySection[section] = items(current: section) }
        return (bySection, items(current: ""))
    }

    /// Renders a page through its template (which extends `layout`). The page's own values
    /// come first, then those of `pageFrame` (as if merged over them).
    public func render(_ page: PageSpec) -> OutputFile? {
        let templateFile = templates.tree.display(page.template + ".mustache")
        switch templates.render(page.template, page: pageFrame(for: page), frames: [page.values]) {
        case .html(let bytes):
            guard pageBytes.take(bytes.count) else {
                diagnostics.error("page '\(page.path)' is not written: the build's pages came to more than the "
                                  + "\(RenderBudget.maximumBytes) bytes a build may render (the renderer's budget); make the content smaller",
                                  at: page.source ?? SourceLocation(path: templateFile))
                return nil
            }
            return OutputFile(path: OutputFile.filePath(forPage: page.path), data: Data(bytes), source: page.source?.path)
        case .unknownTemplate:
            diagnostics.error("unknown template '\(page.template)' (no \(page.template).mustache in \(templates.tree.displayPath))",
                              at: page.source ?? SourceLocation(path: templateFile))
        case .runaway(let name):
            diagnostics.error("template '\(name)' includes itself without end (through \(page.template).mustache)",
                              at: SourceLocation(path: templates.tree.display(name + ".mustache")))
        case .tooManyBytes(let limit):
            diagnostics.error("page '\(page.path)' is too large to render: \(page.template).mustache makes more than the "
                              + "\(limit) bytes a page may have (the renderer's budget); make its content or template smaller",
                              at: page.source ?? SourceLocation(path: templateFile))
        case .tooLarge(let limit):
            diagnostics.error("page '\(page.path)' is too large to render: \(page.template).mustache needs more than the "
                              + "\(limit) template nodes a page may take (the renderer's budget); make its content smaller",
                              at: page.source ?? SourceLocation(path: templateFile))
        }
        return nil
    }

    /// Renders many pages on all cores.
    public func render(_ pages: [PageSpec]) async -> [OutputFile] {
        await concurrentMap(pages, jobs: jobs) { self.render($0) }.compactMap { $0 }
    }
}

/// The template values of a build that every page shares; built once, only read afterwards.
struct SharedValues: Sendable {
    /// `site`, `base`, `asOf`, `assets`, `generator`; each page's frame is a copy with its own values set.
    let frame: PageFrame
    let languages: [String: LanguageValues]
    let site: String

    init(_ frame: PageFrame, languages: [String: LanguageValues], site: String) {
        self.frame = frame
        self.languages = languages
        self.site = site
    }

    func words(_ language: String?) -> LanguageValues { language.flatMap { languages[$0] } ?? languages[site]! }

    /// The same values with one word of each language's `strings` made by `word(language)`.
    func setting(_ key: String, _ word: (String) -> String) -> SharedValues {
        SharedValues(frame, languages: Dictionary(uniqueKeysWithValues: languages.map { language, values in
            guard case .object(var strings) = values.strings else { return (language, values) }
            strings[key] = .text(word(language))
            return (language, LanguageValues(nav: values.nav, otherNav: values.otherNav, strings: .object(strings),
                                             scriptStrings: values.scriptStrings, updated: values.updated))
        }), site: site)
    }
}

/// What every page in one language shares.
struct LanguageValues: Sendable {
    /// `nav` for pages of each section the menu links to, and for all other pages.
    let nav: [String: TemplateValue]
    let otherNav: TemplateValue
    let strings: TemplateValue
    let scriptStrings: TemplateValue
    /// The as-of date written out ("Updated …" in the footer).
    let updated: TemplateValue
}

/// Typed values a command gives the kinds for one build, keyed by their type like
/// `Contributions` (`SchedulePrinting` from `sitegen build --print-sheet`): a kind reads the
/// ones it defines; the pipeline only carries them.
public struct BuildSettingValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public mutating func set<Value: Sendable>(_ value: Value) {
        values[ObjectIdentifier(Value.self)] = value
    }

    public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        values[ObjectIdentifier(type)] as? Value
    }
}
