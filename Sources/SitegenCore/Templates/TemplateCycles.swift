/// Finds templates that include or extend themselves, directly or through others, when the
/// templates are loaded: such an inclusion never ends (with a list in between, the renderer's
/// depth limit was reached only after exponential work: `{{#nav}}{{> rn}}{{/nav}}` inside
/// `rn.mustache` ran past 60 s). sitegen's templates render a fixed site, so a cycle is always a
/// mistake, reported at the tag that closes it, naming the template.
enum TemplateCycles {
    /// One problem per cycle: where the reference that closes it is written, and the message.
    struct Cycle: Equatable {
        let template: String
        let reference: TemplateReference
        let message: String
    }

    static func find(in templates: [String: Template]) -> [Cycle] {
        var search = Search(templates: templates)
        for name in templates.keys.sorted() where search.state[name] == nil {
            search.visit(name)
        }
        return search.cycles
    }

    /// Depth-first search over `{{> name}}` and `{{< name}}` references, iterative so that a
    /// long chain of templates cannot overflow the stack either.
    private struct Search {
        let templates: [String: Template]
        enum Mark { case open, done }
        var state: [String: Mark] = [:]
        var cycles: [Cycle] = []

        mutating func visit(_ root: String) {
            // Each frame: a template and the index of the next reference to follow.
            var stack: [(name: String, next: Int)] = [(root, 0)]
            state[root] = .open
            while let top = stack.last {
                let references = templates[top.name]?.references ?? []
                guard top.next < references.count else {
                    state[top.name] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let reference = references[top.next]
                guard templates[reference.name] != nil else { continue }   // unknown: reported elsewhere
                switch state[reference.name] {
                case .open:
                    let start = stack.firstIndex { $0.name == reference.name } ?? 0
                    let chain = stack[start...].map(\.name) + [reference.name]
                    let message = chain.count == 2
                        ? "template '\(reference.name)' includes itself"
                        : "template '\(reference.name)' includes itself through \(chain.joined(separator: " → "))"
                    cycles.append(Cycle(template: top.name, reference: reference, message: message))
                case .done:
                    continue
                case nil:
                    state[reference.name] = .open
                    stack.append((reference.name, 0))
                }
            }
        }
    }
}
