import Dispatch
import Foundation

/// Maps `transform` over `items` on all cores, keeping order. Work is cut into sixteen chunks per
/// core: few enough that thousands of small pages do not become thousands of tasks, many enough
/// that one slow chunk (the Bible's index page, the Psalms) does not leave the other cores idle.
public func concurrentMap<T: Sendable, R: Sendable>(
    _ items: [T], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ transform: @escaping @Sendable (T) -> R
) async -> [R] {
    let chunkCount = max(1, min(items.count, max(jobs, 1) * 16))
    guard items.count > 1, jobs > 1 else { return items.map(transform) }
    let chunkSize = (items.count + chunkCount - 1) / chunkCount
    return await withTaskGroup(of: (Int, [R]).self) { group in
        for start in stride(from: 0, to: items.count, by: chunkSize) {
            let slice = Array(items[start..<min(start + chunkSize, items.count)])
            group.addTask { (start, slice.map(transform)) }
        }
        var parts: [(Int, [R])] = []
        for await part in group { parts.append(part) }
        return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
}

/// Synchronous `map` on all cores, keeping order: for the few places that build thousands of
/// values inside a synchronous API (page specs, snapshot files), where an `async` signature
/// would ripple through every caller. Items are cut into sixteen chunks per core, like `concurrentMap`.
public func parallelMap<T, R>(_ items: [T], jobs: Int, _ transform: (T) -> R) -> [R] {
    guard items.count > 1, jobs > 1 else { return items.map(transform) }
    let chunkSize = (items.count + jobs * 16 - 1) / (jobs * 16)
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    var results = [R?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { output in
        withoutActuallyEscaping(transform) { transform in
            items.withUnsafeBufferPointer { input in
                let work = ChunkWork(input: input, output: output, transform: transform)
                DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                    let start = chunk * chunkSize
                    for i in start..<min(start + chunkSize, work.input.count) {
                        work.output[i] = work.transform(work.input[i])
                    }
                }
            }
        }
    }
    return results.map { $0! }
}

/// What `parallelMap` hands its workers: the input, the result slots and the transform.
///
/// `@unchecked Sendable`, one of the two in sitegen: the workers only read the input and call
/// the transform, and each chunk writes only its own slots of the output, so no two threads
/// touch the same memory; `concurrentPerform` returns only when every worker is done, so no
/// pointer outlives the buffer it points into.
private struct ChunkWork<T, R>: @unchecked Sendable {
    let input: UnsafeBufferPointer<T>
    let output: UnsafeMutableBufferPointer<R?>
    let transform: (T) -> R
}
