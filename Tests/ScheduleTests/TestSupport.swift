import Foundation
import Testing
@testable import SitegenSchedule
@testable import SitegenCore

/// A throw-away Content/ folder with the given files, removed by the caller's `defer`.
struct TempContent {
    let root: URL
    var tree: SourceTree { SourceTree(url: root, displayPath: "Content") }

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-tests-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Reads localities and schedules the way the build does.
    func load() async -> (Schedule, Diagnostics) {
        let diagnostics = Diagnostics()
        let schedule = await ScheduleLoader.load(content: tree, diagnostics: diagnostics)
        return (schedule, diagnostics)
    }
}

func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

func source(_ text: String, path: String = "input") -> SourceFile {
    SourceFile(path: path, url: URL(fileURLWithPath: "/dev/null"), text: text)
}

let aberdeen = """
---
name: "Aberdeen, SD"
address: ["1223 4th Ave SW", "Aberdeen SD 57401-3721"]
region: SD
latitude: 45.46115
longitude: -98.505919
time_zone: America/Chicago
services:
  - { name: "Sunday service", day: Sunday, time: "11:00" }
---
Everyone is welcome.
"""

/// A locality without a time zone (timed events there must name one).
let nowhere = """
---
name: "Nowhere"
---
"""

func makeContext(asOf: CalendarDate = date("2026-11-22"), baseURL: String = "https://example.org/") -> RenderContext {
    let config = SiteConfig(title: "Test site", description: "", baseURL: "https://example.org/", language: "en",
                            timeZone: TimeZone(identifier: "America/Chicago")!, allowRawHTML: false, menu: [], footer: "")
    let templates = TemplateLibrary(templates: [:], tree: SourceTree(url: URL(fileURLWithPath: "/nonexistent"), displayPath: "T"),
                                    diagnostics: Diagnostics())
    return RenderContext(config: config, baseURL: baseURL, asOf: asOf, templates: templates,
                         diagnostics: Diagnostics(), jobs: 1, generator: "test")
}
