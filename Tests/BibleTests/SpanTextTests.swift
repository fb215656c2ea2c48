import Foundation
import Testing
@testable import SitegenBible
import SitegenCore

/// `SpanCollector` normalises verse text as it arrives, piece by piece; it must give exactly
/// what normalising the whole spans at once gave (the rule below, as it was written before).
@Suite struct SpanTextTests {
    /// The reference: whitespace runs → one space, none leading or trailing, same-style runs merged.
    static func reference(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        var lastWasSpace = true
        for span in spans {
            var text = ""
            for scalar in span.text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    if !lastWasSpace { text += " " }
                    lastWasSpace = true
                } else {
                    text.unicodeScalars.append(scalar)
                    lastWasSpace = false
                }
            }
            guard !text.isEmpty else { continue }
            if let last = result.last, last.style == span.style { result[result.count - 1].text += text } else { result.append(Span(text, span.style)) }
        }
        while let last = result.last, last.text.hasSuffix(" ") {
            let trimmed = String(last.text.dropLast())
            if trimmed.isEmpty { result.removeLast() } else { result[result.count - 1].text = trimmed }
        }
        return result
    }

    @Test func examples() {
        #expect(SpanText.normalize([Span("  In the\n  beginning  ")]) == [Span("In the beginning")])
        #expect(SpanText.normalize([Span("darkness "), Span(" was ", .added), Span(" upon")])
                == [Span("darkness "), Span("was ", .added), Span("upon")])
        #expect(SpanText.normalize([Span("a "), Span("  ", .added), Span("b")]) == [Span("a b")])
        #expect(SpanText.normalize([Span("a"), Span(" ", .added), Span("b")]) == [Span("a"), Span(" ", .added), Span("b")])
        #expect(SpanText.normalize([Span("end"), Span(" \u{2003}", .jesus)]) == [Span("end")])
        #expect(SpanText.normalize([Span("\u{00A0}א\u{3000}ALEPH.\u{0085}")]) == [Span("א ALEPH.")])
        #expect(SpanText.normalize([]) == [])
    }

    /// Random texts of words, every kind of whitespace and non-ASCII letters, in random styles,
    /// fed to the collector in random pieces. The seed is new every run and printed with any
    /// failure; SPANTEXT_SEED=N repeats that run.
    @Test func collectorMatchesTheReferenceInAnyPieces() {
        let seed = ProcessInfo.processInfo.environment["SPANTEXT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        let atoms = ["a", "LORD", "was", "\u{05D0}", "é", "\u{1F600}", "\u{1}", "\u{7F}", " ", "  ", "\n", "\t", "\r\n",
                     "\u{0085}", "\u{00A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}"]
        let styles: [Span.Style] = [[], .added, .jesus, [.jesus, .added], .divineName]
        for _ in 0..<3000 {
            let spans = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                Span((0..<Int.random(in: 0...6, using: &rng)).map { _ in atoms.randomElement(using: &rng)! }.joined(),
                     styles.randomElement(using: &rng)!)
            }
            let expected = Self.reference(spans)
            #expect(SpanText.normalize(spans) == expected, "\(spans) (SPANTEXT_SEED=\(seed))")
            var collector = SpanCollector()
            for span in spans {
                // The same text cut at random byte boundaries between scalars.
                var rest = Substring(span.text)
                while !rest.isEmpty {
                    let piece = rest.prefix(Int.random(in: 1...4, using: &rng))
                    var text = String(piece)
                    text.withUTF8 { collector.append($0, style: span.style) }
                    rest = rest.dropFirst(piece.count)
                }
            }
            #expect(collector.finish() == expected, "\(spans) (SPANTEXT_SEED=\(seed))")
        }
    }
}
