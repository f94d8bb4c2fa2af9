import Dispatch

/// Tells one thread that a resource another thread owned has been released
/// (an X connection closed), so it can wait for it, boundedly.
final class CloseSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    /// Waits at most `timeout` seconds; returns whether the signal came.
    @discardableResult
    func wait(timeout: Double) -> Bool { semaphore.wait(timeout: .now() + timeout) == .success }
}
