import Foundation

/// What open pages need to know: which build is current and whether the latest attempt failed.
public struct BuildStatus: Sendable, Codable, Equatable {
    /// Goes up by one on every build attempt, good or bad; pages compare it with their own.
    public var version: Int
    /// `path:line:column: error: message` lines of the latest attempt; empty when it succeeded.
    public var errors: [String]

    public init(version: Int, errors: [String]) {
        self.version = version
        self.errors = errors
    }

    public var failed: Bool { !errors.isEmpty }
}

/// Holds the current status and lets long-poll requests wait for the next one.
///
/// A page asks `/_sitegen/wait?after=N`; the request is answered as soon as the version passes N
/// (or after a few seconds with the unchanged status, so no connection hangs forever).
public actor BuildStatusBoard {
    private(set) public var current = BuildStatus(version: 0, errors: [])
    private var waiters: [UUID: CheckedContinuation<BuildStatus, Never>] = [:]

    public init() {}

    /// Records a finished attempt and wakes every waiting page.
    public func publish(errors: [String]) {
        current = BuildStatus(version: current.version + 1, errors: errors)
        let woken = waiters
        waiters = [:]
        for continuation in woken.values { continuation.resume(returning: current) }
    }

    /// The first status newer than `version`, or the current one once `timeout` has passed.
    public func wait(after version: Int, timeout: Duration) async -> BuildStatus {
        if current.version != version { return current }
        let id = UUID()
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            waiters[id] = continuation
        }
    }

    private func expire(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(returning: current)
    }
}
