import Foundation

/// `Templates/theme.yml`: the built-in files a site copied with `sitegen theme copy`, each with
/// the sitegen version and the SHA-256 of the built-in file it was copied from. The built-in
/// file itself, as it was then, is kept in `Templates/.theme-base/` (hidden, so never read as a
/// template or copied as an asset): `sitegen theme diff` shows what a newer sitegen changed in it.
///
/// It is how an override learns that the file it replaces moved on: Hugo, Zola and Jekyll let a
/// site copy a theme's file and never tell it again.
public struct ThemeCopies: Sendable, Equatable {
    public struct Copy: CopyRecord {
        /// Relative to the theme: `hymn.mustache`, `assets/site.css`.
        public let file: String
        public let sitegen: String
        public let sha256: String

        public init(file: String, sitegen: String, sha256: String) {
            (self.file, self.sitegen, self.sha256) = (file, sitegen, sha256)
        }

        public var copied: String { file }
        public var yamlLine: String {
            "{ file: \(JSONText.quoted(file)), sitegen: \(JSONText.quoted(sitegen)), sha256: \(JSONText.quoted(sha256)) }"
        }
    }

    public static let fileName = "theme.yml"
    public static let baseFolder = ".theme-base"

    /// Sorted by file.
    public private(set) var copies: [Copy]

    public init(copies: [Copy] = []) { self.copies = copies.sortedByName() }

    public func copy(of file: String) -> Copy? { copies.copy(named: file) }

    /// Records (or replaces) the copy of `file`.
    public mutating func record(_ copy: Copy) { copies.replace(with: copy) }

    /// Reads `theme.yml` from the site's templates folder; no file is no copies. Problems go to `diagnostics`.
    public static func read(_ templates: SourceTree, diagnostics: Diagnostics) -> ThemeCopies {
        guard templates.fileExists(fileName), let file = templates.read(fileName, diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return ThemeCopies() }
        defer { fields.reportUnknownKeys() }
        let copies = (fields.mappingList("copies") ?? []).compactMap { entry -> Copy? in
            defer { entry.reportUnknownKeys() }
            guard let name = entry.string("file", required: true), let version = entry.string("sitegen", required: true),
                  let hash = entry.string("sha256", required: true) else { return nil }
            return Copy(file: name, sitegen: version, sha256: hash)
        }
        return ThemeCopies(copies: copies)
    }

    /// The text of `theme.yml` (values JSON-quoted: valid YAML for any name).
    public var text: String {
        copies.yaml(comments: ["Written by `sitegen theme copy`: the built-in file each of these copies came from.",
                               "`sitegen check` warns when a newer sitegen changes one; `sitegen theme diff FILE` shows how."])
    }

    /// A warning for each copy whose built-in file changed since it was copied (or is no longer
    /// built in), at the site's file, naming the command that shows the change.
    public func drift(theme: BuiltInTheme, templates: SourceTree) -> [Diagnostic] {
        copies.compactMap { copy in
            let location = SourceLocation(path: templates.display(copy.file))
            guard let now = theme.files[copy.file] else {
                return Diagnostic(.warning, at: location,
                                  "\(copy.file) is no longer part of the built-in theme (copied from sitegen \(copy.sitegen)); "
                                  + "nothing uses it unless another of your templates does")
            }
            guard SnapshotJSON.sha256(now) != copy.sha256 else { return nil }
            return Diagnostic(.warning, at: location,
                              "the built-in \(copy.file) has changed since it was copied here from sitegen \(copy.sitegen); "
                              + "see what changed: sitegen theme diff \(copy.file)")
        }
    }
}
