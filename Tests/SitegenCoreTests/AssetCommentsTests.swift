import Foundation
import Testing
@testable import SitegenCore
import SitegenBuiltIn

/// The theme's scripts and stylesheets ship without comments, blank lines and indentation, and
/// with every line of code, string, template literal and regular expression as written.
@Suite("Asset comments")
struct AssetCommentsTests {
    @Test func aScriptLosesItsCommentLinesAndIndentationAndKeepsItsCode() throws {
        let script = """
        // Why this file exists.
        (function () {
          "use strict";

          // A comment line inside the function.
          var url = "http://example.org/"; // a trailing comment stays (it ends a line of code)
          var apostrophes = /['`’]/g;
          var half = total / 2; var again = /x/.test(url);
          var text = `first line
          // this line is the template literal's text, not a comment
            ${ url.replace(/\\//g, "{") }
          `;
          /* a block comment
          // whose lines are comment, kept as written
          */
        })();
        """
        let shipped = try #require(AssetComments.javaScript(script))
        #expect(shipped == """
        (function () {
        "use strict";
        var url = "http://example.org/"; // a trailing comment stays (it ends a line of code)
        var apostrophes = /['`’]/g;
        var half = total / 2; var again = /x/.test(url);
        var text = `first line
          // this line is the template literal's text, not a comment
            ${ url.replace(/\\//g, "{") }
          `;
        /* a block comment
          // whose lines are comment, kept as written
          */
        })();
        """)
    }

    @Test func aStylesheetLosesItsCommentsButNotAStringsText() throws {
        let css = """
        /* The theme.
           Two lines. */
        body {
          color: red; /* why red */
          content: "/* not a comment */";
        }

        """
        #expect(AssetComments.css(css) == "body {\ncolor: red; \ncontent: \"/* not a comment */\";\n}\n")
    }

    @Test func aFileTheScanCannotFinishShipsAsWritten() {
        let unterminated = Data("var a = \"no end\n// comment\n".utf8)
        #expect(AssetComments.stripped(unterminated, path: "assets/a.js") == unterminated)
        let image = Data([0x89, 0x50, 0x4E, 0x47])
        #expect(AssetComments.stripped(image, path: "assets/icons/icon.png") == image)
    }

    @Test func theBuiltInThemesScriptsAreStrippedAndTheVolunteersOwnFilesNot() async throws {
        let script = "// why\nvar a = 1;\n"
        let templates = try BuiltInThemeTests.site(["assets/own.js": script])
        let content = try BuiltInThemeTests.site(["static/their.js": script])
        let files = await StaticFiles.read(templates: templates, builtIn: BuiltInTheme(files: BuiltInFiles.theme),
                                           content: content, diagnostics: Diagnostics())
        #expect(files.first { $0.path == "assets/own.js" }?.data == Data(script.utf8))
        #expect(files.first { $0.path == "their.js" }?.data == Data(script.utf8))
        let shipped = try #require(files.first { $0.path == "assets/site.js" })
        let builtIn = String(decoding: try #require(BuiltInFiles.theme["assets/site.js"]), as: UTF8.self)
        #expect(builtIn.contains("\n//") || builtIn.contains("\n  //"))
        #expect(!String(decoding: shipped.data, as: UTF8.self).contains("\n//"))
        #expect(shipped.data.count < builtIn.utf8.count)
        // A copy of a theme file still as built in (`theme copy`, or this repository's Templates/)
        // ships stripped like the built-in file; a changed copy as written.
        let copies = try BuiltInThemeTests.site(["assets/site.js": builtIn, "assets/bible.js": "// mine\nvar b;\n"])
        let fromCopies = await StaticFiles.read(templates: copies, builtIn: BuiltInTheme(files: BuiltInFiles.theme),
                                                content: content, diagnostics: Diagnostics())
        #expect(fromCopies.first { $0.path == "assets/site.js" }?.data == shipped.data)
        #expect(fromCopies.first { $0.path == "assets/bible.js" }?.data == Data("// mine\nvar b;\n".utf8))
    }
}
