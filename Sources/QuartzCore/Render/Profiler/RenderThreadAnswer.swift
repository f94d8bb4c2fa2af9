import Dispatch

/// A render-tree dump asked for on one thread and written on the render
/// thread: the asking thread waits (with a time limit) for the answer.
final class RenderTreeDumpRequest: Sendable {
    private let answer = LockedValue<String?>(nil)
    private let answered = DispatchSemaphore(value: 0)

    /// Called once, on the render thread.
    func fulfil(_ text: String) {
        answer.withLock { $0 = text }
        answered.signal()
    }

    /// The dump, or nil if none came within `timeout` seconds.
    func wait(timeout: TimeInterval) -> String? {
        guard answered.wait(timeout: .now() + timeout) == .success else { return nil }
        return answer.withLock { $0 }
    }
}
