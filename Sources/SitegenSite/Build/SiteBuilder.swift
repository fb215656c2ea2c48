import Foundation

/// What a finished build did, for the closing summary line and `--verbose`.
public struct BuildReport: Sendable {
    public var pages = 0
    public var files = 0
    public var bytes = 0
    public var asOf: CalendarDate?
    /// (stage, seconds) in the order the stages ran; `snapshots` runs alongside `render`, so the
    /// stages can add up to more than `seconds`.
    public var timings: [(String, Double)] = []
    public var warnings: [Diagnostic] = []
    /// Wall-clock seconds of the whole run.
    public var seconds: Double = 0
    /// The site model and its files, for a caller that exits right after the build (the command
    /// line): the operating system frees the process's memory at once, while releasing the
    /// model object by object (31,102 verses, their spans, every page's values) takes tens of ms.
    public var model: UncheckedBox<[Any]>?
}

/// Runs the pipeline: load → render → check → write. `check` stops before writing.
public enum SiteBuilder {
    public static let version = "0.1.0"
    public static var generator: String { "sitegen \(version)" }

    public enum Mode: Sendable { case build, check }

    public static func run(_ options: BuildOptions, mode: Mode,
                           progress: @Sendable (String) -> Void = { _ in }) async throws -> BuildReport {
        var report = BuildReport()
        let diagnostics = Diagnostics()
        var clock = StageClock()
        let start = DispatchTime.now().uptimeNanoseconds
        func finished() -> BuildReport {
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return report
        }

        progress("reading content")
        // load: the bytes of every source into memory (disk); parse: into the typed model (CPU).
        var options = options
        options.content = await options.content.preloaded(jobs: options.jobs)
        options.templates = await options.templates.preloaded(jobs: options.jobs)
        report.timings.append(("load", clock.lap()))

        guard let config = SiteConfig.read(from: options.content, diagnostics: diagnostics) else {
            throw BuildFailed(diagnostics.all)
        }
        guard let asOf = options.asOf ?? BuildOptions.defaultAsOf(timeZone: config.timeZone) else {
            diagnostics.error("SOURCE_DATE_EPOCH must be a whole number of seconds", at: SourceLocation(path: "SOURCE_DATE_EPOCH"))
            throw BuildFailed(diagnostics.all)
        }
        report.asOf = asOf
        let site = await SiteLoader.load(options, config: config, diagnostics: diagnostics)
        report.timings.append(("parse", clock.lap()))
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }

        progress("rendering")
        let context = RenderContext(config: config, baseURL: options.baseURL ?? config.baseURL, asOf: asOf,
                                    templates: site.templates, diagnostics: diagnostics, jobs: options.jobs,
                                    generator: generator)
        let rendered = try await SiteRenderer.renderTimed(site, context: context)
        let files = rendered.files
        OutputWriter.validate(files, diagnostics: diagnostics, outputName: options.output.lastPathComponent)
        report.timings += [("render", clock.lap()), ("snapshots", rendered.snapshotSeconds)]
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }

        report.pages = files.filter { $0.path.hasSuffix(".html") }.count
        report.files = files.count
        report.bytes = files.reduce(0) { $0 + $1.data.count }
        report.warnings = diagnostics.all
        if mode == .check { return finished() }

        progress("writing")
        let writer = OutputWriter(destination: options.output, force: options.force, jobs: options.jobs)
        try await writer.write(files)
        report.timings.append(("write", clock.lap()))
        report.model = UncheckedBox([site, files, context])
        return finished()
    }
}

/// Wall-clock lap timer for `--verbose` stage timings (never written into output).
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}
