/// Finished tiles on their way from the drawing threads to the app thread,
/// behind a `LockedValue` (an `NSLock`: drawing threads and the app thread
/// really contend here, and the thread sanitizer must see the locking).
final class TileInbox: Sendable {
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

    private let state = LockedValue(State())

    /// Tiles started and not yet finished.
    var pendingCount: Int { state.withLock { $0.pending } }

    func begin() { state.withLock { $0.pending += 1 } }

    func finish(_ tile: Finished) {
        state.withLock {
            $0.finished.append(tile)
            $0.pending -= 1
        }
    }

    func takeFinished() -> [Finished] {
        state.withLock { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }
}
