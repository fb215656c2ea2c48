import Foundation
import SitegenCore
import SitegenFuzzTargets

/// The fallback fuzzer: takes the corpus, mutates inputs at random (seeded, so a run can be
/// repeated) and runs the target on each, for a bounded time. An input that takes longer than
/// `slow` seconds is kept in `--found` as a finding (a crash ends the process, so the input is
/// written there first and removed when the target returns).
struct MutationLoop {
    let target: FuzzTarget
    var seconds = 60.0
    var seed: UInt64 = 1
    var corpus: [String] = []
    var found = "fuzz-found"
    let slow = 2.0

    init(target: FuzzTarget, arguments: [String]) {
        self.target = target
        var rest = arguments[...]
        while let option = rest.popFirst() {
            switch option {
            case "--seconds": seconds = Double(rest.popFirst() ?? "") ?? seconds
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? seed
            case "--found": found = rest.popFirst() ?? found
            default: corpus.append(option)
            }
        }
    }

    func run() {
        var random = SplitMix64(seed: seed)
        var inputs = corpus.flatMap(Self.files).compactMap { FileManager.default.contents(atPath: $0) }
        if inputs.isEmpty { inputs = [Data()] }
        try? FileManager.default.createDirectory(atPath: found, withIntermediateDirectories: true)
        let pending = found + "/pending-\(target.rawValue)"
        let end = Date().addingTimeInterval(seconds)
        var executions = 0
        while Date() < end {
            var input = inputs[Int(random.next() % UInt64(inputs.count))]
            for _ in 0..<(1 + Int(random.next() % 8)) { input = Self.mutate(input, with: inputs, random: &random) }
            FileManager.default.createFile(atPath: pending, contents: input)
            let start = Date()
            target.run(input)
            executions += 1
            if Date().timeIntervalSince(start) > slow {
                FileManager.default.createFile(atPath: found + "/slow-\(target.rawValue)-\(executions)", contents: input)
            }
            if input.count < 64 * 1024, random.next() % 16 == 0 { inputs.append(input) }
        }
        try? FileManager.default.removeItem(atPath: pending)
        print("\(target.rawValue): \(executions) executions in \(Int(seconds)) s (seed \(seed))")
    }

    static func files(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { !$0.hasSuffix("/.") }
    }

    /// One random edit: flip, insert, delete, duplicate a run, or splice in part of another input.
    static func mutate(_ data: Data, with inputs: [Data], random: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        let interesting: [[UInt8]] = ["{{#", "{{/", "{{>", "\n", "---\n", ":", "- ", "[", "|", "*", ">", "\\", "<", "&",
                                      "9223372036854775807", "-1", "0", "\u{0}", "\u{FFFD}", "\r\n"].map { Array($0.utf8) }
        let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 6 {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1 << (random.next() % 8))
        case 1:
            bytes.insert(contentsOf: interesting[Int(random.next() % UInt64(interesting.count))], at: position)
        case 2 where !bytes.isEmpty:
            let length = min(Int(random.next() % 32) + 1, bytes.count - min(position, bytes.count - 1))
            bytes.removeSubrange(min(position, bytes.count - 1)..<(min(position, bytes.count - 1) + length))
        case 3 where !bytes.isEmpty:
            let start = min(position, bytes.count - 1), length = min(Int(random.next() % 64) + 1, bytes.count - start)
            let run = Array(bytes[start..<(start + length)])
            for _ in 0..<Int(random.next() % 64) { bytes.insert(contentsOf: run, at: start) }
        case 4:
            let other = [UInt8](inputs[Int(random.next() % UInt64(inputs.count))])
            if !other.isEmpty {
                let start = Int(random.next() % UInt64(other.count))
                bytes.insert(contentsOf: other[start..<min(other.count, start + Int(random.next() % 256) + 1)], at: position)
            }
        default:
            if bytes.count > 4 { bytes.removeLast(Int(random.next() % UInt64(bytes.count / 2 + 1))) }
        }
        return Data(bytes.prefix(256 * 1024))
    }
}
