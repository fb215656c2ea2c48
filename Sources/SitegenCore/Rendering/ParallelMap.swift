import Dispatch

/// Synchronous `map` on all cores, keeping order: for the few places that build thousands of
/// values inside a synchronous API (page specs, snapshot files), where an `async` signature
/// would ripple through every caller. Items are cut into sixteen chunks per core, like `concurrentMap`.
public func parallelMap<T, R>(_ items: [T], jobs: Int, _ transform: (T) -> R) -> [R] {
    guard items.count > 1, jobs > 1 else { return items.map(transform) }
    let chunkSize = (items.count + jobs * 16 - 1) / (jobs * 16)
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    var results = [R?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let slots = UncheckedBox(buffer)
        withoutActuallyEscaping(transform) { transform in
            let work = UncheckedBox(transform)
            items.withUnsafeBufferPointer { source in
                let input = UncheckedBox(source)
                // Each chunk writes only its own slots, so the workers never touch the same memory.
                DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                    let start = chunk * chunkSize
                    for i in start..<min(start + chunkSize, input.value.count) {
                        slots.value[i] = work.value(input.value[i])
                    }
                }
            }
        }
    }
    return results.map { $0! }
}
