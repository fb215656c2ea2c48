import ArgumentParser
import Foundation
import SitegenCore
import SitegenServe
import SitegenSite

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, serve the site on this computer, and rebuild and reload pages on every change.",
        discussion: """
        Serves the output folder on loopback (127.0.0.1) unless --host says otherwise, watches the \
        content and templates folders, rebuilds after each save and reloads open pages. A bad edit \
        shows its errors in the browser and here, while the last good build stays served. Unless \
        --base-url is given, links are built for the local address, so run `sitegen build` before publishing.
        """)

    @OptionGroup var site: SiteOptions

    @Option(help: "Folder to build into and serve; replaced as a whole.")
    var output = "Output"

    @Flag(help: "Replace the output folder even if sitegen did not create it.")
    var force = false

    @Option(help: "Port to listen on.")
    var port = 1313

    @Option(help: "Address to listen on; 0.0.0.0 or :: makes the site reachable from other computers.")
    var host = "127.0.0.1"

    func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        try site.checkOutput(output)
    }

    func run() async throws {
        let localHost = ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
        let local = ServeConfiguration(output: site.url(output), watched: [], host: localHost, port: UInt16(port)).url
        var options = site
        options.baseURL = site.baseURL ?? local
        let configuration = ServeConfiguration(
            output: site.url(output), watched: [site.url(site.content), site.url(site.templates)],
            host: host, port: UInt16(port), mountPath: Self.mountPath(options.baseURL), verbose: site.verbose)
        // The incremental engine: one edit reads, renders and writes only what depends on it.
        let session = BuildSession(options: options.buildOptions(output: output, force: force))
        let quiet = site.quiet
        // Said once at the start: the built-in theme does not change while serve runs.
        if !quiet { for warning in site.copyWarnings() { printError(warning.description) } }
        let server = DevServer(configuration: configuration, session: session) { line, isProblem in
            if isProblem || !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        do {
            try await server.run()
        } catch {
            // Build errors were already printed by the server; anything else (a taken port) is new.
            if !(error is OutputWriter.WriteError) { printError("sitegen serve: error: \(error)") }
            throw ExitCode.failure
        }
    }

    /// `/church/` for `https://example.org/church/`; `/` for a root site (or a base URL the
    /// build will refuse with its message).
    static func mountPath(_ baseURL: String?) -> String {
        baseURL.flatMap { try? SiteAddress.parse($0).get().basePath } ?? "/"
    }
}
