/// The contributions the bundled features read. Each type belongs to one feature (named in its
/// comment); a kind gives a value of it from `ContentKind.contributions`.

/// Home page (`HomeFeature`): values the home page shows from a kind (the next meetings, the
/// verse of the day, the hymn-number box). Keys are the template's: two kinds giving the same
/// key is an error.
public struct HomeValues: Contribution {
    public let values: TemplateObject

    public init(_ values: TemplateObject) { self.values = values }
}

/// `/my/` (`MyPageFeature`): what the reader's own page needs from a kind to name and link what
/// was marked (the Bible's books, the hymns' address), and the parts of the reader-data file
/// the kind's marks are kept in (`properties` of its JSON Schema, with any `$defs` they use).
public struct ReaderDataPart: Contribution {
    public let values: TemplateObject
    /// `(name, JSON Schema)` of each top-level property of the export file, in order.
    public let properties: [SchemaProperty]
    /// `(name, JSON Schema)` of each definition the properties refer to (`#/$defs/ref`).
    public let definitions: [SchemaProperty]

    public init(values: TemplateObject, properties: [SchemaProperty] = [], definitions: [SchemaProperty] = []) {
        self.values = values
        self.properties = properties
        self.definitions = definitions
    }
}

/// A named JSON Schema fragment (its text as written, indented for its place in the file).
public struct SchemaProperty: Sendable, Equatable {
    public let name: String
    public let schema: String

    public init(_ name: String, _ schema: String) {
        self.name = name
        self.schema = schema
    }
}

/// The apps' SQLite bundle (`AppBundleFeature`): a kind's tables and rows.
public struct AppTables: Contribution {
    public let tables: [AppTable]

    public init(_ tables: [AppTable]) { self.tables = tables }
}

/// The manifest (`ManifestFeature`): what a feature lists there besides the kinds' snapshots —
/// the search index's entry, the bundle's, a schema no snapshot uses (the reader's export file).
public struct ManifestListing: Contribution {
    public let search: Manifest.SearchEntry?
    public let bundles: [Manifest.BundleEntry]
    public let schemas: [SnapshotSchema]

    public init(search: Manifest.SearchEntry? = nil, bundles: [Manifest.BundleEntry] = [], schemas: [SnapshotSchema] = []) {
        self.search = search
        self.bundles = bundles
        self.schemas = schemas
    }
}

/// The offline list (`OfflineFeature`): files a feature made that the service worker keeps
/// (the search index). A file that holds a kind's documents goes with that kind's group
/// when the group carries its search documents (`OfflineGroup.searchDocuments`).
public struct OfflineListed: Contribution {
    public struct File: Sendable, Equatable {
        public let file: OutputFile
        /// The kind whose documents the file holds, if any.
        public let documentsOf: String?
        /// The search scope (a translation) of those documents, if any: the file goes with the
        /// group whose `OfflineGroup.searchScope` it is.
        public let scope: String?
        /// What stays the same when the file's bytes, and so its content-hashed name, change (a
        /// term shard's first term): the offline list keeps it in the same part by this, so an
        /// edit moves one part, not the one it leaves and the one it joins. nil: its path.
        public let key: String?

        public init(_ file: OutputFile, documentsOf: String? = nil, scope: String? = nil, key: String? = nil) {
            self.file = file
            self.documentsOf = documentsOf
            self.scope = scope
            self.key = key
        }
    }

    public let files: [File]

    public init(_ files: [File]) { self.files = files }
}

extension SearchContribution: Contribution {}
extension OfflineContribution: Contribution {}
