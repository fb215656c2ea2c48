import Foundation

/// What a set of changed source files means for the build: which kinds of content must be
/// read again, which templates changed, and whether everything depends on it.
struct ChangeSet: Sendable, Equatable {
    enum Kind: Sendable, Hashable, CaseIterable {
        case pages, hymns, bible, schedule, statics, templates
    }

    /// site.yml (or a file no reader claims): everything is read and rendered again.
    var everything = false
    var kinds = Set<Kind>()
    /// Names of changed `*.mustache` files (`hymn` for Templates/hymn.mustache).
    var templates = Set<String>()

    var isEmpty: Bool { !everything && kinds.isEmpty }

    static var all: ChangeSet { ChangeSet(everything: true, kinds: Set(Kind.allCases)) }

    /// Classifies absolute paths below the content and templates roots.
    init(paths: Set<String>, content: URL, templates: URL) {
        let contentRoot = content.standardizedFileURL.path + "/"
        let templatesRoot = templates.standardizedFileURL.path + "/"
        for path in paths {
            if path.hasPrefix(templatesRoot) {
                classify(template: String(path.dropFirst(templatesRoot.count)))
            } else if path.hasPrefix(contentRoot) {
                classify(content: String(path.dropFirst(contentRoot.count)))
            } else {
                everything = true
            }
        }
        if everything { kinds = Set(Kind.allCases) }
    }

    private init(everything: Bool, kinds: Set<Kind>) {
        self.everything = everything
        self.kinds = kinds
    }

    private mutating func classify(template relative: String) {
        if relative.hasPrefix("assets/") {
            kinds.insert(.statics)
        } else if relative.hasSuffix(".mustache") {
            kinds.insert(.templates)
            templates.insert(String(relative.dropLast(".mustache".count)))
        }
        // Other files in Templates/ (a README, an editor's backup) are read by nothing.
    }

    private mutating func classify(content relative: String) {
        let top = relative.split(separator: "/").first.map(String.init) ?? relative
        switch top {
        case "pages": kinds.insert(.pages)
        case "hymns": kinds.insert(.hymns)
        case "bible": kinds.insert(.bible)
        case "schedule", "localities": kinds.insert(.schedule)
        // Locality pages check their photos against Content/static/.
        case "static": kinds.formUnion([.statics, .schedule])
        default:
            // site.yml, or a file only some reader might look at: be safe, rebuild all.
            if !relative.contains("/"), relative.hasSuffix(".md") || relative.hasSuffix(".txt") { return }
            everything = true
        }
    }
}
