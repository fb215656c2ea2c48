import Testing
@testable import SitegenHymns

@Suite("Hymn body: stanzas, chorus blocks, repeat marks")
struct BodyParserTests {
    @Test func stanzasAreSeparatedByBlankLinesAndKeepTheirLines() {
        let result = parseBody("\nFirst line, Second line.\n\nOther stanza\nwritten on two lines\n")
        #expect(result.stanzas.count == 2)
        #expect(result.stanzas[0].plainText == "First line, Second line.")
        #expect(result.stanzas[1].lines.map(\.plainText) == ["Other stanza", "written on two lines"])
        #expect(result.chorus == nil && result.refrain == nil)
    }

    @Test func chorusAndRefrainBlocks() {
        let diagnostics = Diagnostics()
        let result = parseBody("""
        One.

        ::: chorus
        **In the sweet by‐and‐by, We shall meet on that beautiful shore. :,:**
        :::

        Two.

        ::: Refrain
        Nearer, my God, to Thee;
        :::
        """, diagnostics: diagnostics)
        #expect(messages(diagnostics).isEmpty)
        #expect(result.stanzas.map(\.plainText) == ["One.", "Two."])
        let chorus = result.chorus?.lines.first?.segments
        #expect(chorus == [Segment(text: "In the sweet by‐and‐by, We shall meet on that beautiful shore.", marked: true, repeatSign: ":,:")])
        #expect(result.refrain?.plainText == "Nearer, my God, to Thee;")
    }

    @Test func repeatedPassageInsideAStanza() {
        let result = parseBody("And sinners, **Lose all their guilty stains. :,:,:** And sinners.")
        #expect(result.stanzas[0].lines[0].segments == [
            .plain("And sinners, "),
            Segment(text: "Lose all their guilty stains.", marked: true, repeatSign: ":,:,:"),
            .plain(" And sinners."),
        ])
    }

    @Test func boldWithoutRepeatSignStaysMarkedWithoutSign() {
        let result = parseBody("Lempeää. **Halleluja! etc.**")
        #expect(result.stanzas[0].lines[0].segments.last == Segment(text: "Halleluja! etc.", marked: true, repeatSign: nil))
    }

    @Test func backslashEscapesAsterisksAndFences() {
        let result = parseBody("Five \\*\\* stars \\\\ here\n\\::: not a block")
        #expect(result.stanzas[0].lines.map(\.plainText) == ["Five ** stars \\ here", "::: not a block"])
    }

    @Test func unclosedChorusIsAnErrorAtItsOpeningLine() {
        let diagnostics = Diagnostics()
        _ = parseBody("One.\n\n::: chorus\nSing it again\n\nTwo.\n", diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/023.md:6:1: error: unclosed '::: chorus' block: add a line ':::' after its last line",
        ])
    }

    @Test func everyBlockMistakeIsReportedTogether() {
        let diagnostics = Diagnostics()
        _ = parseBody("""
        :::
        ::: verse
        ::: chorus
        A
        :::
        ::: chorus
        B
        :::
        Line with **open bold
        ::: refrain
        :::
        """, diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/023.md:4:1: error: ':::' closes a chorus or refrain block, but none is open",
            "Content/hymns/023.md:5:5: error: unknown block '::: verse' (write '::: chorus' or '::: refrain')",
            "Content/hymns/023.md:9:1: error: a second chorus (the first is on line 6); a hymn has one chorus, sung after every stanza",
            "Content/hymns/023.md:12:11: error: '**' opens a repeated passage that is not closed on this line (end it with '**')",
            "Content/hymns/023.md:13:1: error: empty refrain block",
        ])
    }
}

@Suite("First lines")
struct FirstLineTests {
    @Test func flattenedStanzasGiveTheirFirstLine() {
        #expect(FirstLine.guess("God bless our native land! Firm may she ever stand, Through storm") == "God bless our native land!")
        #expect(FirstLine.guess("My country! ’tis of thee, Sweet land of liberty, Of thee I sing;") == "My country! ’tis of thee")
        #expect(FirstLine.guess("God of our fathers, whose almighty hand, Leads forth in beauty") == "God of our fathers, whose almighty hand")
        #expect(FirstLine.guess("Just as I am") == "Just as I am")
        // Lines without end punctuation: cut before a capital that is not "God", "Thy"…
        #expect(FirstLine.guess("Who trusts in God a strong abode In heaven and earth possesses, Who looks") == "Who trusts in God a strong abode")
        #expect(FirstLine.guess("Praise to the Lord, the Almighty, the King of creation! O my soul") == "Praise to the Lord, the Almighty, the King of creation!")
        #expect(FirstLine.guess("Naar tid og stund den er for haand, at jeg min vei skal fare, saa hjelp") == "Naar tid og stund den er for haand")
    }

    @Test func titleDefaultsToFirstLineAndALineBrokenStanzaUsesItsRealFirstLine() throws {
        let diagnostics = Diagnostics()
        let flat = try #require(HymnFileReader.read(hymnFile(hymnText(23, body: "\nBlest be the tie that binds, Our hearts in Christian love;\n")), diagnostics: diagnostics))
        #expect(flat.title == "Blest be the tie that binds")
        let lines = try #require(HymnFileReader.read(hymnFile(hymnText(23, body: "\nO Lord, Thou art\nmy help\n")), diagnostics: diagnostics))
        #expect(lines.firstLine == "O Lord, Thou art")
        let comma = try #require(HymnFileReader.read(hymnFile(hymnText(23, body: "\nO world, behold upon the tree,\nThy life is hanging now for thee;\n")), diagnostics: diagnostics))
        #expect(comma.firstLine == "O world, behold upon the tree")
        let titled = try #require(HymnFileReader.read(hymnFile(hymnText(23, extra: "title: Sweet By and By\n")), diagnostics: diagnostics))
        #expect(titled.title == "Sweet By and By")
        #expect(messages(diagnostics).isEmpty)
    }
}

/// The body parser trims and splits lines on UTF-8 bytes for speed; what it gives must be what
/// Foundation's trimming and the character-by-character reading gave.
@Suite("Hymn body: byte-level reading matches the character version")
struct BodyParserFastPathTests {
    @Test func trimmingMatchesFoundationsWhitespaceSet() {
        let lines = ["", " ", "\t a \t", "\u{00A0}No-break\u{00A0}", "\u{3000}Ideographic\u{2003}", " \u{301}mark ",
                     "\u{200B}zero width\u{200B}", "x\u{2028}", "\u{1680}ogham", "é ", " ü"]
        for line in lines {
            let expected = line.trimmingCharacters(in: .whitespaces)
            #expect(String(HymnBodyParser.trimmingWhitespace(Substring(line))) == expected, "\(line.debugDescription)")
        }
    }

    @Test func indentCountsCharacters() {
        for line in ["  two", "\t\tx", " \u{301}joined", "   ", "none", "  \u{301}x"] {
            #expect(HymnBodyParser.indent(Substring(line)) == line.prefix { $0 == " " || $0 == "\t" }.count, "\(line.debugDescription)")
        }
    }

    @Test func unclosedMarkIsReportedAtItsCharacterColumn() {
        let diagnostics = Diagnostics()
        _ = parseBody("  Ääni é\u{301} **soi kauas", diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/023.md:4:10: error: '**' opens a repeated passage that is not closed on this line (end it with '**')",
        ])
    }

    @Test func aStarWithACombiningMarkIsNoMark() {
        let result = parseBody("Sing *\u{301}* here ** loud :,:**")
        #expect(result.stanzas[0].lines[0].segments == [
            Segment(text: "Sing *\u{301}* here "), Segment(text: " loud", marked: true, repeatSign: ":,:"),
        ])
    }
}
