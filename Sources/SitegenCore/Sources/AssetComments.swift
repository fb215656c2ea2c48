import Foundation

/// The theme's scripts and stylesheets ship without their comments. The files in `Templates/assets/`
/// explain themselves at length (the project's way), and a phone paid for that on its first search:
/// 8 of the ~73 KB gzipped (docs/search.md, "What a cold query costs"). Nothing else changes: a
/// script loses only its lines that hold nothing but a `//` comment, its blank lines and its
/// lines' indentation (no code is touched, so no minifier's risks: the line numbers move, nothing
/// else), a stylesheet its `/* … */` comments, blank lines and indentation.
/// The same input gives the same bytes; a file the scanner cannot read to its end (an unterminated
/// string or comment) is copied as it is.
enum AssetComments {
    static func stripped(_ data: Data, path: String) -> Data {
        guard path.hasSuffix(".js") || path.hasSuffix(".css"), let text = String(data: data, encoding: .utf8) else { return data }
        let result = path.hasSuffix(".js") ? javaScript(text) : css(text)
        return result.map { Data($0.utf8) } ?? data
    }

    /// A stylesheet without `/* … */` comments (outside quoted strings), indentation and blank
    /// lines. `nil` when a string or comment does not end.
    static func css(_ text: String) -> String? {
        var out = String.UnicodeScalarView()
        let chars = Array(text.unicodeScalars)
        var index = 0
        while index < chars.count {
            let char = chars[index]
            if char == "\"" || char == "'" {
                guard let end = stringEnd(chars, from: index) else { return nil }
                out.append(contentsOf: chars[index...end])
                index = end + 1
            } else if char == "/", index + 1 < chars.count, chars[index + 1] == "*" {
                guard let close = commentEnd(chars, from: index + 2) else { return nil }
                index = close + 2
            } else if char == "\n" {
                // Outside strings and comments: the next line's indentation goes, and a line left blank.
                if let last = out.last, last != "\n" { out.append(char) }
                index += 1
                while index < chars.count, chars[index] == " " || chars[index] == "\t" || chars[index] == "\n" { index += 1 }
            } else {
                out.append(char)
                index += 1
            }
        }
        return String(out)
    }

    /// A script without its lines that hold only a `//` comment. A line starting inside a
    /// template literal, a block comment or a string is code (or text) and kept; a `/` after
    /// an operator opens a regular expression, whose quotes and backticks are not strings.
    /// `nil` when the scan does not end in code.
    static func javaScript(_ text: String) -> String? {
        var scanner = ScriptScanner()
        var kept: [Substring] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            // A line starting in code loses its indentation (JavaScript reads none), and goes
            // when it is blank or only a comment (the file's final newline stays).
            let code = scanner.atCode ? line.drop(while: { $0 == " " || $0 == "\t" }) : line
            if scanner.atCode, (code.isEmpty && number < lines.count - 1) || code.hasPrefix("//") { continue }
            kept.append(code)
            guard scanner.read(Array(line.unicodeScalars)) else { return nil }
        }
        return scanner.atCode ? kept.joined(separator: "\n") : nil
    }

    /// Where the quote that closes the string opened at `start` stands (a backslash escapes the next character).
    static func stringEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        while index < chars.count {
            if chars[index] == "\\" { index += 2; continue }
            if chars[index] == chars[start] { return index }
            index += 1
        }
        return nil
    }

    /// Where the `*/` that closes a comment starts.
    private static func commentEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 1 < chars.count {
            if chars[index] == "*", chars[index + 1] == "/" { return index }
            index += 1
        }
        return nil
    }
}

/// Where a script's scan stands at the end of a line: enough of JavaScript's lexical grammar to
/// know whether the next line starts in code (strings, template literals with `${}` nesting,
/// block comments, regular expressions after an operator or a keyword).
struct ScriptScanner {
    private enum State: Equatable { case code, blockComment, template }
    private var state = State.code
    /// One entry per open `${`: the `{` depth inside it, so that its `}` returns to the template.
    private var templateBraces: [Int] = []
    /// The last significant character or word, to tell a regular expression from a division.
    private var regexAllowed = true

    var atCode: Bool { state == .code && templateBraces.isEmpty }

    private static let regexAfterWords: Set<String> = ["return", "typeof", "case", "do", "else", "in", "of", "void",
                                                       "delete", "new", "throw", "yield", "await", "instanceof"]

    /// Reads one line (without its newline); false when a string or regular expression does not end on it.
    mutating func read(_ chars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < chars.count {
            switch state {
            case .blockComment:
                if chars[index] == "*", index + 1 < chars.count, chars[index + 1] == "/" { state = .code; index += 2 } else { index += 1 }
            case .template:
                index = readTemplate(chars, from: index)
            case .code:
                guard let next = readCode(chars, from: index) else { return false }
                index = next
            }
        }
        return true
    }

    private mutating func readTemplate(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        let char = chars[start]
        if char == "\\" { return start + 2 }
        if char == "`" { state = .code; regexAllowed = false; return start + 1 }
        if char == "$", start + 1 < chars.count, chars[start + 1] == "{" {
            templateBraces.append(0)
            state = .code
            regexAllowed = true
            return start + 2
        }
        return start + 1
    }

    /// One token of code; the index after it, or nil when a string or regular expression runs off the line.
    private mutating func readCode(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
        let char = chars[start]
        let next = start + 1 < chars.count ? chars[start + 1] : nil
        switch char {
        case " ", "\t", "\r":
            return start + 1
        case "/" where next == "/":
            return chars.count
        case "/" where next == "*":
            state = .blockComment
            return start + 2
        case "/" where regexAllowed:
            regexAllowed = false
            return regexEnd(chars, from: start).map { $0 + 1 }
        case "\"", "'":
            regexAllowed = false
            return AssetComments.stringEnd(chars, from: start).map { $0 + 1 }
        case "`":
            state = .template
            return start + 1
        case "{":
            if !templateBraces.isEmpty { templateBraces[templateBraces.count - 1] += 1 }
            regexAllowed = true
            return start + 1
        case "}":
            if let depth = templateBraces.last {
                if depth == 0 { templateBraces.removeLast(); state = .template; return start + 1 }
                templateBraces[templateBraces.count - 1] -= 1
            }
            regexAllowed = true
            return start + 1
        default:
            if char.properties.isAlphabetic || char == "_" || char == "$" || ("0"..."9").contains(char) {
                var end = start
                while end < chars.count, chars[end].properties.isAlphabetic || chars[end] == "_" || chars[end] == "$"
                        || ("0"..."9").contains(chars[end]) { end += 1 }
                regexAllowed = Self.regexAfterWords.contains(String(String.UnicodeScalarView(chars[start..<end])))
                return end
            }
            regexAllowed = !(char == ")" || char == "]")
            return start + 1
        }
    }

    private func regexEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        var inClass = false
        while index < chars.count {
            switch chars[index] {
            case "\\": index += 1
            case "[": inClass = true
            case "]": inClass = false
            case "/" where !inClass: return index
            default: break
            }
            index += 1
        }
        return nil
    }
}
