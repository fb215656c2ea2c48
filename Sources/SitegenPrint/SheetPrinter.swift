import FlyingFox
import Foundation
import SitegenCore
import SitegenServe

/// Prints a page of a built site to PDF with headless Chromium (`sitegen print-sheet`).
///
/// The output folder is served on a loopback port for the length of the printing (the pages link
/// their stylesheet by absolute path, which `file://` cannot resolve); the page is asked for with
/// the paper size, which the server adds to it as an `@page { size: … }` rule, since the site's
/// print stylesheet leaves the size to the reader's printer. Each PDF is made reproducible
/// (`PDFStamp`) and written into the output folder beside its page, atomically.
public struct SheetPrinter: Sendable {
    public enum Paper: String, Sendable, CaseIterable {
        case letter, a4
        /// The CSS `@page` size.
        var css: String { self == .letter ? "letter" : "A4" }
    }

    public struct Job: Sendable {
        /// Site path of the PDF, e.g. `schedule/meetings.pdf`.
        public let path: String
        public let paper: Paper
        /// The paper turned sideways (a calendar month).
        public let landscape: Bool
        public init(path: String, paper: Paper, landscape: Bool = false) {
            self.path = path
            self.paper = paper
            self.landscape = landscape
        }

        /// What the page is asked for with (`PrintHandler` turns it into the `@page` size).
        var query: String { "paper=\(paper.rawValue)" + (landscape ? "&orientation=landscape" : "") }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let chromium: URL
    /// The built site.
    public let output: URL
    /// The base URL's path (`/` or `/church/`): where the site's own links start.
    public let basePath: String
    /// Longest wait for one Chromium run.
    public var timeout: TimeInterval = 180

    public init(chromium: URL, output: URL, basePath: String) {
        self.chromium = chromium
        self.output = output.standardizedFileURL
        self.basePath = basePath.hasSuffix("/") ? basePath : basePath + "/"
    }

    /// The browser to print with: `$CHROMIUM` when set, else the first of Chromium's and Chrome's
    /// usual program names on `PATH`; nil when there is none.
    public static func findChromium(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let manager = FileManager.default
        if let named = environment["CHROMIUM"], !named.isEmpty {
            return manager.isExecutableFile(atPath: named) ? URL(fileURLWithPath: named) : nil
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where manager.isExecutableFile(atPath: folder + "/" + name) {
                return URL(fileURLWithPath: folder + "/" + name)
            }
        }
        return nil
    }

    /// Prints `page` (a site path such as `schedule/print/`) once per job; returns each PDF's
    /// size in bytes. Dates inside the PDFs are `date` (the build's as-of date).
    public func print(page: String, jobs: [Job], date: CalendarDate) async throws -> [(Job, Int)] {
        let pageFile = output.appendingPathComponent(page).appendingPathComponent(page.hasSuffix("/") ? "index.html" : "")
        guard FileManager.default.fileExists(atPath: pageFile.path) else {
            throw Failure(description: "\(pageFile.path) does not exist: run `sitegen build` first")
        }
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: 0)
        let handler = PrintHandler(files: ServedFiles(root: output), basePath: basePath)
        let server = HTTPServer(config: .init(address: address, timeout: 30, logger: .disabled), handler: handler)
        let serving = Task { try await server.run() }
        defer { serving.cancel() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw Failure(description: "could not listen on a loopback port")
        }
        var done: [(Job, Int)] = []
        for job in jobs {
            let url = "http://127.0.0.1:\(port)\(basePath)\(page)?\(job.query)"
            let pdf = try await render(url)
            let stamped = PDFStamp.reproducible(pdf, date: date)
            try write(stamped, to: output.appendingPathComponent(job.path))
            done.append((job, stamped.count))
        }
        await server.stop(timeout: 1)
        return done
    }

    /// One headless Chromium run printing `url` to a PDF in a scratch folder.
    func render(_ url: String) async throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pdf = scratch.appendingPathComponent("sheet.pdf")
        let process = Process()
        process.executableURL = chromium
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                             "--user-data-dir=" + scratch.appendingPathComponent("profile").path,
                             "--no-pdf-header-footer", "--print-to-pdf=" + pdf.path, url]
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        let log = scratch.appendingPathComponent("chromium.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        process.standardOutput = logHandle
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "cannot start \(chromium.path): \(error.localizedDescription)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Failure(description: "\(chromium.lastPathComponent) did not finish printing \(url) within \(Int(timeout)) s")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: pdf), data.starts(with: Array("%PDF".utf8)) else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let tail = said.split(separator: "\n").suffix(5).joined(separator: "\n  ")
            throw Failure(description: "\(chromium.lastPathComponent) could not print \(url) (exit \(process.terminationStatus))"
                          + (tail.isEmpty ? "" : ":\n  " + tail))
        }
        return data
    }

    /// Writes beside the destination and renames over it, so a reader never sees half a PDF.
    func write(_ data: Data, to destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, destination.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(description: "cannot write \(destination.path): \(String(cString: strerror(errno)))")
        }
    }
}

/// Serves the built site below its base path; an HTML page asked for with `?paper=letter|a4`
/// (and `&orientation=landscape`) gets an `@page { size: … }` rule before `</head>`.
struct PrintHandler: HTTPHandler {
    let files: ServedFiles
    let basePath: String

    /// The page as printed for the paper its query names (`paper=letter|a4`, `&orientation=landscape`):
    /// an `@page` size before `</head>`, and its links without targets, since paper has no links and
    /// a link's target would be this server's address (a loopback port that differs every run),
    /// written into the PDF as its annotation. Nil for any other query.
    static func forPaper(_ html: String, query: String?) -> String? {
        let jobs = SheetPrinter.Paper.allCases.flatMap { [SheetPrinter.Job(path: "", paper: $0), SheetPrinter.Job(path: "", paper: $0, landscape: true)] }
        guard let job = jobs.first(where: { query == $0.query }), let head = html.range(of: "</head>") else { return nil }
        let size = job.paper.css + (job.landscape ? " landscape" : "")
        let unlink = #"<script>document.addEventListener("DOMContentLoaded",function(){document.querySelectorAll("a[href]").forEach(function(a){a.removeAttribute("href")})})</script>"#
        return html.replacingCharacters(in: head, with: "<style>@page { size: \(size); }</style>\(unlink)</head>")
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let raw = request.target.path(percentEncoded: true)
        guard raw.hasPrefix(basePath), case .success(let path) = RequestPath.parse("/" + raw.dropFirst(basePath.count)),
              case .file(let url) = files.lookup(path), let data = try? Data(contentsOf: url) else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("Not found\n".utf8))
        }
        let type = ContentType.forPath(url.path)
        var body = data
        let query = request.target.query(percentEncoded: true)
        if type.hasPrefix("text/html"), let html = String(data: data, encoding: .utf8), let printed = Self.forPaper(html, query: query) {
            body = Data(printed.utf8)
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: type, HTTPHeader("Cache-Control"): "no-store"], body: body)
    }
}
