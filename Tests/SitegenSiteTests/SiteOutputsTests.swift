import Foundation
import SitegenCore
@testable import SitegenSite
import Testing

/// A run whose paths differ from the last run's at a few places (a settle's new search shards)
/// takes the last run's index patched there: it must be the index a run made afresh, write and
/// delete what a fresh comparison would, and leave a clashing path to the whole check.
@Suite struct SiteOutputsTests {
    static func file(_ path: String, _ text: String = "x") -> OutputFile { OutputFile(path: path, data: Data(text.utf8)) }
    static let site = (0..<40).map { file("p\($0)/index.html", "page \($0)") } + [file("search/t/aaa.json", "terms"), file("Photo.JPG", "jpg")]

    @Test func aFewPathsMovedPatchTheLastIndexAndWriteOnlyWhatDiffers() {
        let old = SiteOutputs(Self.site, following: nil)
        #expect(old.moved == nil)
        var files = Self.site
        files[2] = Self.file("p2/index.html", "page 2, edited")
        files[40] = Self.file("search/t/bbb.json", "terms, edited")
        let patched = SiteOutputs(files, following: old)
        let fresh = SiteOutputs(files, following: nil)
        #expect(patched.moved == [40])
        #expect(patched.places == fresh.places && patched.built.paths == fresh.built.paths && patched.pages == fresh.pages)
        let made = FreshOutputs(paths: ["p1/index.html", "p2/index.html", "search/t/bbb.json"])
        let (write, remove) = patched.changes(since: old, fresh: made)
        #expect(write.map(\.path) == ["p2/index.html", "search/t/bbb.json"] && remove == ["search/t/aaa.json"])
        let whole = fresh.changes(since: old, fresh: made)
        #expect(write == whole.write && remove == whole.remove)

        // Back again: the next run follows the patched one.
        let back = SiteOutputs(Self.site, following: patched)
        #expect(back.moved == [2, 40].filter { Self.site[$0].path != files[$0].path })
        #expect(back.places == old.places && back.built.paths == old.built.paths)
    }

    /// A feature's files made again are given by their places, not their paths: the same
    /// files written, whether the index was patched or made anew; a place not made is not written.
    @Test func filesMadeAgainAreFoundByTheirPlaces() {
        let old = SiteOutputs(Self.site, following: nil)
        var files = Self.site
        files[5] = Self.file("p5/index.html", "page 5, edited")   // not made in this run: not written
        files[40] = Self.file("search/t/bbb.json", "terms, edited")
        files[41] = Self.file("Photo.JPG", "jpg, edited")
        let byPlace = FreshOutputs(paths: ["p1/index.html"], places: [40..<42])
        let byPath = FreshOutputs(paths: ["p1/index.html", "search/t/bbb.json", "Photo.JPG"])
        for outputs in [SiteOutputs(files, following: old), SiteOutputs(files, following: nil)] {
            let (write, remove) = outputs.changes(since: old, fresh: byPlace)
            #expect(write.map(\.path) == ["search/t/bbb.json", "Photo.JPG"] && remove == ["search/t/aaa.json"])
            let paths = outputs.changes(since: old, fresh: byPath)
            #expect(write == paths.write && remove == paths.remove)
        }
        // A whole run made again (`FreshOutputs(places: [files.indices])`) writes every file that differs.
        let whole = SiteOutputs(files, following: old).changes(since: old, fresh: FreshOutputs(places: [files.indices]))
        #expect(whole.write.map(\.path) == ["p5/index.html", "search/t/bbb.json", "Photo.JPG"])
    }

    @Test func aMovedPathThatIsNotPlainOrIsClaimedInAnyCaseIsCheckedWhole() {
        let old = SiteOutputs(Self.site, following: nil)
        for clash in ["photo.jpg", "p3/index.html", "P3/INDEX.HTML", "../escape", "a//b"] {
            var files = Self.site
            files[40] = Self.file(clash)
            #expect(SiteOutputs(files, following: old).moved == nil, "\(clash)")
        }
        var same = Self.site
        same[40] = Self.file("PHOTO.jpg")
        #expect(SiteOutputs(same, following: old).moved == nil, "two paths that differ in case only")
    }
}
