/// Where a step puts each file as soon as it is made: `sitegen build` writes it to the staging
/// folder and keeps its path, size and SHA-256 (`StagedOutput.sink`); `sitegen serve` and the
/// tests keep its bytes (`keep`). A step that makes many large files (the search index, the apps'
/// bundle, a translation's snapshots) hands each one here, so they are not all in memory at once.
/// Safe to call from any core at once.
public struct FileSink: Sendable {
    private let put: @Sendable (OutputFile) throws -> OutputFile

    public init(_ put: @escaping @Sendable (OutputFile) throws -> OutputFile) { self.put = put }

    /// Keeps the bytes in memory (no staging folder).
    public static let keep = FileSink { $0 }

    /// The file as kept: staged (bytes dropped) or as it is.
    public func callAsFunction(_ file: OutputFile) throws -> OutputFile { try put(file) }
}
