import CLibXML2
import Foundation

/// Receives libxml2's SAX2 events. Names and attribute values are handed over as strings only
/// when asked for, so elements the reader does not care about cost almost nothing.
protocol XMLStreamDelegate: AnyObject {
    func startElement(_ name: String, attributes: XMLAttributes)
    func endElement(_ name: String)
    func characters(_ text: String)
}

/// The attributes of one start tag, as libxml2 passes them (5 pointers per attribute:
/// local name, prefix, URI, value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    subscript(name: String) -> String? {
        guard let base else { return nil }
        return name.withCString { wanted in
            for i in 0..<count {
                let at = base + i * 5
                guard let local = at[0], strcmp(UnsafeRawPointer(local).assumingMemoryBound(to: CChar.self), wanted) == 0,
                      let start = at[3], let end = at[4] else { continue }
                return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
            return nil
        }
    }
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

    private weak var delegate: (any XMLStreamDelegate)?
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
        return source.withUTF8 { bytes -> XMLFailure? in
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
            let status = xmlParseDocument(ctxt)
            if let failure = stream.failure { return failure }
            guard status != 0 || ctxt.pointee.wellFormed == 0 else { return nil }
            return XMLFailure(line: stream.line, column: 1, message: "malformed XML")
        }
    }

    private static func stream(_ ctx: UnsafeMutableRawPointer?) -> XMLStream {
        Unmanaged<XMLStream>.fromOpaque(ctx!).takeUnretainedValue()
    }

    /// The delegate, as long as the document is still well-formed.
    private static func live(_ ctx: UnsafeMutableRawPointer?) -> (any XMLStreamDelegate)? {
        let stream = stream(ctx)
        return stream.failure == nil ? stream.delegate : nil
    }

    /// Keeps the first error or fatal error and stops the parser there.
    private func record(_ error: UnsafePointer<xmlError>) {
        guard failure == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        failure = XMLFailure(line: Int(error.pointee.line), column: max(1, Int(error.pointee.int2)),
                             message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        if let context { xmlStopParser(context) }
    }

    private static func name(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
            XMLStream.live(ctx)?.startElement(XMLStream.name(localname),
                                                         attributes: XMLAttributes(base: attributes, count: Int(count)))
        }
        h.endElementNs = { ctx, localname, _, _ in
            XMLStream.live(ctx)?.endElement(XMLStream.name(localname))
        }
        h.characters = { ctx, chars, length in
            guard let chars else { return }
            XMLStream.live(ctx)?.characters(String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF8.self))
        }
        // Errors come here (never printed by libxml2 itself); the first one is kept.
        h.serror = { ctx, error in
            guard let ctx, let error else { return }
            XMLStream.stream(ctx).record(error)
        }
        return h
    }
}
