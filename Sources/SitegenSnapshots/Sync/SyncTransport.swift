import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP side of a sync: one `URLSession` whose delegate sees every response as it arrives,
/// so a body is cut off at the size it may have (decompressed bytes are counted, so a gzip bomb
/// stops there too), a stalled response or a run past its deadline is cancelled, and a redirect
/// to anything but http(s) is refused by name. Checked `Sendable`: the session is made with its
/// delegate (`SyncResponses`), and every response in progress is kept in a `Locked` table.
final class SyncTransport: Sendable {
    private let session: URLSession
    private let responses: SyncResponses

    init(limits: SyncLimits) {
        responses = SyncResponses(limits: limits, deadline: .now + limits.deadline)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // The watchdog below gives the precise errors; these only back it up.
        configuration.timeoutIntervalForRequest = Self.seconds(limits.stall) + 5
        configuration.timeoutIntervalForResource = Self.seconds(limits.deadline) + 5
        session = URLSession(configuration: configuration, delegate: responses, delegateQueue: nil)
    }

    /// Ends the session (it holds its delegate until then).
    func close() { session.invalidateAndCancel() }

    /// The body of `url`, at most `limit` bytes, or the `SyncError` that stopped it.
    func fetch(_ url: URL, limit: Int) async throws -> Data {
        let task = session.dataTask(with: url)
        let id = task.taskIdentifier
        let responses = responses
        let watchdog = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                responses.check(id)
            }
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                responses.fetches.withLock { $0[id] = Fetch(url: url, task: task, limit: limit, continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// One response in progress (kept in `SyncResponses.fetches`, by its task's identifier).
struct Fetch: Sendable {
    let url: URL
    let task: URLSessionDataTask
    let limit: Int
    var data = Data()
    var status = 0
    var failure: SyncError?
    var lastBytes = ContinuousClock.now
    var continuation: CheckedContinuation<Data, any Error>?

    init(url: URL, task: URLSessionDataTask, limit: Int, continuation: CheckedContinuation<Data, any Error>) {
        self.url = url; self.task = task; self.limit = limit; self.continuation = continuation
    }
}

/// The session's delegate: what each response may be, checked as its parts arrive.
final class SyncResponses: NSObject, URLSessionDataDelegate, Sendable {
    let fetches = Locked<[Int: Fetch]>([:])
    let limits: SyncLimits
    let deadline: ContinuousClock.Instant

    init(limits: SyncLimits, deadline: ContinuousClock.Instant) {
        self.limits = limits
        self.deadline = deadline
    }

    /// Cancels a response that stalled or outlived the run's deadline.
    func check(_ id: Int) {
        let now = ContinuousClock.now
        let stalled: URLSessionDataTask? = fetches.withLock { all in
            guard var fetch = all[id], fetch.failure == nil, fetch.continuation != nil else { return nil }
            if now > deadline {
                fetch.failure = .timedOut(url: fetch.url.absoluteString, reason: "the sync's deadline of \(SyncTransport.seconds(limits.deadline)) s passed")
            } else if now - fetch.lastBytes > limits.stall {
                fetch.failure = .timedOut(url: fetch.url.absoluteString, reason: "no data for \(SyncTransport.seconds(limits.stall)) s")
            }
            all[id] = fetch
            return fetch.failure == nil ? nil : fetch.task
        }
        stalled?.cancel()
    }

    /// `body` on the response of `task` (nil when it is not one of the sync's), changed in place in
    /// the table: a copy taken out and put back would copy the body received so far with every
    /// chunk that arrives (a bundle file is megabytes).
    private func withFetch<T>(_ task: URLSessionTask, _ body: (inout Fetch) -> T) -> T? {
        fetches.withLock { all in
            guard all[task.taskIdentifier] != nil else { return nil }
            return body(&all[task.taskIdentifier]!)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let allow = withFetch(dataTask) { (fetch: inout Fetch) -> Bool in
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
        let over = withFetch(dataTask) { (fetch: inout Fetch) -> Bool in
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
            _ = withFetch(task) { (fetch: inout Fetch) in
                fetch.failure = fetch.failure ?? .redirect(url: fetch.url.absoluteString, to: refused?.absoluteString ?? "?")
            }
        }
        completionHandler(allowed ? request : nil)
        if !allowed { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let fetch = fetches.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let url = fetch.url.absoluteString
        let result: Result<Data, SyncError>
        if let failure = fetch.failure { result = .failure(failure) }
        else if let error { result = .failure(.network(url: url, reason: error.localizedDescription)) }
        else if fetch.status != 200 { result = .failure(.http(url: url, status: fetch.status)) }
        else { result = .success(fetch.data) }
        fetch.continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// http(s) only, and never from https down to http.
    static func mayFollow(from: URL, to: URL) -> Bool {
        let to = to.scheme?.lowercased()
        return to == "https" || (to == "http" && from.scheme?.lowercased() == "http")
    }

}
