import Foundation
import Testing
@testable import SitegenSchedule

@Suite("Localities: photos, map links")
struct LocalityTests {
    @Test func photoMustBeInStatic() async throws {
        let content = try TempContent([
            "static/photos/here.jpg": "jpeg",
            "localities/a.md": "---\nname: A\nphoto: photos/here.jpg\nphoto_alt: The church\n---\n",
            "localities/b.md": "---\nname: B\nphoto: photos/missing.jpg\n---\n",
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(schedule.locality("a")?.photo == "photos/here.jpg")
        let errors = diagnostics.errors.map(\.description)
        #expect(errors == ["Content/localities/b.md:3:8: error: photo 'photos/missing.jpg' not found in Content/static/"])
    }

    @Test func mapLinksForCoordinatesAndForAnAddress() async throws {
        let content = try TempContent([
            "localities/a.md": aberdeen,
            "localities/b.md": "---\nname: \"B & <C>\"\naddress: [\"1 Main St #2\", \"Town & Country\"]\n---\n",
        ])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let a = MapLinks.links(for: try #require(schedule.locality("a")))
        #expect(a.map(\.url) == [
            "https://maps.apple.com/?daddr=45.46115%2C-98.505919&q=Aberdeen%2C%20SD",
            "https://www.google.com/maps/dir/?api=1&destination=45.46115%2C-98.505919",
            "https://www.openstreetmap.org/directions?route=%3B45.46115%2C-98.505919#map=15/45.46115/-98.505919",
            "geo:45.46115,-98.505919?q=45.46115,-98.505919(Aberdeen%2C%20SD)",
        ])
        let b = MapLinks.links(for: try #require(schedule.locality("b")))
        #expect(b.first?.url == "https://maps.apple.com/?daddr=1%20Main%20St%20%232%2C%20Town%20%26%20Country")
        #expect(!b.contains { $0.url.hasPrefix("geo:") })
    }

    @Test func localityPageValuesArePlainText() async throws {
        let content = try TempContent([
            "localities/x.md": "---\nname: \"<script>alert(1)</script>\"\ntime_zone: UTC\n---\n<b>bold</b> and <script>x()</script>\n",
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty)
        let spec = try #require(LocalityPages.specs(schedule, context: makeContext()).first)
        #expect(spec.title == "<script>alert(1)</script>") // escaped by the template, not here
        let description = try #require(spec.values["description"]?.string, "the locality page has its description")
        #expect(!description.contains("<script>")) // raw HTML in Markdown is not passed through
        #expect(description.contains("&lt;b&gt;bold&lt;/b&gt; and &lt;script&gt;x()&lt;/script&gt;"), "shown as text: \(description)")
    }
}
