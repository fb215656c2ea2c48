/// `/schedule/print/`: the sheet for the notice board. One table whose header row the
/// browser repeats on every printed page; rows never split (see the print CSS).
public enum PrintSheet {
    public static let path = "schedule/print/"
    /// The sheet printed to PDF by `sitegen print-sheet` (or `build --print-sheet`): US Letter and A4.
    public static let pdfLetterPath = "schedule/meetings.pdf"
    public static let pdfA4Path = "schedule/meetings-a4.pdf"

    public static func spec(_ schedule: Schedule, context: RenderContext, parts: ScheduleParts = ScheduleParts()) -> PageSpec {
        let upcoming = parts.upcoming(schedule, context: context)
        let first = upcoming.first?.date ?? context.asOf
        let last = upcoming.last?.date ?? context.asOf
        let values: TemplateObject = [
            "rows": .list(upcoming.map { parts.row($0, schedule: schedule, context: context) }),
            "isEmpty": .flag(upcoming.isEmpty),
            "count": .number(upcoming.count),
            "range": .text(first == last ? first.longDescription : "\(first.longDescription) – \(last.longDescription)"),
            "generated": .text(context.asOf.longDescription),
            "scheduleURL": .text(context.url(SchedulePage.path)),
        ]
        return PageSpec(path: path, template: "schedule-print", title: "Meetings schedule",
                        description: "The printable meetings schedule for the notice board.", values: values)
    }
}
