import Foundation

/// schema.org structured data for a page's head (`<script type="application/ld+json">`), as
/// typed JSON values. A kind sets the page value `jsonLD` to `LinkedData.script(…)`; the layout
/// writes it unescaped, so the text escapes what could end the script itself.
public indirect enum LinkedData: Encodable, Sendable, Hashable {
    case text(String)
    case number(Double)
    case object([String: LinkedData])
    case list([LinkedData])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .object(let object): try container.encode(object)
        case .list(let list): try container.encode(list)
        }
    }

    /// A schema.org object of `type` with `members`; nil members are left out.
    public static func thing(_ type: String, _ members: [String: LinkedData?]) -> LinkedData {
        .object(members.compactMapValues { $0 }.merging(["@type": .text(type)]) { own, _ in own })
    }

    /// The JSON of `items` (one object, or a list under `@graph`) with the schema.org context,
    /// keys sorted; `<`, `>` and `&` written as `\u003c`… so no text (a title holding
    /// `</script>`) ends the script element. Nil without items.
    public static func script(_ items: [LinkedData]) -> String? {
        guard let first = items.first else { return nil }
        var root: [String: LinkedData] = ["@context": .text("https://schema.org")]
        if items.count == 1, case .object(let object) = first {
            root.merge(object) { own, _ in own }
        } else {
            root["@graph"] = .list(items)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only strings, finite numbers, objects and arrays: always encodable.
        let json = String(decoding: (try? encoder.encode(LinkedData.object(root))) ?? Data("{}".utf8), as: UTF8.self)
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
