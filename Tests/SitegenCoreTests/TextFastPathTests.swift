import Foundation
import Testing
@testable import SitegenCore

/// `Escape.html` and `FrontMatterDocument.split` work on UTF-8 bytes for speed. The split must
/// give exactly what the character-by-character version it replaced gave; escaping must catch
/// every special byte, even one a combining mark follows (which a Character-wise escape missed).
@Suite("Byte-level text paths match the character versions")
struct TextFastPathTests {
    static let tricky = [
        "", "plain", "Tom & Jerry's \"<b>\"", "é & ü < ö", "a&\u{301}b<c", "\u{600}&x", "'\u{308}quoted'",
        "tab\there", "crlf\r\n&", "🙂 & 👍🏽 <3", "&amp;", "<<>>''\"\"&&", "\u{301}&", "line\n<br>\nline",
    ]

    /// Every `& < > " '` byte becomes its entity, whatever follows it; all other bytes stay.
    static func referenceHTML(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func htmlEscapingCatchesEverySpecialByte() {
        for text in Self.tricky {
            #expect(Array(Escape.html(text).utf8) == Array(Self.referenceHTML(text).utf8), "\(text.debugDescription)")
        }
        // A quote followed by a combining mark is one Swift Character, but it still ends an
        // attribute in a browser: it must be escaped.
        #expect(Escape.html("x\"\u{301} onmouseover=alert(1)") == "x&quot;\u{301} onmouseover=alert(1)")
        #expect(Escape.html("a&\u{301}b<\u{308}") == "a&amp;\u{301}b&lt;\u{308}")
    }

    /// The split as it was: every line, then the YAML and the body joined again.
    static func referenceSplit(_ text: String) -> (yaml: String?, body: String, bodyFirstLine: Int)? {
        guard text.hasPrefix("---\n") || text == "---" else { return (nil, text, 1) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring) -> Bool {
            var s = line
            while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
            return s == "---" || s == "..."
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0]) }) else { return nil }
        return (lines[1..<close].joined(separator: "\n"), lines[(close + 1)...].joined(separator: "\n"), close + 2)
    }

    @Test func frontMatterSplitFindsTheSameParts() {
        let texts = [
            "---", "---\n", "---\n---", "---\n---\n", "---\n...\nbody", "---\na: 1\n---", "---\na: 1\n--- \t\nbody\n",
            "---\na: 1\n---\u{301}\n---\nbody", "---\na: é\n\n---\n\nbody\n\n", "---\na\nb\nc", "---\n----\n---\nx",
            "--- \nnot front matter", "text\n---\n", "---\ntitle: \"Ü\"\n...\n---\n", "---\n\t---\nrest\n---\n",
        ]
        for text in texts {
            let file = SourceFile(path: "x.md", url: URL(fileURLWithPath: "/tmp/x.md"), text: text)
            let diagnostics = Diagnostics()
            let document = FrontMatterDocument.split(file, diagnostics: diagnostics)
            let reference = Self.referenceSplit(text)
            #expect((document == nil) == (reference == nil), "\(text.debugDescription)")
            #expect(document?.yaml == reference?.yaml, "\(text.debugDescription)")
            #expect(document?.body == reference?.body, "\(text.debugDescription)")
            #expect(document?.bodyFirstLine == reference?.bodyFirstLine, "\(text.debugDescription)")
            #expect(diagnostics.all.count == (reference == nil ? 1 : 0))
        }
    }
}
