import Dispatch

/// An answer asked for on one thread and given on the render thread (a
/// render-tree dump, layer costs): the asking thread waits, with a time
/// limit, for it.
final class RenderThreadAnswer<Value: Sendable>: Sendable {
    private let answer = LockedValue<Value?>(nil)
    private let answered = DispatchSemaphore(value: 0)

    /// Called once, on the render thread.
    func fulfil(_ value: Value) {
        answer.withLock { $0 = value }
        answered.signal()
    }

    /// The answer, or nil if none came within `timeout` seconds.
    func wait(timeout: TimeInterval) -> Value? {
        guard answered.wait(timeout: .now() + timeout) == .success else { return nil }
        return answer.withLock { $0 }
    }
}
