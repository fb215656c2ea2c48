import CLibXML2
import Foundation

/// Receives libxml2's SAX2 events. Names, attribute values and text are handed over as the
/// parser's own bytes, valid only during the call: the Bible has ~180,000 elements, and a
/// Swift String per name, attribute and text run was most of the time spent reading it.
protocol XMLStreamDelegate: AnyObject {
    func startElement(_ name: XMLName, attributes: XMLAttributes)
    func endElement(_ name: XMLName)
    func characters(_ text: UnsafeBufferPointer<UInt8>)
}

/// An element or attribute name as libxml2 passes it (NUL-terminated UTF-8 owned by the parser),
/// compared with literals byte by byte: `switch name { case "verse": … }`.
struct XMLName {
    let pointer: UnsafePointer<xmlChar>

    /// The first byte (0 for an empty name): lets a reader pick the few literals worth comparing.
    var first: UInt8 { pointer.pointee }

    var string: String { String(cString: pointer) }

    static func == (name: XMLName, literal: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(name.pointer).assumingMemoryBound(to: CChar.self),
               UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    static func ~= (literal: StaticString, name: XMLName) -> Bool { name == literal }
}

/// An attribute value: the parser's bytes, compared without copying, a String when kept.
struct XMLValue {
    let bytes: UnsafeBufferPointer<UInt8>

    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func == (value: XMLValue, literal: StaticString) -> Bool {
        value.bytes.count == literal.utf8CodeUnitCount
            && (value.bytes.isEmpty || memcmp(value.bytes.baseAddress!, literal.utf8Start, value.bytes.count) == 0)
    }

    static func != (value: XMLValue, literal: StaticString) -> Bool { !(value == literal) }
}

/// The attributes of one start tag, as libxml2 passes them (5 pointers per attribute:
/// local name, prefix, URI, value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute `name` (its local name), if the tag has it.
    func value(_ name: StaticString) -> XMLValue? {
        guard let base else { return nil }
        for i in 0..<count {
            let at = base + i * 5
            guard let local = at[0], XMLName(pointer: local) == name, let start = at[3], let end = at[4] else { continue }
            return XMLValue(bytes: UnsafeBufferPointer(start: start, count: end - start))
        }
        return nil
    }

    func has(_ name: StaticString) -> Bool { value(name) != nil }

    /// Whether the attribute is there with exactly this value (`type="added"`).
    func has(_ name: StaticString, equalTo literal: StaticString) -> Bool { value(name).map { $0 == literal } ?? false }

    /// The value as a String (for values that are kept or printed).
    subscript(name: StaticString) -> String? { value(name)?.string }
}

/// A well-formedness error: where libxml2 stopped and why.
struct XMLFailure: Error {
    let line: Int
    let column: Int
    let message: String
}

/// Streams an XML document through libxml2's SAX2 parser (no tree is built), with line and
/// column available during callbacks for error messages.
final class XMLStream {
    private static let initialized: Bool = { xmlInitParser(); return true }()

    /// `unowned(unsafe)`: the caller of `parse` holds the delegate for the whole parse, and a
    /// weak or strong reference would cost reference counting on every event.
    private unowned(unsafe) let delegate: any XMLStreamDelegate
    private var context: xmlParserCtxtPtr?
    /// The first error; parsing stops there (libxml2 would go on and report follow-on errors,
    /// and still deliver some text events).
    private var failure: XMLFailure?

    private init(delegate: any XMLStreamDelegate) { self.delegate = delegate }

    /// Where the parser is now (the end of the current tag or text).
    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    /// Parses `text`; `setup` receives the stream so the delegate can ask for positions.
    static func parse(_ text: String, delegate: any XMLStreamDelegate, setup: (XMLStream) -> Void = { _ in }) -> XMLFailure? {
        _ = initialized
        let stream = XMLStream(delegate: delegate)
        setup(stream)
        var source = text
        return withExtendedLifetime(delegate) {
            source.withUTF8 { bytes -> XMLFailure? in
                guard let base = bytes.baseAddress else { return XMLFailure(line: 1, column: 1, message: "empty document") }
                let raw = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                guard let ctxt = xmlCreateMemoryParserCtxt(raw, Int32(bytes.count)) else {
                    return XMLFailure(line: 1, column: 1, message: "cannot create an XML parser")
                }
                defer { xmlFreeParserCtxt(ctxt) }
                ctxt.pointee.sax.pointee = makeHandler()
                ctxt.pointee.userData = Unmanaged.passUnretained(stream).toOpaque()
                // No network, no external entities, libxml2's default size limits kept (no
                // XML_PARSE_HUGE): the file is text, never instructions.
                xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue))
                stream.context = ctxt
                defer { stream.context = nil }
                let status = withExtendedLifetime(stream) { xmlParseDocument(ctxt) }
                if let failure = stream.failure { return failure }
                guard status != 0 || ctxt.pointee.wellFormed == 0 else { return nil }
                return XMLFailure(line: stream.line, column: 1, message: "malformed XML")
            }
        }
    }

    /// The delegate, as long as the document is still well-formed. The stream is borrowed
    /// (`parse` keeps it alive), not retained per event.
    private static func live(_ ctx: UnsafeMutableRawPointer?, _ event: (any XMLStreamDelegate) -> Void) {
        Unmanaged<XMLStream>.fromOpaque(ctx!)._withUnsafeGuaranteedRef { stream in
            if stream.failure == nil { event(stream.delegate) }
        }
    }

    /// Keeps the first error or fatal error and stops the parser there.
    private func record(_ error: UnsafePointer<xmlError>) {
        guard failure == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        failure = XMLFailure(line: Int(error.pointee.line), column: max(1, Int(error.pointee.int2)),
                             message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        if let context { xmlStopParser(context) }
    }

    private static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
            guard let localname else { return }
            XMLStream.live(ctx) {
                $0.startElement(XMLName(pointer: localname), attributes: XMLAttributes(base: attributes, count: Int(count)))
            }
        }
        h.endElementNs = { ctx, localname, _, _ in
            guard let localname else { return }
            XMLStream.live(ctx) { $0.endElement(XMLName(pointer: localname)) }
        }
        h.characters = { ctx, chars, length in
            guard let chars else { return }
            XMLStream.live(ctx) { $0.characters(UnsafeBufferPointer(start: chars, count: Int(length))) }
        }
        // Errors come here (never printed by libxml2 itself); the first one is kept.
        h.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<XMLStream>.fromOpaque(ctx).takeUnretainedValue().record(error)
        }
        return h
    }
}
