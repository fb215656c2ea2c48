import Synchronization

/// Finds templates that include or extend themselves, directly or through others. Such
/// recursion is allowed (a tree of items ends with the data), so a cycle is not an error in
/// itself; but when the renderer gives up on a page (`TemplateRenderer.maximumDepth` or
/// `maximumSteps`), the message names the template of the cycle that includes itself rather
/// than whichever template or block happened to be open at that moment (it once said
/// `head.mustache`, a block name, for `{{> page}}` inside page.mustache).
enum TemplateCycles {
    /// One problem per cycle: where the reference that closes it is written, and the message.
    struct Cycle: Equatable {
        let template: String
        let reference: TemplateReference
        let message: String
        /// The templates of the cycle, from the one that includes itself round to it again.
        let chain: [String]
    }

    /// The template to name for a runaway that stopped in `name`: the self-including template
    /// of the first cycle through `name`, else of the first cycle (a parent such as `layout` is
    /// open in every page, so it is often where the limit is hit), else `name` itself.
    static func selfIncluding(_ name: String, in templates: [String: Template]) -> String {
        let cycles = find(in: templates)
        return (cycles.first { $0.chain.contains(name) } ?? cycles.first)?.reference.name ?? name
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
                    cycles.append(Cycle(template: top.name, reference: reference, message: message, chain: chain))
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

/// The templates that ran away in this library's renders so far, shared by all of its pages:
/// a page whose template can reach one of them fails at once with the same error instead of
/// spending the whole step budget again (300 pages × the budget took minutes).
final class RunawayMemo: Sendable {
    private let seen = Mutex<Set<String>>([])

    func record(_ name: String) { seen.withLock { _ = $0.insert(name) } }

    /// A recorded runaway that `name` includes, directly or through others.
    func known(from name: String, in templates: [String: Template]) -> String? {
        let recorded = seen.withLock { $0 }
        guard !recorded.isEmpty else { return nil }
        var queue = [name], visited: Set<String> = [name]
        while let next = queue.popLast() {
            if recorded.contains(next) { return next }
            for reference in templates[next]?.references ?? [] where visited.insert(reference.name).inserted {
                queue.append(reference.name)
            }
        }
        return nil
    }
}
