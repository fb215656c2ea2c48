import Foundation

/// The JSON shape a `Decodable` model reads, found by decoding it from a probe that answers
/// every question with one placeholder value: the keys of each object, which of them the model
/// requires (synthesized `init(from:)` reads an optional with `decodeIfPresent`, which asks
/// `decodeNil` first), and the shape of array elements.
final class WireShape {
    enum Kind { case value, array, object }

    var kind = Kind.value
    /// Object members by JSON key (a `[String: String]` is an object without members).
    var members: [String: (required: Bool, shape: WireShape)] = [:]
    /// Array element.
    var element: WireShape?

    static func of(_ type: any Decodable.Type) throws -> WireShape {
        let shape = WireShape()
        _ = try type.init(from: Probe(shape: shape))
        return shape
    }

    /// Where `schema` (a JSON Schema object; `$ref`s resolved against `root`'s `$defs`) and this
    /// shape differ: an object's `properties` must be the model's keys and its `required` the
    /// model's non-optional ones, recursively through members and array items.
    func problems(against schema: [String: Any], root: [String: Any], at path: String = "") -> [String] {
        let schema = Self.resolve(schema, root: root)
        switch kind {
        case .value:
            return schema["properties"] != nil || schema["items"] != nil ? ["\(path): the schema has an object or array, the model a value"] : []
        case .array:
            guard let items = schema["items"] as? [String: Any], let element else { return ["\(path): the schema has no array items"] }
            return element.problems(against: items, root: root, at: path + "[]")
        case .object:
            return objectProblems(against: schema, root: root, at: path)
        }
    }

    private func objectProblems(against schema: [String: Any], root: [String: Any], at path: String) -> [String] {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let required = Set(schema["required"] as? [String] ?? [])
        let modelRequired = Set(members.filter(\.value.required).keys)
        var problems: [String] = []
        let onlyModel = Set(members.keys).subtracting(properties.keys), onlySchema = Set(properties.keys).subtracting(members.keys)
        if !onlyModel.isEmpty { problems.append("\(path): model keys missing from the schema's properties: \(onlyModel.sorted())") }
        if !onlySchema.isEmpty { problems.append("\(path): schema properties the model lacks: \(onlySchema.sorted())") }
        if required != modelRequired {
            problems.append("\(path): schema requires \(required.sorted()), the model's non-optional keys are \(modelRequired.sorted())")
        }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            guard let property = properties[key] as? [String: Any] else { continue }
            problems += member.shape.problems(against: property, root: root, at: "\(path)/\(key)")
        }
        return problems
    }

    /// `{"$ref": "#/$defs/name"}` → the definition (the only kind of reference the schemas use).
    static func resolve(_ schema: [String: Any], root: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/"),
              let target = (root["$defs"] as? [String: Any])?[String(ref.dropFirst("#/$defs/".count))] as? [String: Any]
        else { return schema }
        return resolve(target, root: root)
    }
}

/// The decoder `WireShape.of` decodes a model from.
private struct Probe: Decoder {
    let shape: WireShape
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        shape.kind = .object
        return KeyedDecodingContainer(KeyedProbe<Key>(shape: shape, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        shape.kind = .array
        return UnkeyedProbe(shape: shape, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { ValueProbe(codingPath: codingPath) }
}

private func unsupported(_ path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(.init(codingPath: path, debugDescription: "nested containers are not read by synthesized Decodable"))
}

private final class KeyedProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let shape: WireShape
    let codingPath: [any CodingKey]
    /// Keys read through `decodeIfPresent` (it asks `decodeNil` before `decode`).
    private var optional: Set<String> = []

    init(shape: WireShape, codingPath: [any CodingKey]) { (self.shape, self.codingPath) = (shape, codingPath) }

    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool {
        optional.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let member = WireShape()
        let value = try T(from: Probe(shape: member, codingPath: codingPath + [key]))
        shape.members[key.stringValue] = (!optional.contains(key.stringValue), member)
        return value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Wrapped<Bool>.self, forKey: key).value }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(Wrapped<String>.self, forKey: key).value }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(Wrapped<Double>.self, forKey: key).value }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(Wrapped<Float>.self, forKey: key).value }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(Wrapped<Int>.self, forKey: key).value }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(Wrapped<Int8>.self, forKey: key).value }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(Wrapped<Int16>.self, forKey: key).value }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(Wrapped<Int32>.self, forKey: key).value }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(Wrapped<Int64>.self, forKey: key).value }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(Wrapped<UInt>.self, forKey: key).value }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(Wrapped<UInt8>.self, forKey: key).value }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(Wrapped<UInt16>.self, forKey: key).value }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(Wrapped<UInt32>.self, forKey: key).value }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(Wrapped<UInt64>.self, forKey: key).value }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported(codingPath + [key])
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw unsupported(codingPath + [key]) }
    func superDecoder() throws -> any Decoder { throw unsupported(codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported(codingPath + [key]) }
}

/// A primitive read through the generic `decode` (so the primitive overloads record it alike).
private struct Wrapped<T: Placeholder>: Decodable {
    let value: T
    init(from decoder: any Decoder) throws { value = T.placeholder }
}

/// An array of one element.
private struct UnkeyedProbe: UnkeyedDecodingContainer {
    let shape: WireShape
    let codingPath: [any CodingKey]
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(shape: WireShape, codingPath: [any CodingKey]) { (self.shape, self.codingPath) = (shape, codingPath) }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = WireShape()
        currentIndex += 1
        shape.element = element
        return try T(from: Probe(shape: element, codingPath: codingPath))
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(Wrapped<Bool>.self).value }
    mutating func decode(_ type: String.Type) throws -> String { try decode(Wrapped<String>.self).value }
    mutating func decode(_ type: Double.Type) throws -> Double { try decode(Wrapped<Double>.self).value }
    mutating func decode(_ type: Float.Type) throws -> Float { try decode(Wrapped<Float>.self).value }
    mutating func decode(_ type: Int.Type) throws -> Int { try decode(Wrapped<Int>.self).value }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decode(Wrapped<Int8>.self).value }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decode(Wrapped<Int16>.self).value }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decode(Wrapped<Int32>.self).value }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decode(Wrapped<Int64>.self).value }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decode(Wrapped<UInt>.self).value }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(Wrapped<UInt8>.self).value }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(Wrapped<UInt16>.self).value }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(Wrapped<UInt32>.self).value }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(Wrapped<UInt64>.self).value }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported(codingPath)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unsupported(codingPath) }
    mutating func superDecoder() throws -> any Decoder { throw unsupported(codingPath) }
}

private struct ValueProbe: SingleValueDecodingContainer {
    let codingPath: [any CodingKey]
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let placeholder = type as? any Placeholder.Type else { return try T(from: Probe(shape: WireShape(), codingPath: codingPath)) }
        return placeholder.placeholder as! T
    }
    func decode(_ type: Bool.Type) throws -> Bool { false }
    func decode(_ type: String.Type) throws -> String { "" }
    func decode(_ type: Double.Type) throws -> Double { 0 }
    func decode(_ type: Float.Type) throws -> Float { 0 }
    func decode(_ type: Int.Type) throws -> Int { 0 }
    func decode(_ type: Int8.Type) throws -> Int8 { 0 }
    func decode(_ type: Int16.Type) throws -> Int16 { 0 }
    func decode(_ type: Int32.Type) throws -> Int32 { 0 }
    func decode(_ type: Int64.Type) throws -> Int64 { 0 }
    func decode(_ type: UInt.Type) throws -> UInt { 0 }
    func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
    func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
    func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
    func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
}

/// The value a probe gives for a JSON primitive.
private protocol Placeholder: Decodable { static var placeholder: Self { get } }
extension Bool: Placeholder { fileprivate static var placeholder: Bool { false } }
extension String: Placeholder { fileprivate static var placeholder: String { "" } }
extension Double: Placeholder { fileprivate static var placeholder: Double { 0 } }
extension Float: Placeholder { fileprivate static var placeholder: Float { 0 } }
extension Int: Placeholder { fileprivate static var placeholder: Int { 0 } }
extension Int8: Placeholder { fileprivate static var placeholder: Int8 { 0 } }
extension Int16: Placeholder { fileprivate static var placeholder: Int16 { 0 } }
extension Int32: Placeholder { fileprivate static var placeholder: Int32 { 0 } }
extension Int64: Placeholder { fileprivate static var placeholder: Int64 { 0 } }
extension UInt: Placeholder { fileprivate static var placeholder: UInt { 0 } }
extension UInt8: Placeholder { fileprivate static var placeholder: UInt8 { 0 } }
extension UInt16: Placeholder { fileprivate static var placeholder: UInt16 { 0 } }
extension UInt32: Placeholder { fileprivate static var placeholder: UInt32 { 0 } }
extension UInt64: Placeholder { fileprivate static var placeholder: UInt64 { 0 } }
