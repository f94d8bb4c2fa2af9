/// The refresh interval of the display this process shows windows on, for
/// `CADisplayLink` (Apple's links follow the screen's refresh). A window
/// sets it when it opens, from its X server's measured rate; without one
/// it is 60 Hz. Render servers tick on the grid of media times that are
/// multiples of it, and display links fire on the same grid.
package enum DisplayRefresh {
    private static let current = LockedValue(1.0 / 60)

    /// Seconds between display ticks.
    package static var interval: Double { current.withLock { $0 } }

    /// Sets the interval (a window's measured one); ignored unless finite
    /// and between 1/1000 and 1 second.
    package static func setInterval(_ interval: Double) {
        guard interval.isFinite, interval >= 0.001, interval <= 1 else { return }
        current.withLock { $0 = interval }
    }

    /// The tick at or before media time `time` on the grid of `interval`.
    static func tick(atOrBefore time: Double, interval: Double) -> Double {
        (time / interval).rounded(.down) * interval
    }
}
