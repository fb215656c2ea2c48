import Foundation

/// Reads `Content/localities/<slug>.md`: YAML front matter (name, address, coordinates, zone,
/// services, photo, phone) and a Markdown description. Every problem is reported, none stops
/// the others from being found.
public enum LocalityReader {
    public static let folder = "localities"

    /// `files` remembers the localities of files that did not change (a session's builds).
    public static func read(content: SourceTree, diagnostics: Diagnostics, files memo: FileMemo<Locality?> = FileMemo()) async -> [Locality] {
        let tree = content.subtree(folder)
        let paths = tree.files(withExtensions: ["md"], diagnostics: diagnostics)
        let statics = content.subtree("static")
        return await concurrentMap(paths) { relative in
            memo.value(for: tree.fileURL(relative), diagnostics: diagnostics) { readFile(tree, relative, statics, $0) }
        }.compactMap { $0 }
    }

    /// One `<slug>.md`, read and checked on its own (nil when unreadable or wrong).
    public static func readFile(_ tree: SourceTree, _ relative: String, _ statics: SourceTree, _ diagnostics: Diagnostics) -> Locality? {
        guard let file = tree.read(relative, diagnostics: diagnostics),
              let document = FrontMatterDocument.split(file, diagnostics: diagnostics),
              let fields = document.fields(diagnostics: diagnostics) else { return nil }
        return parse(fields, slug: slugOf(relative), body: document.body, statics: statics, diagnostics: diagnostics)
    }

    /// `brush_prairie.md` → `brush_prairie`; nested folders are not part of the slug.
    static func slugOf(_ relative: String) -> String {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    public static func parse(_ fields: YAMLFields, slug: String, body: String, statics: SourceTree?,
                             diagnostics: Diagnostics) -> Locality? {
        defer { fields.reportUnknownKeys() }
        if !isValidSlug(slug) {
            diagnostics.error("locality file name '\(slug)' must be lower-case letters, digits, '_' or '-' (it is the locality's id)",
                              at: fields.file.location(line: 1))
        }
        let name = fields.string("name", required: true)
        let address = fields.stringList("address") ?? []
        let coordinate = coordinate(fields)
        let zone = FieldParsing.timeZone(fields, key: "time_zone")
        let services = (fields.mappingList("services") ?? []).compactMap(service)
        let photo = fields.string("photo")
        if let photo, let statics, photo.contains("..") || !statics.fileExists(photo) {
            fields.error("photo '\(photo)' not found in \(statics.displayPath)/", at: "photo")
        }
        let locality = Locality(
            slug: slug, name: name ?? slug, address: address, region: fields.string("region"),
            country: fields.string("country"), coordinate: coordinate, timeZone: zone, services: services,
            photo: photo, photoAlt: fields.string("photo_alt"), phone: fields.string("phone"),
            description: body, source: fields.file.location(line: 1))
        return name == nil ? nil : locality
    }

    /// Both or neither of latitude/longitude; each within range.
    static func coordinate(_ fields: YAMLFields) -> Locality.Coordinate? {
        let lat = fields.double("latitude"), lon = fields.double("longitude")
        if let lat, !(-90...90).contains(lat) || !lat.isFinite {
            fields.error("latitude \(lat) is out of range (-90 to 90 degrees)", at: "latitude")
        }
        if let lon, !(-180...180).contains(lon) || !lon.isFinite {
            fields.error("longitude \(lon) is out of range (-180 to 180 degrees)", at: "longitude")
        }
        if fields.has("latitude") != fields.has("longitude") {
            fields.error("give both latitude and longitude, or neither", at: fields.has("latitude") ? "latitude" : "longitude")
        }
        guard let lat, let lon else { return nil }
        // Nil when out of range (already reported above).
        return Locality.Coordinate(latitude: lat, longitude: lon)
    }

    static func service(_ item: YAMLFields) -> Locality.Service? {
        defer { item.reportUnknownKeys() }
        let name = item.string("name", required: true)
        let day = FieldParsing.weekday(item, key: "day", required: true)
        let time = FieldParsing.time(item, key: "time")
        let note = item.string("note")
        guard let name, let day else { return nil }
        return Locality.Service(name: name, weekday: day, time: time, note: note)
    }
}
