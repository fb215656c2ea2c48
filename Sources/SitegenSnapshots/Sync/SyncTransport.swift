import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP side of a sync: one `URLSession` whose delegate sees every response as it arrives,
/// so a body is cut off at the size it may have (decompressed bytes are counted, so a gzip bomb
/// stops there too), a stalled response or a run past its deadline is cancelled, and a redirect
/// to anything but http(s) is refused by name.
final class SyncTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var fetches: [Int: Fetch] = [:]
    private var session: URLSession!
    let limits: SyncLimits
    let deadline: ContinuousClock.Instant

    /// One response in progress (guarded by the transport's lock).
    private final class Fetch: @unchecked Sendable {
        let url: URL
        var task: URLSessionDataTask?
        let limit: Int
        var data = Data()
        var status = 0
        var failure: SyncError?
        var lastBytes = ContinuousClock.now
        var continuation: CheckedContinuation<Data, any Error>?

        init(url: URL, limit: Int) { self.url = url; self.limit = limit }
    }

    init(limits: SyncLimits) {
        self.limits = limits
        deadline = .now + limits.deadline
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // The watchdog below gives the precise errors; these only back it up.
        configuration.timeoutIntervalForRequest = Self.seconds(limits.stall) + 5
        configuration.timeoutIntervalForResource = Self.seconds(limits.deadline) + 5
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Ends the session (it holds its delegate until then).
    func close() { session.invalidateAndCancel() }

    /// The body of `url`, at most `limit` bytes, or the `SyncError` that stopped it.
    func fetch(_ url: URL, limit: Int) async throws -> Data {
        let task = session.dataTask(with: url)
        let fetch = Fetch(url: url, limit: limit)
        fetch.task = task
        let watchdog = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                self?.check(fetch)
            }
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    fetch.continuation = continuation
                    fetches[task.taskIdentifier] = fetch
                }
                task.resume()
            }
        } onCancel: {
            fetch.task?.cancel()
        }
    }

    /// Cancels a response that stalled or outlived the run's deadline.
    private func check(_ fetch: Fetch) {
        let now = ContinuousClock.now
        let failure: SyncError? = lock.withLock {
            guard fetch.failure == nil, fetch.continuation != nil else { return nil }
            if now > deadline {
                fetch.failure = .timedOut(url: fetch.url.absoluteString, reason: "the sync's deadline of \(Self.seconds(limits.deadline)) s passed")
            } else if now - fetch.lastBytes > limits.stall {
                fetch.failure = .timedOut(url: fetch.url.absoluteString, reason: "no data for \(Self.seconds(limits.stall)) s")
            }
            return fetch.failure
        }
        if failure != nil { fetch.task?.cancel() }
    }

    private func withFetch<T>(_ task: URLSessionTask, _ body: (Fetch) -> T) -> T? {
        lock.withLock { fetches[task.taskIdentifier].map(body) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let allow = withFetch(dataTask) { fetch -> Bool in
            fetch.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            fetch.lastBytes = .now
            if let final = response.url, !Self.mayFollow(from: fetch.url, to: final) {
                fetch.failure = fetch.failure ?? .redirect(url: fetch.url.absoluteString, to: final.absoluteString)
            } else if fetch.status != 200 {
                fetch.failure = fetch.failure ?? .http(url: fetch.url.absoluteString, status: fetch.status)
            } else if response.expectedContentLength > Int64(fetch.limit),
                      (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil {
                // A compressed body's length is not the file's: a file of 35 bytes is 55 gzipped.
                // What it inflates to is counted as it arrives (below).
                fetch.failure = .tooLarge(url: fetch.url.absoluteString, limit: fetch.limit)
            }
            return fetch.failure == nil
        } ?? false
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = withFetch(dataTask) { fetch -> Bool in
            guard fetch.failure == nil else { return true }
            // Foundation on Linux follows a redirect to `file:` without asking the delegate or
            // announcing a response: the task's current request is the only trace of it.
            if let current = dataTask.currentRequest?.url ?? dataTask.response?.url, !Self.mayFollow(from: fetch.url, to: current) {
                fetch.failure = .redirect(url: fetch.url.absoluteString, to: current.absoluteString)
                return true
            }
            fetch.lastBytes = .now
            guard fetch.data.count + data.count <= fetch.limit else {
                fetch.failure = .tooLarge(url: fetch.url.absoluteString, limit: fetch.limit)
                return true
            }
            fetch.data.append(data)
            return false
        } ?? false
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // The target as the server wrote it: Foundation on Linux turns `Location: file:///etc/passwd`
        // into `http://<same host>/etc/passwd` before asking (which then said "HTTP status 404").
        let written = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: response.url) }?.absoluteURL
        let targets = [written, request.url].compactMap { $0 }
        let from = task.originalRequest?.url
        let refused = from == nil || targets.isEmpty ? targets.first : targets.first { !Self.mayFollow(from: from!, to: $0) }
        let allowed = from != nil && !targets.isEmpty && refused == nil
        if !allowed {
            _ = withFetch(task) { fetch in
                fetch.failure = fetch.failure ?? .redirect(url: fetch.url.absoluteString, to: refused?.absoluteString ?? "?")
            }
        }
        completionHandler(allowed ? request : nil)
        if !allowed { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let fetch = lock.withLock({ fetches.removeValue(forKey: task.taskIdentifier) }) else { return }
        let (continuation, result): (CheckedContinuation<Data, any Error>?, Result<Data, SyncError>) = lock.withLock {
            defer { fetch.continuation = nil }
            let url = fetch.url.absoluteString
            if let failure = fetch.failure { return (fetch.continuation, .failure(failure)) }
            if let error { return (fetch.continuation, .failure(.network(url: url, reason: error.localizedDescription))) }
            if fetch.status != 200 { return (fetch.continuation, .failure(.http(url: url, status: fetch.status))) }
            return (fetch.continuation, .success(fetch.data))
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// http(s) only, and never from https down to http.
    static func mayFollow(from: URL, to: URL) -> Bool {
        let to = to.scheme?.lowercased()
        return to == "https" || (to == "http" && from.scheme?.lowercased() == "http")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
