import Foundation
import Testing
@testable import SitegenBible

@Suite struct ReferenceTests {
    func passages(_ text: String) async throws -> [Passage] {
        try ReferenceParser.reading(text, in: try await kjv()).get().passages
    }

    @Test func parsesThePlansReferenceForms() async throws {
        let luke = try await passages("Luke 1:39ff")[0]
        #expect((luke.startChapter, luke.startVerse, luke.endChapter, luke.endVerse) == (1, 39, 1, 80))
        let isaiah = try await passages("Isaiah 9:8-10:4")[0]
        #expect((isaiah.startChapter, isaiah.startVerse, isaiah.endChapter, isaiah.endVerse) == (9, 8, 10, 4))
        let exodus = try await passages("Exodus 11-12:21")[0]
        #expect((exodus.startChapter, exodus.startVerse, exodus.endChapter, exodus.endVerse) == (11, 1, 12, 21))
        let genesis = try await passages("Genesis 9-10")[0]
        #expect(genesis.wholeChapters && genesis.endVerse == 32)
        #expect(try await passages("Jeremiah 36 & 45").map(\.startChapter) == [36, 45])
        #expect(try await passages("1 John 3:16")[0].book.osis == "1John")
        #expect(try await passages("Song of Songs 1")[0].book.osis == "Song")
        #expect(try await passages("Acts  \n4")[0].startChapter == 4)
    }

    @Test func rejectsReferencesThatDoNotExist() async throws {
        let t = try await kjv()
        func message(_ text: String) -> String? {
            if case .failure(let error) = ReferenceParser.reading(text, in: t) { return error.description }
            return nil
        }
        #expect(message("Genesis 51") == "Genesis has no chapter 51 (it has 50)")
        #expect(message("John 3:37") == "John 3 has no verse 37 (it has 36)")
        #expect(message("Hezekiah 1") == "unknown book 'Hezekiah' in 'Hezekiah 1'")
        #expect(message("Luke 2:5-1") == "'Luke 2:5-1' ends before it begins")
        #expect(message("Psalms") == "'Psalms' is not a reference like 'John 3:16' or 'Genesis 9-10'")
    }
}

@Suite struct PlanTests {
    @Test func bundledPlanHas365DaysOfFourReadings() async throws {
        let (library, problems) = await bundledBible.value
        #expect(problems.isEmpty)
        let plan = try #require(library?.plan)
        #expect(plan.days.count == 365)
        #expect(plan.days.allSatisfy { $0.readings.count == 4 })
        #expect(plan.days.first { $0.key == "01-04" }?.readings[3].label == "Acts 4")
        #expect(!plan.days.contains { $0.key == "02-29" })
    }

    /// Every reading on the plan page links to a chapter page the site really builds.
    @Test func everyPlanReadingLinksToAnExistingChapterPage() async throws {
        let (library, _) = await bundledBible.value
        let lib = try #require(library)
        let context = try renderContext()
        let paths = Set(BiblePages.specs(lib, context: context).map { context.url($0.path) })
        // The month pages (bible/plan/01/ … 12/), not the default page that repeats one of them.
        let months = BiblePages.specs(lib, context: context).filter { $0.path.hasPrefix(BiblePaths.plan) && $0.path != BiblePaths.plan }
        #expect(months.map(\.path) == (1...12).map { String(format: "bible/plan/%02d/", $0) })
        let days = try months.flatMap { try #require($0.values["days"]?.items) }
        #expect(days.count == 365)
        var links = 0
        for day in days {
            for reading in try #require(day["readings"]?.items) {
                for link in try #require(reading["links"]?.items) {
                    let url = try #require(link["url"]?.string)
                    let page = String(url.split(separator: "#", maxSplits: 1)[0])
                    #expect(paths.contains(page), "\(url) has no page")
                    if let anchor = url.split(separator: "#").dropFirst().first {
                        let number = Int(anchor.dropFirst())!
                        #expect(anchor.hasPrefix("v") && number > 1)
                    }
                    links += 1
                }
            }
        }
        #expect(links == 1_461)  // 365 × 4, and "Jeremiah 36 & 45" links twice
    }

    /// What "Listen" reads of a reading, chapter by chapter: where it starts and where it stops
    /// (0: the chapter's end), so a plan day is read as the plan says, not whole chapters.
    @Test func listenReadsEachReadingsVersesChapterByChapter() async throws {
        let t = try await kjv()
        let context = try renderContext()
        func parts(_ text: String) throws -> String {
            let reading = try ReferenceParser.reading(text, in: t).get()
            return PlanReading(reading, id: "01-01/0", plan: ReadingPlan(title: "", description: "", columns: [], days: []), column: 0)
                .listenJSON(context: context)
        }
        #expect(try parts("Luke 1:1-38") == #"[["/bible/luke/1/",1,38]]"#)
        #expect(try parts("Luke 1:39ff") == #"[["/bible/luke/1/",39,0]]"#)
        #expect(try parts("Isaiah 9:8-10:4") == #"[["/bible/isaiah/9/",8,0],["/bible/isaiah/10/",1,4]]"#)
        #expect(try parts("Genesis 9-10") == #"[["/bible/genesis/9/",1,0],["/bible/genesis/10/",1,0]]"#)
        #expect(try parts("Jeremiah 36 & 45") == #"[["/bible/jeremiah/36/",1,0],["/bible/jeremiah/45/",1,0]]"#)
    }

    @Test func planErrorsPointAtTheReading() async throws {
        let t = try await kjv()
        let diagnostics = Diagnostics()
        let yaml = """
        title: Test
        columns: [One, Two]
        days:
          01-01: [Genesis 1, Matthew 29]
          01-03: [Genesis 2, John 3:99]
          01-02: [Genesis 3, John 4]
          02-30: [Genesis 4, John 5]
        """
        _ = ReadingPlanReader.read(memoryFile("plan.yml", yaml), translation: t, diagnostics: diagnostics)
        #expect(diagnostics.all.map(\.description) == [
            "plan.yml:4:22: error: Matthew has no chapter 29 (it has 28)",
            "plan.yml:5:22: error: John 3 has no verse 99 (it has 36)",
            "plan.yml:6:3: error: day 01-02 comes after 01-03; days must be in calendar order",
            "plan.yml:7:3: error: '02-30' is not a day written MM-DD",
        ])
    }

    @Test func dailyVersesAreCheckedAndChosenByDate() async throws {
        let t = try await kjv()
        let diagnostics = Diagnostics()
        let yaml = "verses:\n  - John 3:16\n  - Psalms 151:1\n  - Genesis 1\n  - Psalms 23:1-3\n"
        let daily = try #require(DailyVersesReader.read(memoryFile("daily.yml", yaml), translation: t, diagnostics: diagnostics))
        #expect(diagnostics.all.map(\.description) == [
            "daily.yml:3:5: error: Psalms has no chapter 151 (it has 150)",
            "daily.yml:4:5: error: a verse of the day must be verses of one chapter, like 'John 3:16' or 'Psalms 23:1-3'",
        ])
        #expect(daily.readings.map(\.label) == ["John 3:16", "Psalms 23:1-3"])
        // Written out by hand: 2026-11-22 is day 20,779 since 1970-01-01 (odd), 1970-01-01 day 0.
        #expect(daily.index(for: CalendarDate("2026-11-22")!) == 1)
        #expect(daily.index(for: CalendarDate("2026-11-23")!) == 0)
        #expect(daily.index(for: CalendarDate("1970-01-01")!) == 0)
        #expect(daily.index(for: CalendarDate("1969-12-31")!) == 1)
    }

    @Test func mcheyneImportRepairsTheKnownDefect() throws {
        let json = #"{"0104":{"family":["Genesis 4","Matthew 4"],"secret":["Ezra 4","Acts  \n4"]},"0808":{"family":["Ruth 1","Acts 26"],"secret":["Jeremiah 36 & 45","Psalms 9"]}}"#
        let diagnostics = Diagnostics()
        let yaml = try #require(MCheyneImport.convert(Data(json.utf8), path: "plan.json", diagnostics: diagnostics))
        #expect(yaml.contains("  01-04: [Genesis 4, Matthew 4, Ezra 4, Acts 4]\n"))
        #expect(yaml.contains("  08-08: [Ruth 1, Acts 26, \"Jeremiah 36 & 45\", Psalms 9]\n"))
        #expect(diagnostics.all.map(\.message) == ["day 0104: reference 'Acts  \\n4' tidied to 'Acts 4'"])
        #expect(diagnostics.all.first?.severity == .warning)
    }
}

/// A render context over the repository's own Templates/ and Content/site.yml.
func renderContext() throws -> RenderContext {
    let diagnostics = Diagnostics()
    let content = SourceTree(url: repositoryRoot.appendingPathComponent("Content"), displayPath: "Content")
    let templates = SourceTree(url: repositoryRoot.appendingPathComponent("Templates"), displayPath: "Templates")
    let config = try #require(SiteConfig.read(from: content, diagnostics: diagnostics))
    return RenderContext(config: config, baseURL: "/", asOf: CalendarDate("2026-11-22")!,
                         templates: TemplateLibrary.load(from: templates, diagnostics: diagnostics),
                         diagnostics: diagnostics, jobs: 2, generator: "test")
}
