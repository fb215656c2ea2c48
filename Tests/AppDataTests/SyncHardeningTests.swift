import Foundation
@testable import SitegenSnapshots
import Synchronization
import Testing

/// Issue 25, items 1–8: `SnapshotSync` against a hostile server (`HostileServer`) and a
/// damaged mirror folder. Small synthetic sets and small limits, so each test takes seconds.
@Suite(.serialized) struct SyncHardeningTests {
    /// A set of files and its manifest, as a site publishes them.
    struct FakeSite: Sendable {
        var files: [String: Data]
        var schema = "schemas/pages.schema.json"
        var schemaVersion = 1
        /// The bundle's files (`bundle/<part>.sqlite`; any bytes: a sync never opens them).
        var bundles: [String: Data] = [:]

        static func numbered(_ count: Int, folder: String = "f", tag: String = "") -> FakeSite {
            FakeSite(files: Dictionary(uniqueKeysWithValues: (0..<count).map { ("\(folder)/\($0).json", Data("{\"n\":\($0)\(tag)}".utf8)) }))
        }

        var manifest: Data {
            let entries = files.keys.sorted().map { path in
                "{\"path\":\"\(path)\",\"sha256\":\"\(sha256Hex(files[path]!))\",\"bytes\":\(files[path]!.count),\"records\":1,"
                    + "\"schema\":\"\(schema)\",\"schemaVersion\":\(schemaVersion)}"
            }
            let bundles = self.bundles.keys.sorted().map { path in
                "{\"path\":\"\(path)\",\"sha256\":\"\(sha256Hex(self.bundles[path]!))\",\"bytes\":\(self.bundles[path]!.count),\"records\":1,\"version\":1}"
            }
            return Data(("{\"format\":2,\"generator\":\"test\",\"asOf\":\"2026-11-24\",\"files\":[\(entries.joined(separator: ","))],"
                         + "\"schemas\":[],\"bundles\":[\(bundles.joined(separator: ","))]}").utf8)
        }

        /// Serves the set, each file after `delay`.
        func handler(delay: Duration = .zero) -> HostileServer.Handler {
            let manifest = self.manifest, files = self.files.merging(bundles) { $1 }
            return { path, connection in
                let relative = String(path.dropFirst("api/v1/".count))
                if relative == "manifest.json" { return connection.respond(body: manifest) }
                Thread.sleep(forTimeInterval: SyncTransport.seconds(delay))
                guard let data = files[relative] else { return connection.respond("404 Not Found", body: Data()) }
                connection.respond(headers: ["Content-Length: \(data.count)"], body: data)
            }
        }
    }

    /// The set a server publishes, changed by the test between syncs.
    final class Published: @unchecked Sendable {
        private let lock = NSLock()
        private var value: FakeSite
        init(_ site: FakeSite) { value = site }
        var site: FakeSite {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("sync-hardening-\(UUID().uuidString)") }

    /// A server of `published` that drops the connection two bytes into the file ending in
    /// `suffix` (whose header promised `length` bytes) while `cutting()` says so.
    func droppingServer(_ published: Published, dropping suffix: String, length: Int,
                        while cutting: @escaping @Sendable () -> Bool = { true }) throws -> HostileServer {
        try HostileServer { path, connection in
            if path.hasSuffix(suffix), cutting() {
                connection.send("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\nxx")
                return
            }
            published.site.handler()(path, connection)
        }
    }

    func quickSync(_ server: HostileServer, _ folder: URL) -> SnapshotSync {
        var sync = SnapshotSync(site: server.url, into: folder)
        sync.limits.stall = .seconds(2)
        sync.limits.deadline = .seconds(10)
        sync.limits.lockWait = .milliseconds(200)
        return sync
    }

    /// The mirror's current set is exactly `site`.
    func expect(_ mirror: SnapshotMirror, holds site: FakeSite) throws {
        #expect(try mirror.verify() == [])
        #expect(try mirror.data("manifest.json") == site.manifest)
        for (path, data) in site.files.merging(site.bundles, uniquingKeysWith: { $1 }) { #expect(try mirror.data(path) == data, "\(path)") }
    }

    @Test("Issue 27, item 3: a bundle in parts is switched to as a whole set; a run cut between two of its files resumes")
    func bundleInPartsInterrupted() async throws {
        let before = FakeSite(files: ["hymns.json": Data("{\"v\":1}".utf8)],
                              bundles: ["bundle/hymns.sqlite": Data(repeating: 1, count: 5000), "bundle/schedule.sqlite": Data(repeating: 2, count: 3000),
                                        "bundle/bible-kjv.sqlite": Data(repeating: 3, count: 9000)])
        var after = before
        after.bundles["bundle/hymns.sqlite"] = Data(repeating: 4, count: 5000)
        after.bundles["bundle/schedule.sqlite"] = Data(repeating: 5, count: 3000)
        let published = Published(before)
        let cutSchedule = Mutex(false)
        // A dropped connection in the middle of the set: the schedule's file never arrives.
        let server = try droppingServer(published, dropping: "bundle/schedule.sqlite", length: 3000,
                                        while: { cutSchedule.withLock { $0 } })
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try await quickSync(server, dir).run()
        #expect(first.downloaded.count == 5)
        published.site = after
        cutSchedule.withLock { $0 = true }
        await #expect(throws: (any Error).self) { try await quickSync(server, dir).run() }
        try expect(SnapshotMirror(root: dir), holds: before)   // the previous set, whole
        cutSchedule.withLock { $0 = false }
        let resumed = try await quickSync(server, dir).run()
        // The hymns' file was verified in staging already; the translation's was never fetched again.
        #expect(resumed.downloaded == ["manifest.json", "bundle/schedule.sqlite"])
        try expect(SnapshotMirror(root: dir), holds: after)
    }

    @Test("Issue 27, item 3: parts that leave the set leave the mirror; a part left in staging by a cut run of a withdrawn set is dropped")
    func bundlePartsComeAndGo() async throws {
        let part = { (byte: UInt8, count: Int) in Data(repeating: byte, count: count) }
        let before = FakeSite(files: ["hymns/1-50.json": Data("{\"v\":1}".utf8), "hymns/51-100.json": Data("{\"v\":2}".utf8)],
                              bundles: ["bundle/hymns-1-50.sqlite": part(1, 4000), "bundle/hymns-51-100.sqlite": part(2, 4000),
                                        "bundle/bible-kjv-law.sqlite": part(3, 9000), "bundle/bible-kjv-letters.sqlite": part(4, 7000)])
        // A newer set adds a range (hymns 101–150) and changes a division; its new range's file is cut off.
        var added = before
        added.files["hymns/101-150.json"] = Data("{\"v\":3}".utf8)
        added.bundles["bundle/hymns-101-150.sqlite"] = part(5, 4000)
        added.bundles["bundle/bible-kjv-law.sqlite"] = part(6, 9000)
        // Then the site withdraws it: hymns 51–100 removed instead, the law as before the cut run.
        var removed = before
        removed.files["hymns/51-100.json"] = nil
        removed.bundles["bundle/hymns-51-100.sqlite"] = nil
        let published = Published(before)
        let server = try droppingServer(published, dropping: "bundle/hymns-101-150.sqlite", length: 4000)
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await quickSync(server, dir).run()
        published.site = added
        await #expect(throws: (any Error).self) { try await quickSync(server, dir).run() }
        try expect(SnapshotMirror(root: dir), holds: before)
        published.site = removed
        let synced = try await quickSync(server, dir).run()
        #expect(synced.downloaded == ["manifest.json"], "every file of the smaller set was in the mirror already")
        let mirror = SnapshotMirror(root: dir)
        try expect(mirror, holds: removed)
        let current = try #require(mirror.current)
        let held = try FileManager.default.subpathsOfDirectory(atPath: current.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".sqlite") }
        #expect(Set(held) == Set(removed.files.keys).union(removed.bundles.keys).union(["manifest.json"]),
                "no file of the withdrawn set or of the removed range stays")
    }

    @Test("1: a second sync into the same folder waits for the first, or says it is busy; current is always complete")
    func concurrentSyncs() async throws {
        let site = FakeSite.numbered(10)
        let server = try HostileServer(site.handler(delay: .milliseconds(300)))
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = Task { try await quickSync(server, dir).run() }
        try await Task.sleep(for: .milliseconds(600))
        await #expect(throws: SyncError.busy(path: dir.path)) { try await quickSync(server, dir).run() }
        var waiting = quickSync(server, dir)
        waiting.limits.lockWait = .seconds(20)
        let second = try await waiting.run()
        let report = try await first.value
        #expect(report.downloaded.count == 11)
        #expect(second.upToDate && second.version == report.version)
        try expect(SnapshotMirror(root: dir), holds: site)
    }

    @Test("2: a body longer than the manifest states is cut off there, whatever Content-Length says", arguments: [
        ["Content-Length: 1000000000000"], [],
    ])
    func endlessBody(_ headers: [String]) async throws {
        let site = FakeSite(files: ["a.json": Data("{\"a\":\"12345\"}".utf8)])
        let manifest = site.manifest
        let server = try HostileServer { path, connection in
            guard path.hasSuffix("a.json") else { return connection.respond(body: manifest) }
            connection.send((["HTTP/1.1 200 OK", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n")
            let chunk = Data(repeating: 0x20, count: 65_536)
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .seconds(20), connection.send(chunk) {}
        }
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The server would send for 20 s (gigabytes); `tooLarge` with the file's size is thrown
        // only by the byte count that stops the download there (no time bound: a busy machine).
        await #expect(throws: SyncError.tooLarge(url: server.url.absoluteString + "api/v1/a.json", limit: site.files["a.json"]!.count)) {
            try await quickSync(server, dir).run()
        }
        #expect(SnapshotMirror(root: dir).current == nil)
    }

    @Test("2: an endless manifest.json stops at the manifest's cap")
    func endlessManifest() async throws {
        let server = try HostileServer { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{\"format\":1,\"files\":[")
            let chunk = Data(repeating: 0x20, count: 65_536)
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .seconds(20), connection.send(chunk) {}
        }
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sync = quickSync(server, dir)
        sync.limits.manifestBytes = 1 << 20
        await #expect(throws: SyncError.tooLarge(url: server.url.absoluteString + "api/v1/manifest.json", limit: 1 << 20)) {
            try await sync.run()
        }
    }

    @Test("2: a gzip bomb is inflated no further than the size the manifest states")
    func gzipBomb() async throws {
        let bomb = try Self.gzippedZeros(megabytes: 64)
        let site = FakeSite(files: ["a.json": Data("{\"a\":\"12345\"}".utf8)])
        let manifest = site.manifest
        let server = try HostileServer { path, connection in
            guard path.hasSuffix("a.json") else { return connection.respond(body: manifest) }
            connection.respond(headers: ["Content-Encoding: gzip", "Content-Length: \(bomb.count)"], body: bomb)
        }
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        await #expect(throws: SyncError.tooLarge(url: server.url.absoluteString + "api/v1/a.json", limit: site.files["a.json"]!.count)) {
            try await quickSync(server, dir).run()
        }
    }

    @Test("2: a small file sent gzipped, its body longer than the file, is read (Content-Length is not the file's size)")
    func smallFileGzipped() async throws {
        let site = FakeSite(files: ["a.json": Data("{\"a\":1}".utf8)])
        let body = try Self.gzipped(site.files["a.json"]!)
        #expect(body.count > site.files["a.json"]!.count)
        let manifest = site.manifest
        let server = try HostileServer { path, connection in
            guard path.hasSuffix("a.json") else { return connection.respond(body: manifest) }
            connection.respond(headers: ["Content-Encoding: gzip", "Content-Length: \(body.count)"], body: body)
        }
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await quickSync(server, dir).run()
        try expect(SnapshotMirror(root: dir), holds: site)
    }

    /// `data` gzipped (`gzip -9`: a header and trailer of 18 bytes, so a tiny file grows).
    static func gzipped(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -9 -c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let gzipped = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return gzipped
    }

    /// `megabytes` MiB of zeros, gzipped (about 1,000 times smaller).
    static func gzippedZeros(megabytes: Int) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c \(megabytes << 20) /dev/zero | gzip -1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    @Test("3: a trickle of bytes meets the run's deadline; a silent server meets the stall limit")
    func slowServers() async throws {
        let site = FakeSite(files: ["a.json": Data(repeating: 0x20, count: 100)])
        let manifest = site.manifest
        let trickle = try HostileServer { path, connection in
            guard path.hasSuffix("a.json") else { return connection.respond(body: manifest) }
            connection.send("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 100\r\n\r\n")
            for _ in 0..<100 {
                guard connection.send(" ") else { return }
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        defer { trickle.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sync = quickSync(trickle, dir)
        sync.limits.stall = .seconds(1)
        sync.limits.deadline = .seconds(2)
        do {
            _ = try await sync.run()
            Issue.record("a 30-second trickle was waited out")
        } catch let error as SyncError {
            // Thrown only by the run's deadline (no time bound here: a busy machine).
            guard case .timedOut(let url, let reason) = error else { Issue.record("\(error)"); return }
            #expect(url.hasSuffix("api/v1/a.json") && reason.contains("deadline of 2.0 s"))
        }

        let silent = try HostileServer { path, connection in
            guard path.hasSuffix("a.json") else { return connection.respond(body: manifest) }
            connection.send("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 100\r\n\r\n")
            Thread.sleep(forTimeInterval: 5)
        }
        defer { silent.stop() }
        var quiet = quickSync(silent, dir)
        quiet.limits.stall = .milliseconds(500)
        await #expect(throws: SyncError.timedOut(url: silent.url.absoluteString + "api/v1/a.json", reason: "no data for 0.5 s")) {
            try await quiet.run()
        }
    }

    @Test("3: a manifest listing more files than the limit is refused before anything is fetched")
    func tooManyFiles() async throws {
        let huge = FakeSite.numbered(10_001)
        #expect(throws: SyncError.badManifest("it lists 10001 files, more than the 10000 a sync accepts")) {
            try SyncPlan.check(huge.manifest, supported: SnapshotModels.schemaVersions, bundleVersion: SnapshotModels.bundleVersion)
        }
        let site = FakeSite.numbered(51)
        let server = try HostileServer(site.handler())
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sync = quickSync(server, dir)
        sync.limits.files = 50
        await #expect(throws: SyncError.self) { try await sync.run() }
        #expect(server.served == ["api/v1/manifest.json"])
    }

    @Test("4: a current that is a real folder (cp -rL) is taken back as a version; old versions are pruned")
    func currentAsFolder() async throws {
        let fm = FileManager.default
        let dir = folder()
        defer { try? fm.removeItem(at: dir) }
        var site = FakeSite.numbered(5)
        let published = Published(site)
        let server = try HostileServer { path, connection in published.site.handler()(path, connection) }
        defer { server.stop() }
        _ = try await quickSync(server, dir).run()
        // The mirror copied with its links resolved: `current` is now a folder.
        let current = dir.appendingPathComponent("current")
        let copy = dir.appendingPathComponent("copy")
        try fm.copyItem(at: try #require(SnapshotMirror(root: dir).current), to: copy)
        try fm.removeItem(at: current)
        try fm.moveItem(at: copy, to: current)

        for round in 1...3 {
            site.files["f/0.json"] = Data("{\"round\":\(round)}".utf8)
            published.site = site
            let served = server.served.count
            let report = try await quickSync(server, dir).run()
            #expect(report.downloaded == ["manifest.json", "f/0.json"], "round \(round)")
            #expect(server.served.count == served + 2)
            try expect(SnapshotMirror(root: dir), holds: site)
            #expect(MirrorEntry(current) == .link)
            let versions = try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("versions").path)
            #expect(versions.count == 2, "\(versions)")
            #expect(!versions.contains { $0.count > 16 && $0.dropFirst(16).hasPrefix("-") }, "no <id>-N left: \(versions)")
        }
    }

    @Test("5, 6: staging/ with a file where a folder belongs, or as a link elsewhere, is cleared, never followed")
    func damagedStaging() async throws {
        let fm = FileManager.default
        let site = FakeSite.numbered(3)
        let server = try HostileServer(site.handler())
        defer { server.stop() }

        let dir = folder()
        defer { try? fm.removeItem(at: dir) }
        try fm.createDirectory(at: dir.appendingPathComponent("staging"), withIntermediateDirectories: true)
        try Data("left over".utf8).write(to: dir.appendingPathComponent("staging/f"))
        _ = try await quickSync(server, dir).run()
        try expect(SnapshotMirror(root: dir), holds: site)

        let linked = folder()
        let elsewhere = folder()
        defer { try? fm.removeItem(at: linked); try? fm.removeItem(at: elsewhere) }
        try fm.createDirectory(at: linked, withIntermediateDirectories: true)
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: linked.appendingPathComponent("staging"), withDestinationURL: elsewhere)
        try fm.createSymbolicLink(at: linked.appendingPathComponent("versions"), withDestinationURL: elsewhere)
        _ = try await quickSync(server, linked).run()
        #expect(try fm.contentsOfDirectory(atPath: elsewhere.path) == [])
        let mirror = SnapshotMirror(root: linked)
        try expect(mirror, holds: site)
        #expect(MirrorEntry(linked.appendingPathComponent("versions")) == .directory)
    }

    @Test("Issue 41, item 11: a path that is a folder of another is refused before any download, with a true message")
    func fileAndFolder() async throws {
        var site = FakeSite.numbered(2)
        site.files["a/b.json"] = Data("{}".utf8)
        site.files["a/b.json/c.json"] = Data("{\"c\":1}".utf8)
        let server = try HostileServer(site.handler())
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for _ in 0..<2 {   // a retry is refused the same way, downloading nothing again
            await #expect(throws: SyncError.badManifest("'a/b.json' is listed as a file and as the folder of 'a/b.json/c.json'")) {
                try await quickSync(server, dir).run()
            }
        }
        #expect(server.served == ["api/v1/manifest.json", "api/v1/manifest.json"])
        #expect(SnapshotMirror(root: dir).current == nil)
    }

    @Test("Issue 41, item 11: a .sync-lock that is a symbolic link is replaced, never followed, and blocks nothing")
    func linkedLock() async throws {
        let fm = FileManager.default
        let site = FakeSite.numbered(2)
        let server = try HostileServer(site.handler())
        defer { server.stop() }
        let dir = folder(), elsewhere = folder()
        defer { try? fm.removeItem(at: dir); try? fm.removeItem(at: elsewhere) }
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: target)
        for destination in [target.path, elsewhere.appendingPathComponent("missing").path] {
            try? fm.removeItem(at: dir.appendingPathComponent(".sync-lock"))
            try fm.createSymbolicLink(atPath: dir.appendingPathComponent(".sync-lock").path, withDestinationPath: destination)
            _ = try await quickSync(server, dir).run()
            try expect(SnapshotMirror(root: dir), holds: site)
            #expect(MirrorEntry(dir.appendingPathComponent(".sync-lock")) == .file)
        }
        #expect(try Data(contentsOf: target) == Data("keep me".utf8))
        #expect(try fm.contentsOfDirectory(atPath: elsewhere.path) == ["precious.txt"])
    }

    @Test("Issue 41, item 11: a full disk while files are written leaves no staging/ behind; the next run succeeds")
    func fullDisk() async throws {
        let site = FakeSite.numbered(4)
        let server = try HostileServer(site.handler())
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = Mutex(0)
        var full = quickSync(server, dir)
        full.writeFile = { data, url in   // the second file meets a full disk
            guard written.withLock({ $0 += 1; return $0 }) < 2 else { throw POSIXError(.ENOSPC) }
            try data.write(to: url, options: .atomic)
        }
        await #expect(throws: SyncError.self) { try await full.run() }
        #expect(written.withLock { $0 } == 2, "the failure came while the set was being written")
        #expect(MirrorEntry(dir.appendingPathComponent("staging")) == .missing)
        _ = try await quickSync(server, dir).run()
        try expect(SnapshotMirror(root: dir), holds: site)
    }

    @Test("7: a schema named without its path, or unknown, is refused at any version", arguments: [
        ("hymns", 99), ("schemas/songs.schema.json", 1), ("schemas/.schema.json", 1),
    ])
    func schemaNames(_ schema: String, _ version: Int) async throws {
        var site = FakeSite.numbered(2)
        site.schema = schema
        site.schemaVersion = version
        let server = try HostileServer(site.handler())
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        await #expect(throws: SyncError.unknownSchema(path: "f/0.json", schema: schema)) { try await quickSync(server, dir).run() }
        #expect(server.served == ["api/v1/manifest.json"])
    }

    @Test("8: a redirect to file: is named as such; a local problem names the local path")
    func messages() async throws {
        let site = FakeSite.numbered(1)
        let manifest = site.manifest
        let server = try HostileServer { path, connection in
            guard path.hasSuffix("0.json") else { return connection.respond(body: manifest) }
            connection.respond("302 Found", headers: ["Location: file:///etc/passwd", "Content-Length: 0"], body: Data())
        }
        defer { server.stop() }
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try await quickSync(server, dir).run()
            Issue.record("a redirect to file: was followed")
        } catch let error as SyncError {
            #expect(error == .redirect(url: server.url.absoluteString + "api/v1/f/0.json", to: "file:///etc/passwd"))
            #expect(!error.description.contains("HTTP status 404"))   // (a port number may hold "404": it did, 40481)
        }

        let file = folder()
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try await quickSync(server, file).run()
            Issue.record("a mirror folder that is a file was accepted")
        } catch let error as SyncError {
            guard case .local(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == file.path)
            #expect(error.description.hasPrefix(file.path + ": "))
        }
    }
}
