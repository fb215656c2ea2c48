/// What `raw_html: true` lets through: an allow-list of elements and attributes, rebuilt from
/// the parsed tags rather than passed on as written.
///
/// The attack on issue 17 fired alerts through `<img src=x onerror=…>`, `<svg onload>`,
/// `<details open ontoggle>`, `<a href="javascript:">` and the `<math><mglyph><style>` parser
/// trick. Here a tag is kept only if its element is in `elements`; of its attributes only those in
/// `globalAttributes` or `attributes[element]` are kept (never an `on…` handler, never `style`),
/// with their values re-escaped; `href` and `src` must pass `LinkSafety` after entities are
/// decoded (`javascript&colon;` included). Anything else that starts with `<` is shown as text,
/// and comments are dropped. Text between tags passes as written (cmark-gfm's tag filter still
/// neutralises `<script>`-like text in the output).
public enum RawHTMLSanitizer {
    static let elements: Set<String> = [
        "a", "abbr", "article", "aside", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del", "details", "dfn", "div", "dl",
        "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li",
        "mark", "ol", "p", "pre", "q", "s", "samp", "section", "small", "span", "strong", "sub", "summary", "sup", "table",
        "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
    ]
    static let globalAttributes: Set<String> = ["class", "id", "title", "lang", "dir"]
    static let attributes: [String: Set<String>] = [
        "a": ["href"], "img": ["src", "alt", "width", "height"], "td": ["colspan", "rowspan"],
        "th": ["colspan", "rowspan", "scope"], "ol": ["start", "reversed"], "time": ["datetime"],
        "details": ["open"], "q": ["cite"], "blockquote": ["cite"],
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite"]

    public static func sanitize(_ html: String) -> String {
        let s = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            guard s[i] == "<" else { out.append(s[i]); i += 1; continue }
            if matches(s, i, "<!--") {
                i = find(s, from: i + 4, "-->").map { $0 + 3 } ?? s.count
                continue
            }
            if let (tag, end) = tag(s, at: i) {
                out.append(contentsOf: tag.unicodeScalars)
                i = end
            } else {
                out.append(contentsOf: "&lt;".unicodeScalars)
                i += 1
            }
        }
        return String(out)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

    static func matches(_ s: [Unicode.Scalar], _ i: Int, _ text: String) -> Bool {
        let t = Array(text.unicodeScalars)
        return i + t.count <= s.count && Array(s[i..<(i + t.count)]) == t
    }

    static func find(_ s: [Unicode.Scalar], from start: Int, _ text: String) -> Int? {
        var i = start
        while i < s.count { if matches(s, i, text) { return i }; i += 1 }
        return nil
    }

    /// The rebuilt tag starting at `start` (a `<`) and the index after it, or nil if it is not an
    /// allowed, well-formed tag.
    static func tag(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var i = start + 1
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        var name = ""
        while i < s.count, ("a"..."z").contains(s[i]) || ("A"..."Z").contains(s[i])
                || ("0"..."9").contains(s[i]) {
            name.unicodeScalars.append(s[i]); i += 1
        }
        name = name.lowercased()
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), elements.contains(name) else { return nil }
        var kept: [(String, String)] = []
        while true {
            while i < s.count, isSpace(s[i]) || s[i] == "/" { i += 1 }
            guard i < s.count else { return nil }
            if s[i] == ">" { i += 1; break }
            var attribute = ""
            while i < s.count, !isSpace(s[i]), s[i] != "/", s[i] != ">", s[i] != "=" { attribute.unicodeScalars.append(s[i]); i += 1 }
            var value = ""
            var j = i
            while j < s.count, isSpace(s[j]) { j += 1 }
            if j < s.count, s[j] == "=" {
                j += 1
                while j < s.count, isSpace(s[j]) { j += 1 }
                guard j < s.count else { return nil }
                if s[j] == "\"" || s[j] == "'" {
                    let quote = s[j]
                    j += 1
                    while j < s.count, s[j] != quote { value.unicodeScalars.append(s[j]); j += 1 }
                    guard j < s.count else { return nil }
                    j += 1
                } else {
                    while j < s.count, !isSpace(s[j]), s[j] != ">" { value.unicodeScalars.append(s[j]); j += 1 }
                }
                i = j
            }
            if attribute.isEmpty { return nil }
            let lowered = attribute.lowercased()
            guard !closing, globalAttributes.contains(lowered) || attributes[name]?.contains(lowered) == true,
                  let decoded = decodeEntities(value) else { continue }
            if urlAttributes.contains(lowered), LinkSafety.problem(decoded) != nil { continue }
            kept.append((lowered, decoded))
        }
        if closing { return ("</\(name)>", i) }
        let rendered = kept.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        return ("<\(name)\(rendered)>", i)
    }

    /// Decodes the entities attribute values use; nil when one is unknown (the attribute is dropped
    /// rather than guessed at: `&colon;` and friends are how scheme filters are fooled).
    static func decodeEntities(_ value: String) -> String? {
        guard value.contains("&") else { return value }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var result = "", rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: amp)..<semi]
            if let text = named[String(entity)] {
                result += text
            } else if entity.hasPrefix("#"), let code = entity.dropFirst().lowercased().hasPrefix("x")
                        ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                      let scalar = Unicode.Scalar(code), code >= 0x20 {
                result.unicodeScalars.append(scalar)
            } else {
                return nil
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
