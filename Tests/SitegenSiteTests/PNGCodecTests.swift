import Foundation
import Testing
import SitegenBuiltIn
@testable import SitegenFeatures

/// The link preview draws the theme's icon: the PNG reader must take the icons as they ship
/// (`scripts/make-icons` writes palette PNGs) and refuse a broken file with a problem, never trap.
@Suite("PNG reader")
struct PNGCodecTests {
    @Test func thePaletteIconsAsTheyShipAreRead() throws {
        let data = try #require(BuiltInFiles.theme["assets/icons/icon-512.png"])
        #expect(data[25] == 3)   // IHDR's colour type: a palette PNG, as make-icons writes it
        let icon = try PNGCodec.decode(data)
        #expect(icon.width == 512 && icon.height == 512 && icon.pixels.count == 512 * 512 * 4)
        let centre = (256 * 512 + 256) * 4
        #expect(icon.pixels[centre + 3] == 255)   // the icon's middle is opaque
        #expect(Set(stride(from: 0, to: icon.pixels.count, by: 4 * 97).map { icon.pixels[$0] }).count > 2)
    }

    @Test func whatItWritesItReadsBack() throws {
        var image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30))
        image.pixels[4..<8] = [200, 100, 50, 255]
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }

    @Test func aShortHeaderIsAProblemNotATrap() {
        var bytes = PNGCodec.signature
        bytes += [0, 0, 0, 0] + Array("IHDR".utf8) + [0, 0, 0, 0]   // an IHDR of length 0, then its CRC
        #expect(throws: PNGCodec.Problem.self) { try PNGCodec.decode(Data(bytes)) }
    }
}
