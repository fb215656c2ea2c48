extension RawHTMLSanitizer {
    /// A tag the allow-list keeps, with the attributes it keeps.
    struct Tag {
        struct Attribute { let name: String; let value: String }
        let name: String
        let closing: Bool
        let attributes: [Attribute]
    }

    /// Reads tags and comments of one raw HTML text, never reading a stretch twice.
    struct TagReader {
        let s: [Unicode.Scalar]
        var i = 0
        private var doubleQuote = NextMatch("\"")
        private var singleQuote = NextMatch("'")
        private var commentClose = NextMatch("-->")

        init(_ scalars: [Unicode.Scalar]) { s = scalars }

        var peek: Unicode.Scalar? { i < s.count ? s[i] : nil }

        /// The index after the comment at `i`, or nil when none starts there or it never ends.
        /// `<!-->` and `<!--->` end at once, as HTML ends them.
        mutating func commentEnd() -> Int? {
            guard starts("<!--", at: i) else { return nil }
            if starts(">", at: i + 4) { return i + 5 }
            if starts("->", at: i + 4) { return i + 6 }
            return commentClose.next(in: s, from: i + 4).map { $0 + 3 }
        }

        /// The allowed, well-formed tag at `i` (moving past it), or nil.
        mutating func tag() -> Tag? {
            var j = i + 1
            let closing = j < s.count && s[j] == "/"
            if closing { j += 1 }
            let nameStart = j
            while j < s.count, Self.isLetterOrDigit(s[j]) { j += 1 }
            guard j > nameStart, !("0"..."9").contains(s[nameStart]) else { return nil }
            let name = text(nameStart..<j).lowercased()
            guard RawHTMLSanitizer.elements.contains(name) else { return nil }
            var attributes: [Tag.Attribute] = []
            while true {
                while j < s.count, RawHTMLSanitizer.isSpace(s[j]) || s[j] == "/" { j += 1 }
                guard j < s.count else { return nil }
                if s[j] == ">" { j += 1; break }
                guard let (attribute, value, end) = attribute(at: j) else { return nil }
                j = end
                if !closing, let kept = RawHTMLSanitizer.kept(attribute, value, of: name) { attributes.append(kept) }
            }
            i = j
            return Tag(name: name, closing: closing, attributes: attributes)
        }

        /// An attribute's name, value and the index after it. Names and unquoted values stop at
        /// a `<` (not a tag, then), so a failed tag is never read past the next `<` but for a
        /// quoted value.
        private mutating func attribute(at start: Int) -> (String, String, Int)? {
            var j = start
            while j < s.count, !RawHTMLSanitizer.isSpace(s[j]), !"/>=\"'<`".unicodeScalars.contains(s[j]) { j += 1 }
            guard j > start else { return nil }
            let name = text(start..<j)
            var k = j
            while k < s.count, RawHTMLSanitizer.isSpace(s[k]) { k += 1 }
            guard k < s.count, s[k] == "=" else { return (name, "", j) }
            k += 1
            while k < s.count, RawHTMLSanitizer.isSpace(s[k]) { k += 1 }
            guard k < s.count else { return nil }
            if s[k] == "\"" || s[k] == "'" {
                let close = s[k] == "\"" ? doubleQuote.next(in: s, from: k + 1) : singleQuote.next(in: s, from: k + 1)
                guard let close else { return nil }
                return (name, text((k + 1)..<close), close + 1)
            }
            let valueStart = k
            while k < s.count, !RawHTMLSanitizer.isSpace(s[k]), s[k] != ">" {
                guard !"<\"'=`".unicodeScalars.contains(s[k]) else { return nil }
                k += 1
            }
            return (name, text(valueStart..<k), k)
        }

        private func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(s[range])) }

        private func starts(_ text: String, at index: Int) -> Bool {
            var k = index
            for scalar in text.unicodeScalars {
                guard k < s.count, s[k] == scalar else { return false }
                k += 1
            }
            return true
        }

        static func isLetterOrDigit(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }
    }

    /// The next occurrence of a short pattern, remembering the last search: a later search from
    /// inside the stretch already searched answers at once, so searching from ever later starts
    /// reads each scalar once (an unclosed quote or comment is not looked for again and again).
    struct NextMatch {
        let pattern: [Unicode.Scalar]
        private var searched: Range<Int>?
        private var found: Int?

        init(_ pattern: String) { self.pattern = Array(pattern.unicodeScalars) }

        mutating func next(in s: [Unicode.Scalar], from start: Int) -> Int? {
            if let searched, searched.lowerBound <= start, start <= searched.upperBound {
                return found
            }
            var j = start
            while j + pattern.count <= s.count, !s[j..<(j + pattern.count)].elementsEqual(pattern) { j += 1 }
            found = j + pattern.count <= s.count ? j : nil
            searched = start..<(found ?? s.count)
            return found
        }
    }

    /// The elements raw HTML opened in one container (a paragraph, a list item, the page) and
    /// has not closed yet, innermost last.
    struct OpenElements {
        private var names: [String] = []
        private var counts: [String: Int] = [:]

        var isEmpty: Bool { names.isEmpty }

        mutating func open(_ name: String) {
            names.append(name)
            counts[name, default: 0] += 1
        }

        /// The closing tags for `name` and everything opened inside it, or "" when `name` is
        /// not open here (the tag is dropped).
        mutating func close(_ name: String) -> String {
            guard counts[name, default: 0] > 0, let index = names.lastIndex(of: name) else { return "" }
            let closed = names[index...].reversed()
            for element in closed { counts[element, default: 1] -= 1 }
            defer { names.removeSubrange(index...) }
            return closed.map { "</\($0)>" }.joined()
        }

        mutating func closingAll() -> String {
            defer { names = []; counts = [:] }
            return names.reversed().map { "</\($0)>" }.joined()
        }
    }
}
