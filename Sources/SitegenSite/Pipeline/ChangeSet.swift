import Foundation

/// What a set of changed source files means for the build: which content kinds must be read
/// again (by the folders each kind declares), whether the static files or templates changed,
/// and whether everything depends on it.
struct ChangeSet: Sendable, Equatable {
    /// site.yml (or a file no kind claims): everything is read and rendered again.
    var everything = false
    /// Indices (in the site's list of kinds) of the kinds to read again.
    var kinds = Set<Int>()
    /// `Templates/assets/` or `Content/static/`.
    var statics = false
    /// Names of changed `*.mustache` files (`hymn` for Templates/hymn.mustache).
    var templates = Set<String>()

    var isEmpty: Bool { !everything && kinds.isEmpty && !statics && templates.isEmpty }

    /// Nothing changed (a run that only settles what an earlier one deferred).
    static let none = ChangeSet()

    static func all(kindCount: Int) -> ChangeSet {
        var all = ChangeSet()
        all.everything = true
        all.statics = true
        all.kinds = Set(0..<kindCount)
        return all
    }

    private init() {}

    /// Classifies absolute paths below the content and templates roots.
    init(paths: Set<String>, content: URL, templates: URL, kinds: [KindSources]) {
        let contentRoot = content.standardizedFileURL.path + "/"
        let templatesRoot = templates.standardizedFileURL.path + "/"
        for path in paths {
            if path.hasPrefix(templatesRoot) {
                classify(template: String(path.dropFirst(templatesRoot.count)))
            } else if path.hasPrefix(contentRoot) {
                classify(content: String(path.dropFirst(contentRoot.count)), kinds: kinds)
            } else {
                everything = true
            }
        }
        if everything { self = .all(kindCount: kinds.count) }
    }

    private mutating func classify(template relative: String) {
        if relative.hasPrefix("assets/") {
            statics = true
            // Whether custom.css is there decides a line of the layout (`assets.custom`): every page.
            if relative == "assets/" + BuiltInTheme.customStylesheet { templates.insert("layout") }
        } else if relative.hasSuffix(".mustache") {
            templates.insert(String(relative.dropLast(".mustache".count)))
        }
        // Other files in Templates/ (a README, an editor's backup) are read by nothing.
    }

    private mutating func classify(content relative: String, kinds: [KindSources]) {
        let top = relative.split(separator: "/").first.map(String.init) ?? relative
        // The string tables are read with site.yml and their words are on every page.
        if top == StringTable.folder {
            everything = true
            return
        }
        var claimed = false
        if top == StaticFiles.contentFolder {
            statics = true
            claimed = true
        }
        for (index, sources) in kinds.enumerated() {
            if sources.folders.contains(top) {
                self.kinds.insert(index)
                claimed = true
            }
            if sources.checksAgainst.contains(top) {
                self.kinds.insert(index)
                claimed = true
            }
        }
        if claimed { return }
        // A README beside site.yml is read by nothing.
        if !relative.contains("/"), relative.hasSuffix(".md") || relative.hasSuffix(".txt") { return }
        // site.yml, or a file only some reader might look at: be safe, rebuild all.
        everything = true
    }
}
