import Foundation

/// Which templates use which: `{{<layout}}` (inheritance) and `{{>partial}}`. When a template
/// changes, every page whose template reaches it through these references is rendered again.
struct TemplateGraph: Sendable {
    /// template → templates it references directly.
    private(set) var uses: [String: Set<String>] = [:]

    /// Reads every `*.mustache` below `tree` (not assets), like `TemplateLibrary.load`.
    init(tree: SourceTree) {
        let quiet = Diagnostics()   // the library reports the real problems
        let pattern = try! NSRegularExpression(pattern: #"\{\{\s*[<>]\s*([^\s}]+)\s*\}\}"#)
        for relative in tree.files(withExtensions: ["mustache"], diagnostics: quiet) where !relative.hasPrefix("assets/") {
            guard let text = try? String(contentsOf: tree.fileURL(relative), encoding: .utf8) else { continue }
            let ns = text as NSString
            let names = pattern.matches(in: text, range: NSRange(location: 0, length: ns.length))
                .map { ns.substring(with: $0.range(at: 1)) }
            uses[String(relative.dropLast(".mustache".count))] = Set(names)
        }
    }

    /// The changed templates and every template that (transitively) uses one of them.
    func affected(by changed: Set<String>) -> Set<String> {
        var result = changed
        var grew = true
        while grew {
            grew = false
            for (name, targets) in uses where !result.contains(name) && !targets.isDisjoint(with: result) {
                result.insert(name)
                grew = true
            }
        }
        return result
    }
}
