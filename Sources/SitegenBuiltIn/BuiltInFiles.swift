import Foundation

/// The files compiled into sitegen (by the EmbedFiles plugin, from this repository's folders):
/// the theme (`Templates/`), the starter site `sitegen init` writes (`Starter/`) and the CI
/// pipelines (`deploy/`). Each is relative path → bytes, decoded once on first use.
public enum BuiltInFiles {
    public static let theme: [String: Data] = decode(themeEncoded)
    public static let starter: [String: Data] = decode(starterEncoded)
    public static let deploy: [String: Data] = decode(deployEncoded)

    static func decode(_ encoded: [(String, String)]) -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, bytes) in encoded {
            guard let pathData = Data(base64Encoded: path), let data = Data(base64Encoded: bytes) else {
                preconditionFailure("scripts/embed-files wrote invalid base64")
            }
            files[String(decoding: pathData, as: UTF8.self)] = data
        }
        return files
    }
}
