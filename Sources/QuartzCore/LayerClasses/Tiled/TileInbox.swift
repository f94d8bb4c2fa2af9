import Foundation

/// Finished tiles on their way from the drawing threads to the app thread.
///
/// `@unchecked Sendable`: `state` is only read or written with `lock` held,
/// and everything that goes in or out (`Finished`) is `Sendable`. An
/// `NSLock` rather than `Synchronization.Mutex` because drawing threads and
/// the app thread really contend here, and the thread sanitizer sees a
/// pthread mutex but not the futex `Mutex` waits on (see `LockedValue` in
/// CoreGraphics, docs/reliability.md).
final class TileInbox: @unchecked Sendable {
    struct Finished: Sendable {
        let key: TileGrid.Key
        let rect: CGRect
        let scale: CGFloat
        /// Nil when the tile could not be drawn (no memory for the bitmap).
        let image: CGImage?
        let generation: Int
    }

    private struct State {
        var finished: [Finished] = []
        var pending = 0
    }

    private let lock = NSLock()
    private var state = State()

    private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Tiles started and not yet finished.
    var pendingCount: Int { withLock { $0.pending } }

    func begin() { withLock { $0.pending += 1 } }

    func finish(_ tile: Finished) {
        withLock {
            $0.finished.append(tile)
            $0.pending -= 1
        }
    }

    func takeFinished() -> [Finished] {
        withLock { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }
}
