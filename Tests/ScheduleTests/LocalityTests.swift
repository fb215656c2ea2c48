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

    /// The street address in every link that takes one; coordinates where a link takes them.
    @Test func mapLinksCarryTheAddress() async throws {
        let content = try TempContent([
            "localities/a.md": aberdeen,
            "localities/b.md": "---\nname: \"B & <C>\"\naddress: [\"1 Main St #2\", \"Town & Country\"]\n---\n",
            "localities/c.md": "---\nname: \"C\"\nlatitude: 45.5\nlongitude: -98.5\n---\n",
            "localities/d.md": "---\nname: \"Summer & land, BC\"\n---\n",
        ])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let a = MapLinks.links(for: try #require(schedule.locality("a")))
        #expect(a.map(\.url) == [
            "https://maps.apple.com/?daddr=1223%204th%20Ave%20SW%2C%20Aberdeen%20SD%2057401-3721&ll=45.46115%2C-98.505919&q=Aberdeen%2C%20SD",
            "https://www.google.com/maps/dir/?api=1&destination=1223%204th%20Ave%20SW%2C%20Aberdeen%20SD%2057401-3721",
            "https://www.openstreetmap.org/directions?route=%3B45.46115%2C-98.505919#map=15/45.46115/-98.505919",
            "geo:45.46115,-98.505919?q=1223%204th%20Ave%20SW%2C%20Aberdeen%20SD%2057401-3721",
        ])
        let b = MapLinks.links(for: try #require(schedule.locality("b")))
        #expect(b.first?.url == "https://maps.apple.com/?daddr=1%20Main%20St%20%232%2C%20Town%20%26%20Country")
        #expect(b.last?.url == "geo:0,0?q=1%20Main%20St%20%232%2C%20Town%20%26%20Country")
        let c = MapLinks.links(for: try #require(schedule.locality("c")))
        #expect(c.last?.url == "geo:45.5,-98.5?q=45.5,-98.5(C)")
        let d = try #require(schedule.locality("d"))
        #expect(MapLinks.links(for: d).isEmpty)
        #expect(MapLinks.town(d).map(\.url).contains("https://www.openstreetmap.org/search?query=Summer%20%26%20land%2C%20BC"))
    }

    /// The congregation's own phone, e-mail and photo are on its page; a locality without an
    /// address says so, offers its place on a map, and is a warning of `check`.
    @Test func contactsPhotoAndAMissingAddress() async throws {
        let content = try TempContent([
            "static/photos/here.jpg": "jpeg",
            "localities/a.md": "---\nname: A\naddress: [\"1 Main St\"]\nphone: \"+1 605 555 0100\"\nemail: office@a-church.example\n"
                + "photo: photos/here.jpg\nphoto_alt: The church\n---\n",
            "localities/b.md": "---\nname: \"Summerland, BC\"\nemail: \"x@y.org?subject=<b>\"\n---\n",
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.errors.map(\.description) == [
            "Content/localities/b.md:3:8: error: 'email' must be one e-mail address like office@example.org, not 'x@y.org?subject=<b>'"])
        let specs = LocalityPages.specs(schedule, context: makeContext())
        let a = try #require(specs.first { $0.path == "localities/a/" }).values
        #expect(a["email"]?["mailto"]?.string == "mailto:office@a-church.example")
        #expect(a["phone"]?["tel"]?.string == "tel:+16055550100")
        #expect(a["photo"]?["url"]?.string == "/photos/here.jpg" && a["photo"]?["alt"]?.string == "The church")
        #expect(a["townLinks"] == nil)
        let b = try #require(specs.first { $0.path == "localities/b/" }).values
        #expect(b["hasAddress"] == .flag(false) && b["hasMapLinks"] == .flag(false) && b["email"] == nil)
        #expect(b["townLinks"]?.items.count == 3)
        let warnings = Diagnostics()
        ScheduleKind.warnAboutMissingAddresses(schedule, diagnostics: warnings)
        #expect(warnings.all.map(\.description) == [
            "Content/localities/b.md:1:1: warning: locality 'Summerland, BC' has no 'address': its page offers no directions "
                + "to the door; add the street address if the congregation publishes one"])
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
