import Foundation
import SitegenCore

/// Makes a PDF from Chromium reproducible: the same page gives the same bytes.
///
/// Chromium (Skia) writes the moment of printing into the document information as
/// `/CreationDate (D:20261123004642+00'00')` and `/ModDate (…)`; some versions also write a
/// trailer `/ID [<…> <…>]` made from it. Everything else it writes follows from the page. The
/// dates are replaced by the build's as-of date at midnight UTC and the IDs by a digest of the
/// document, each in place with a value of the same length, so no byte offset (the cross-reference
/// table, `startxref`) moves.
///
/// The PDF is tagged (for screen readers): its structure elements carry IDs made from DOM node
/// numbers (`/ID (node00000074)`), which depend on the order Chromium happened to create nodes in.
/// They are renumbered in the order the elements appear (same width), and the ID tree that lists
/// them, a name tree sorted by key, is sorted again (same bytes, another order).
public enum PDFStamp {
    public static func reproducible(_ pdf: Data, date: CalendarDate) -> Data {
        var bytes = [UInt8](pdf)
        renumberStructureIDs(&bytes)
        let stamp = "D:" + String(format: "%04d%02d%02d", date.year, date.month, date.day) + "000000"
        for key in ["/CreationDate", "/ModDate"] {
            for range in literalStrings(after: key, in: bytes) {
                // (D:YYYYMMDDHHmmSS+HH'mm') → the as-of date at 00:00 UTC, in the same length.
                let old = String(decoding: bytes[range], as: UTF8.self)
                let zone = [0: "", 1: "Z", 7: "+00'00'"][old.utf8.count - stamp.utf8.count]
                guard old.hasPrefix("D:"), let zone else { continue }
                let new = stamp + zone
                bytes.replaceSubrange(range, with: Array(new.utf8))
            }
        }
        // Trailer IDs: each hex string becomes a digest of the document (dates already fixed).
        let ids = hexStrings(after: "/ID", in: bytes)
        if !ids.isEmpty {
            // The digest of the document without its old IDs (each set to zeros first).
            for range in ids { bytes.replaceSubrange(range, with: [UInt8](repeating: UInt8(ascii: "0"), count: range.count)) }
            let digest = SnapshotJSON.sha256(Data(bytes))
            for range in ids {
                let hex = Array(String(repeating: digest, count: range.count / digest.count + 1).utf8.prefix(range.count))
                bytes.replaceSubrange(range, with: hex)
            }
        }
        return Data(bytes)
    }

    /// `(nodeNNNNNNNN)` IDs → `(node00000001)`, … in the order `/ID (…)` entries appear; then each
    /// name-tree leaf of such keys is sorted again and its `/Limits` set to its first and last key.
    static func renumberStructureIDs(_ bytes: inout [UInt8]) {
        let prefix = Array("(node".utf8)
        let idKey = Array("/ID ".utf8)
        var found: [(digits: Range<Int>, isDefinition: Bool)] = []
        for start in occurrences(of: prefix, in: bytes) {
            var end = start
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
            guard end > start, end < bytes.count, bytes[end] == UInt8(ascii: ")") else { continue }
            let open = start - prefix.count
            let isDefinition = open >= idKey.count && Array(bytes[(open - idKey.count)..<open]) == idKey
            found.append((start..<end, isDefinition))
        }
        var renumbered: [[UInt8]: [UInt8]] = [:]
        for item in found where item.isDefinition {
            let old = Array(bytes[item.digits])
            if renumbered[old] == nil {
                let number = String(renumbered.count + 1)
                guard number.count <= old.count else { return }   // cannot keep the width: leave it be
                renumbered[old] = Array((String(repeating: "0", count: old.count - number.count) + number).utf8)
            }
        }
        guard !renumbered.isEmpty else { return }
        for item in found {
            if let new = renumbered[Array(bytes[item.digits])] { bytes.replaceSubrange(item.digits, with: new) }
        }
        for start in occurrences(of: Array("/Names [".utf8), in: bytes) {
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "]")) else { continue }
            let words = bytes[start..<close].split(separator: 0x20, omittingEmptySubsequences: false).map(Array.init)
            guard words.count % 4 == 0, !words.isEmpty,
                  stride(from: 0, to: words.count, by: 4).allSatisfy({ words[$0].starts(with: prefix) && words[$0 + 3] == [UInt8(ascii: "R")] })
            else { continue }
            let pairs = stride(from: 0, to: words.count, by: 4).map { Array(words[$0..<($0 + 4)]) }
                .sorted { $0[0].lexicographicallyPrecedes($1[0]) }
            let sorted = Array(pairs.joined().map { $0 }.joined(separator: [0x20]))
            guard sorted.count == close - start else { continue }
            bytes.replaceSubrange(start..<close, with: sorted)
            // `/Limits [(first) (last)]` of the same dictionary, just before `/Names`.
            let window = max(0, start - 200)..<start
            guard let limits = occurrences(of: Array("/Limits [".utf8), in: Array(bytes[window])).last.map({ window.lowerBound + $0 }),
                  let end = bytes[limits..<start].firstIndex(of: UInt8(ascii: "]")) else { continue }
            let replacement = pairs.first![0] + [0x20] + pairs.last![0]
            if replacement.count == end - limits { bytes.replaceSubrange(limits..<end, with: replacement) }
        }
    }

    /// Ranges of the contents of `(…)` literal strings that follow `key` (between the parentheses).
    static func literalStrings(after key: String, in bytes: [UInt8]) -> [Range<Int>] {
        occurrences(of: Array(key.utf8), in: bytes).compactMap { end in
            var i = end
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "(") else { return nil }
            guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ")")), close - i < 64 else { return nil }
            return (i + 1)..<close
        }
    }

    /// Ranges of the hex digits of the `<…>` strings in the array that follows `key` (`/ID [<…> <…>]`).
    static func hexStrings(after key: String, in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for end in occurrences(of: Array(key.utf8), in: bytes) {
            var i = end
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { continue }
            guard let close = bytes[i...].firstIndex(of: UInt8(ascii: "]")), close - i < 300 else { continue }
            var j = i
            while j < close {
                if bytes[j] == UInt8(ascii: "<"), let stop = bytes[j..<close].firstIndex(of: UInt8(ascii: ">")) {
                    ranges.append((j + 1)..<stop)
                    j = stop
                }
                j += 1
            }
        }
        return ranges
    }

    /// Indexes just past every occurrence of `needle`.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle {
                found.append(i + needle.count)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }
}
