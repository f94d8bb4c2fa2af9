import Foundation
import QuartzCore

/// Runs inspector work that touches model layers on the main thread, where
/// the app's own code runs, and waits for its answer from the inspector's
/// thread. The main thread serves it between run-loop turns (a
/// `DispatchQueue.main` block, as `LaminaApplication.run` drains it).
enum MainThreadCall {
    /// `body`'s answer, or nil when the main thread did not get to it
    /// within `timeout` seconds; then it never runs, so a request that timed
    /// out changes nothing.
    static func run(timeout: Double, _ body: @escaping @MainActor @Sendable () -> String) -> String? {
        if Thread.isMainThread { return MainActor.assumeIsolated { body() } }
        enum State: Sendable { case waiting, running, cancelled, answered(String) }
        let state = LockedValue<State>(.waiting)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            // Claimed before running, so it cannot run after the caller gave up.
            let runs = state.withLock { state -> Bool in
                guard case .waiting = state else { return false }
                state = .running
                return true
            }
            guard runs else { return }
            let answer = MainActor.assumeIsolated { body() }
            state.withLock { $0 = .answered(answer) }
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .success, case .answered(let answer) = state.withLock({ $0 }) {
            return answer
        }
        // Gave up; unless it started in the meantime, it never will.
        let started = state.withLock { state -> Bool in
            if case .waiting = state { state = .cancelled; return false }
            return true
        }
        guard started else { return nil }
        // It is running now: its answer follows (the main thread is not stuck).
        done.wait()
        if case .answered(let answer) = state.withLock({ $0 }) { return answer }
        return nil
    }
}
