import Foundation
import Testing
import SitegenFuzzTargets

/// Replays every input the fuzzers kept (`Tests/FuzzRegressionTests/Corpus/<target>/`): each
/// once crashed, hung or blew up memory, and must now return quickly.
@Suite("Fuzz regression corpus")
struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func replaysKeptInputs(_ target: FuzzTarget) throws {
        for url in Self.inputs(target) {
            let data = try Data(contentsOf: url)
            target.run(data)   // no crash; no time bound (the size limits bound the work, a busy machine the clock)
        }
    }
}
