/// A value that JSON carries as its text form (`"2026-11-22"`, `"19:30"`): encoded as its
/// `description`, decoded through its parsing initializer, with one shared error message.
public protocol TextCodable: Codable, CustomStringConvertible {
    init?(_ text: String)
    /// How the text must be written, for the decoding error (`YYYY-MM-DD`).
    static var textFormat: String { get }
}

extension TextCodable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not \(Self.textFormat): \(text)"))
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
