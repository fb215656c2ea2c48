import Foundation

/// Reads `Content/localities/<slug>.md`: YAML front matter (name, address, coordinates, zone,
/// services, photo, phone) and a Markdown description. Every problem is reported, none stops
/// the others from being found.
public enum LocalityReader {
    public static let folder = "localities"

    /// `queries` remembers the localities of files that did not change (a session's builds).
    public static func read(content: SourceTree, diagnostics: Diagnostics, queries: QueryEngine = QueryEngine()) async -> [Locality] {
        let tree = content.subtree(folder)
        let paths = tree.files(withExtensions: ["md"], diagnostics: diagnostics)
        let statics = content.subtree("static")
        return await concurrentMap(paths) { relative in
            queries.read(relative, in: tree, with: LocalityFile(statics: statics), diagnostics: diagnostics)
        }.compactMap { $0 }
    }

    /// A locality file's locality. Its photo must be one of the static files: read again when
    /// a file is added to or removed from `Content/static/`.
    struct LocalityFile: SourceFileReader {
        typealias Value = Locality?
        let statics: SourceTree

        func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> Locality? {
            _ = queries.input(SourceFolder(path: statics.url.path))
            return LocalityReader.readFile(tree, relative, statics, queries.diagnostics)
        }

        static func == (a: Self, b: Self) -> Bool { a.statics.url == b.statics.url }
        func hash(into hasher: inout Hasher) { hasher.combine(statics.url) }
    }

    /// One `<slug>.md`, read and checked on its own (nil when unreadable or wrong).
    public static func readFile(_ tree: SourceTree, _ relative: String, _ statics: SourceTree, _ diagnostics: Diagnostics) -> Locality? {
        guard let file = tree.read(relative, diagnostics: diagnostics), file.isWithin(.locality, diagnostics: diagnostics),
              let document = FrontMatterDocument.split(file, diagnostics: diagnostics),
              let fields = document.fields(diagnostics: diagnostics) else { return nil }
        var body = document.body
        // Never handed to cmark-gfm beyond its limits (see MarkdownLimits).
        if let violation = MarkdownLimits.check(body) {
            diagnostics.error(violation.message, at: file.location(line: document.bodyFirstLine + violation.line - 1, column: violation.column))
            body = ""
        }
        return parse(fields, slug: slugOf(relative), body: body, bodyFirstLine: document.bodyFirstLine,
                     statics: statics, diagnostics: diagnostics)
    }

    /// `brush_prairie.md` → `brush_prairie`; nested folders are not part of the slug.
    static func slugOf(_ relative: String) -> String {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    public static func parse(_ fields: YAMLFields, slug: String, body: String, bodyFirstLine: Int = 1,
                             statics: SourceTree?, diagnostics: Diagnostics) -> Locality? {
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
            photo: photo, photoAlt: fields.string("photo_alt"), phone: phone(fields), email: email(fields),
            description: body, source: fields.file.location(line: 1), descriptionFirstLine: bodyFirstLine)
        return name == nil ? nil : locality
    }

    /// The congregation's e-mail address: one `local@domain.tld`, nothing a `mailto:` link could
    /// be made to carry besides it (no spaces, `?`, `<`, `>`, `:` or quotes).
    static func email(_ fields: YAMLFields) -> String? {
        guard let email = fields.string("email") else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "._%+-".contains(c)) }
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), parts.allSatisfy({ $0.allSatisfy(allowed) }) else {
            fields.error("'email' must be one e-mail address like office@example.org, not '\(email)'", at: "email")
            return nil
        }
        return email
    }

    /// A telephone number as people write it (`+1 605-555-0100`, `(605) 555 0100`): digits and
    /// these separators only. Anything else (`javascript:alert(1)`) is an error, not a `tel:` link
    /// made of whatever digits it happens to contain.
    static func phone(_ fields: YAMLFields) -> String? {
        guard let phone = fields.string("phone") else { return nil }
        let digits = phone.filter(\.isASCII).filter(\.isNumber).count
        guard digits >= 3, digits <= 20, phone.allSatisfy({ ($0.isASCII && $0.isNumber) || " +-().".contains($0) }) else {
            fields.error("'phone' must be a telephone number written with digits, spaces and + - ( ) . only, not '\(phone)'", at: "phone")
            return nil
        }
        return phone
    }

    /// Both or neither of latitude/longitude; each within range.
    static func coordinate(_ fields: YAMLFields) -> Locality.Coordinate? {
        let lat = fields.double("latitude", in: -90...90), lon = fields.double("longitude", in: -180...180)
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
