import FlyingFox
import FlyingSocks
import Foundation
import SitegenSite
import SitegenCore

/// Where and how `serve` listens and what it watches.
public struct ServeConfiguration: Sendable {
    public var output: URL
    /// Folders whose changes trigger a rebuild (Content/ and Templates/).
    public var watched: [URL]
    public var host: String
    public var port: UInt16
    /// The path part of the base URL, `/` unless the site is built for a sub-path.
    public var mountPath: String
    public var pollInterval: Duration
    /// Print each stage's time after every build (`--verbose`).
    public var verbose: Bool

    public init(output: URL, watched: [URL], host: String, port: UInt16, mountPath: String = "/",
                pollInterval: Duration = .milliseconds(200), verbose: Bool = false) {
        self.output = output
        self.watched = watched
        self.host = host
        self.port = port
        self.mountPath = mountPath.hasSuffix("/") ? mountPath : mountPath + "/"
        self.pollInterval = pollInterval
        self.verbose = verbose
    }

    /// The URL people open, e.g. `http://127.0.0.1:1313/`.
    public var url: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "http://\(host):\(port)\(mountPath)"
    }
}

/// `sitegen serve`: build, then serve the output folder and rebuild on every change until stopped.
///
/// A failed build never touches the served folder (the session keeps the last good output), so
/// the server keeps serving it and only the status board changes: pages show the errors, and the
/// next good build reloads them. Nothing restarts.
public final class DevServer: Sendable {
    let configuration: ServeConfiguration
    let session: BuildSession
    let board = BuildStatusBoard()
    /// Prints one terminal line; the flag is true for problems (shown even with `--quiet`).
    let log: @Sendable (String, Bool) -> Void

    public init(configuration: ServeConfiguration, session: BuildSession, log: @escaping @Sendable (String, Bool) -> Void) {
        self.configuration = configuration
        self.session = session
        self.log = log
    }

    public enum Failure: Error, CustomStringConvertible {
        case badHost(String)
        case cannotListen(String, SocketError)
        public var description: String {
            switch self {
            case .badHost(let host): return "--host must be an IP address such as 127.0.0.1 or ::1, not '\(host)'"
            case .cannotListen(let url, .failed(_, _, let message)):
                return "cannot listen at \(url): \(message) (choose another --port)"
            case .cannotListen(let url, let error): return "cannot listen at \(url): \(error)"
            }
        }
    }

    /// Runs until the task is cancelled or the listening socket fails (e.g. the port is taken).
    ///
    /// It listens before the first build, so a taken port is reported at once rather than after a
    /// whole build; requests that arrive during that build wait for it (see `SiteHandler`).
    public func run() async throws {
        let address = try Self.socketAddress(host: configuration.host, port: configuration.port)
        let handler = SiteHandler(files: ServedFiles(root: configuration.output), board: board,
                                  mountPath: configuration.mountPath, longPoll: .seconds(10))
        let server = BoundedHTTPServer(address: address, handler: handler)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do { try await server.run() } catch let error as SocketError {
                    throw Failure.cannotListen(self.configuration.url, error)
                }
            }
            group.addTask {
                try await server.waitUntilListening(timeout: .seconds(10))
                // The port is taken or not at once; the address is printed when there is a site
                // to see (a request meanwhile gets the "building" page, which reloads itself).
                self.info("Building the site…")
                // An output folder that may not be replaced (not sitegen's) is the operator's mistake,
                // not an edit to wait out: stop rather than serve someone else's folder.
                if let error = await self.attempt("Built", { try await self.session.build() }), error is OutputWriter.WriteError {
                    throw error
                }
                self.info("Serving \(self.configuration.output.path) at \(self.configuration.url)")
                self.info("Watching \(self.configuration.watched.map(\.path).joined(separator: " and ")) for changes; press Ctrl-C to stop")
                await self.watch()
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Polls the watched folders; each settled batch of changes is one rebuild.
    func watch() async {
        let watcher = SourceWatcher(roots: configuration.watched)
        var known = watcher.scan()
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.pollInterval)
            var now = watcher.scan()
            guard now != known else {
                // Edits have paused: the search index and the apps' bundle catch up.
                if await session.isUnsettled { await settle() }
                continue
            }
            // An editor's save can be several writes; wait until two scans agree (bounded).
            for _ in 0..<10 {
                try? await Task.sleep(for: .milliseconds(50))
                let again = watcher.scan()
                if again == now { break }
                now = again
            }
            let changed = SourceWatcher.changes(from: known, to: now)
            known = now
            let names = changed.map { Self.display($0) }.sorted()
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
            await attempt("Rebuilt after \(shown):") { try await self.session.rebuild(changed: changed, deferSlow: true) }
        }
    }

    /// Brings the deferred outputs up to date; open pages are not reloaded for them (a search
    /// page asks again when the reader types).
    func settle() async {
        do {
            let report = try await session.settle()
            // Every edit is settled (the page's rebuild does not even compare these outputs' inputs);
            // most edits change none of them: nothing to say then.
            guard !report.written.isEmpty || !report.removed.isEmpty else { return }
            info(String(format: "Search index and app data brought up to date: %d files written in %.0f ms",
                        report.written.count, report.seconds * 1000))
        } catch {
            log("sitegen: the search index and app data could not be brought up to date: \(error)", true)
        }
    }

    /// Runs one build, reports it on the terminal and publishes the outcome to open pages.
    /// Returns the error of a build that failed for another reason than the content.
    @discardableResult
    func attempt(_ what: String, _ build: @Sendable () async throws -> BuildReport) async -> (any Error)? {
        do {
            let report = try await build()
            for warning in report.warnings { log(warning.description, true) }
            info(String(format: "%@ %d files written, %d removed in %.0f ms", what,
                       report.written.count, report.removed.count, report.seconds * 1000))
            if configuration.verbose {
                for (stage, seconds) in report.timings { info(String(format: "  %-10@ %8.1f ms", stage, seconds * 1000)) }
            }
            await board.publish(errors: [])
            return nil
        } catch let failure as BuildFailed {
            let lines = failure.diagnostics.sorted { ($0.severity == .error ? 0 : 1, $0.location) < ($1.severity == .error ? 0 : 1, $1.location) }
                .map(\.description)
            for line in lines { log(line, true) }
            let count = failure.diagnostics.filter { $0.severity == .error }.count
            log("sitegen: \(count) error\(count == 1 ? "" : "s"); still serving the last good build", true)
            await board.publish(errors: lines)
            return nil
        } catch {
            let line = "\(configuration.output.path): error: \(error)"
            log(line, true)
            if !(error is OutputWriter.WriteError) { log("sitegen: the build failed; still serving the last good build", true) }
            await board.publish(errors: [line])
            return error
        }
    }

    private func info(_ line: String) { log(line, false) }

    static func socketAddress(host: String, port: UInt16) throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        if name.contains(":") {
            guard let address = try? sockaddr_in6.inet6(ip6: name, port: port) else { throw Failure.badHost(host) }
            return address
        }
        guard let address = try? sockaddr_in.inet(ip4: name, port: port) else { throw Failure.badHost(host) }
        return address
    }

    static func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}
