import Foundation

/// Which templates use which: `{{<layout}}` (inheritance) and `{{>partial}}`. When a template
/// changes, every page whose template reaches it through these references is rendered again.
struct TemplateGraph: Sendable {
    /// template → templates it references directly.
    private(set) var uses: [String: Set<String>] = [:]

    /// The references of the compiled templates (a template that did not compile has none;
    /// the build stops on its error anyway).
    init(library: TemplateLibrary) {
        for name in library.names { uses[name] = library.references(of: name) }
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
