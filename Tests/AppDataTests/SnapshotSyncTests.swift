import Foundation
import SitegenSnapshots
import Testing

/// `SnapshotSync` against builds of the bundled site served over loopback HTTP: what an app's
/// refresh does, and what it must survive.
@Suite(.serialized) struct SnapshotSyncTests {
    /// The bundled site (a few books of every translation, so every kind of snapshot and bundle
    /// file is mirrored), and a copy with one word of hymn 123 changed, both built: the two differ
    /// in that hymn only, so the bundle's other files are the same.
    static let sites = Task { () throws -> (BundledSite, BundledSite) in
        let base = try BundledSite.fewBooksOfEveryTranslation()
        try await base.build()
        let edited = try BundledSite.fewBooksOfEveryTranslation()
        // A word inside the hymn, not its first line (which the hymns' list in `bundle/hymns.sqlite` also holds).
        try edited.edit("Content/hymns/123.md", replacing: "Than yonder sands upon the shore", with: "Than yonder sands along the shore")
        try await edited.build()
        return (base, edited)
    }

    func mirrorFolder() -> URL {
        scratch.appendingPathComponent("mirror-\(UUID().uuidString)")
    }

    /// The mirror holds exactly the site's `api/v1/` files the manifest lists, byte for byte.
    func expectMirror(_ mirror: SnapshotMirror, equals site: BundledSite) throws {
        let manifest = try #require(try mirror.manifest())
        #expect(try mirror.verify() == [])
        #expect(try mirror.data("manifest.json") == Data(contentsOf: site.api().appendingPathComponent("manifest.json")))
        #expect(!manifest.bundles.isEmpty)
        for file in manifest.files.map(\.path) + manifest.bundles.map(\.path) {
            #expect(try mirror.data(file) == Data(contentsOf: site.api().appendingPathComponent(file)), "\(file)")
        }
    }

    @Test func fullMirrorThenOneHymnFetchesOnlyWhatChanged() async throws {
        let (base, edited) = try await Self.sites.value
        let host = try await LoopbackSite(root: base.url("Output"))
        let folder = mirrorFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sync = SnapshotSync(site: await host.url, into: folder)

        let first = try await sync.run()
        let manifest = try #require(try sync.mirror.manifest())
        #expect(first.downloaded.count == 1 + manifest.files.count + manifest.schemas.count + manifest.bundles.count)
        #expect(first.reused == 0)
        try expectMirror(sync.mirror, equals: base)

        let again = try await sync.run()
        #expect(again.upToDate && again.downloaded == ["manifest.json"])

        host.serve(edited.url("Output"))
        let second = try await sync.run()
        // The files of hymns 101–150 only: the other hymns', the translations' and the schedule's are kept.
        #expect(second.downloaded == ["manifest.json", "hymns/101-150.json", "bundle/hymns-101-150.sqlite"])
        #expect(host.served == ["api/v1/manifest.json", "api/v1/hymns/101-150.json", "api/v1/bundle/hymns-101-150.sqlite"])
        try expectMirror(sync.mirror, equals: edited)
        let hymns = try sync.mirror.decode(HymnsFile.self, HymnsFile.path(of: 123))
        #expect(hymns.hymn(123)?.stanzas[1].text.contains("Than yonder sands along the shore") == true)
        await host.stop()
    }

    @Test func serverStoppedMidwayKeepsThePreviousSetAndTheNextSyncFinishes() async throws {
        let (base, edited) = try await Self.sites.value
        let folder = mirrorFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try await LoopbackSite(root: base.url("Output"))
        _ = try await SnapshotSync(site: await host.url, into: folder).run()
        let before = try SnapshotMirror(root: folder).data("manifest.json")

        // The manifest and hymns 101–150's snapshot arrive, then the host goes away before their bundle file.
        host.serve(edited.url("Output"))
        host.stop(after: 2)
        await #expect(throws: (any Error).self) { try await SnapshotSync(site: await host.url, into: folder).run() }
        let mirror = SnapshotMirror(root: folder)
        #expect(try mirror.data("manifest.json") == before)
        #expect(try mirror.verify() == [])
        try expectMirror(mirror, equals: base)

        let restarted = try await LoopbackSite(root: edited.url("Output"))
        let resumed = try await SnapshotSync(site: await restarted.url, into: folder).run()
        #expect(resumed.downloaded == ["manifest.json", "bundle/hymns-101-150.sqlite"], "the snapshot was verified in staging already")
        try expectMirror(mirror, equals: edited)
        await restarted.stop()
    }

    @Test func tamperedFileIsRefusedAndTheMirrorKept() async throws {
        let (base, edited) = try await Self.sites.value
        let folder = mirrorFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try await LoopbackSite(root: base.url("Output"))
        _ = try await SnapshotSync(site: await host.url, into: folder).run()

        host.serve(edited.url("Output"))
        var hymns = try Data(contentsOf: edited.api().appendingPathComponent("hymns/101-150.json"))
        hymns.replaceSubrange(hymns.range(of: Data("behold".utf8))!, with: Data("BEHOLD".utf8))
        host.replace("api/v1/hymns/101-150.json", with: hymns)
        do {
            _ = try await SnapshotSync(site: await host.url, into: folder).run()
            Issue.record("a tampered hymns/101-150.json was accepted")
        } catch let error as SyncError {
            guard case .mismatch(let path, _, _) = error else { Issue.record("\(error)"); return }
            #expect(path == "hymns/101-150.json")
            #expect(error.description.contains("hymns/101-150.json: refused"))
        }
        try expectMirror(SnapshotMirror(root: folder), equals: base)
        await host.stop()
    }

    @Test func manifestOfAnUnknownFormatIsRefused() async throws {
        let base = try await Self.sites.value.0
        let folder = mirrorFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try await LoopbackSite(root: base.url("Output"))
        _ = try await SnapshotSync(site: await host.url, into: folder).run()

        let manifest = try String(contentsOf: base.api().appendingPathComponent("manifest.json"), encoding: .utf8)
        host.serve(base.url("Output"))
        host.replace("api/v1/manifest.json", with: Data(manifest.replacingOccurrences(of: "\"format\" : 2", with: "\"format\" : 3").utf8))
        await #expect(throws: SyncError.unsupportedFormat(3)) { try await SnapshotSync(site: await host.url, into: folder).run() }
        #expect(host.served == ["api/v1/manifest.json"])
        try expectMirror(SnapshotMirror(root: folder), equals: base)
        await host.stop()
    }

    @Test func schemaNewerThanTheModelsIsRefused() async throws {
        let base = try await Self.sites.value.0
        let folder = mirrorFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try await LoopbackSite(root: base.url("Output"))
        var sync = SnapshotSync(site: await host.url, into: folder)
        sync.supported["hymns"] = 0
        await #expect(throws: SyncError.unsupportedVersion(path: "hymns/1-50.json", schema: "hymns", version: 2, supported: 0)) {
            try await sync.run()
        }
        #expect(SnapshotMirror(root: folder).current == nil)
        await host.stop()
    }
}
