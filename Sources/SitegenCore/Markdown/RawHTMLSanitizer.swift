/// What `raw_html: true` lets through: an allow-list of elements and attributes, rebuilt from
/// the parsed tags rather than passed on as written.
///
/// The attack on issue 17 fired alerts through `<img src=x onerror=…>`, `<svg onload>`,
/// `<details open ontoggle>`, `<a href="javascript:">` and the `<math><mglyph><style>` parser
/// trick. Here a tag is kept only if its element is in `elements`; of its attributes only those in
/// `globalAttributes` or `attributes[element]` are kept (never an `on…` handler, never `style`),
/// with their values re-escaped; `href` and `src` must pass `LinkSafety` after entities are
/// decoded (`javascript&colon;` included). Anything else that starts with `<` is shown as text,
/// and comments are dropped (`<!-->` ends where HTML ends it; an unclosed one is text). A
/// closing tag closes only what the same container opened and everything still open is closed
/// at the container's end, so the output is balanced inside its block. Text between tags passes
/// as written (cmark-gfm's tag filter still neutralises `<script>`-like text in the output).
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

    static let voidElements: Set<String> = ["br", "hr", "img", "wbr"]

    /// `html` rebuilt, balanced on its own: what it opens and does not close is closed at its end.
    public static func sanitize(_ html: String) -> String {
        var open = OpenElements()
        return sanitize(html, open: &open) + open.closingAll()
    }

    /// `html` rebuilt against the elements its container opened so far (`open`): a closing tag
    /// closes only an element opened there (`</article>` cannot close the layout's), and what is
    /// still open afterwards is left in `open` for the caller to close at the container's end.
    ///
    /// Linear in the length of `html`: a `<` that does not start a tag is shown as text after a
    /// look no further than the next `<` outside quotes (attribute names and unquoted values
    /// cannot hold `<`), and quoted values and comment ends are found with `NextScalar`, which
    /// never scans the same stretch twice.
    static func sanitize(_ html: String, open: inout OpenElements) -> String {
        var reader = TagReader(Array(html.unicodeScalars))
        // A String grown with `+=`: `UnicodeScalarView.append(contentsOf:)` copied the whole
        // view each time (quadratic: 40,000 `<` took seconds).
        var out = ""
        while let scalar = reader.peek {
            guard scalar == "<" else { out.unicodeScalars.append(scalar); reader.i += 1; continue }
            if let end = reader.commentEnd() {
                reader.i = end
            } else if let tag = reader.tag() {
                out += render(tag, open: &open)
            } else {
                out += "&lt;"
                reader.i += 1
            }
        }
        return out
    }

    /// A tag as it is written out, or nothing for a closing tag with no element open to close.
    static func render(_ tag: Tag, open: inout OpenElements) -> String {
        if tag.closing { return voidElements.contains(tag.name) ? "" : open.close(tag.name) }
        if !voidElements.contains(tag.name) { open.open(tag.name) }
        let rendered = tag.attributes.map { " \($0.name)=\"\(escape($0.value))\"" }.joined()
        return "<\(tag.name)\(rendered)>"
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

    /// What an attribute is kept as, or nil when it is dropped (not allowed here, an unknown
    /// entity, an unsafe URL).
    static func kept(_ attribute: String, _ value: String, of element: String) -> Tag.Attribute? {
        let name = attribute.lowercased()
        guard globalAttributes.contains(name) || attributes[element]?.contains(name) == true,
              let decoded = decodeEntities(value) else { return nil }
        if urlAttributes.contains(name), LinkSafety.problem(decoded) != nil { return nil }
        return Tag.Attribute(name: name, value: decoded)
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
