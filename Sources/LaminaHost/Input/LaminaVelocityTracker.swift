import QuartzCore

/// The velocity of a drag, for a flick that carries on after the finger
/// lifts (what UIKit's `UIPanGestureRecognizer.velocity(in:)` gives): add
/// each drag location with its event's timestamp, then read `velocity` at
/// the release and hand it to a `CASpringAnimation`'s `initialVelocity`
/// (divided by the distance to travel) or a deceleration.
///
/// The velocity is the least-squares slope of the samples of the last
/// `window` seconds, so one jittery event does not decide it; a finger that
/// stopped before lifting (no sample within `window` of the release) gives
/// zero.
public struct LaminaVelocityTracker: Sendable, Equatable {
    private var samples: [(time: Double, location: CGPoint)] = []
    /// The seconds of movement the velocity is measured over.
    public let window: Double

    public init(window: Double = 0.1) {
        self.window = max(0.001, window)
    }

    /// Records where the pointer or finger was at `timestamp` (seconds, on
    /// any one clock: events' timestamps are on `CACurrentMediaTime()`'s).
    /// Non-finite input is ignored; a timestamp earlier than the last one,
    /// or more than `window` after it (the pointer rested), starts afresh.
    public mutating func add(_ location: CGPoint, at timestamp: Double) {
        guard location.x.isFinite, location.y.isFinite, timestamp.isFinite else { return }
        if let last = samples.last, timestamp < last.time { samples.removeAll() }
        // A pause longer than the window: the pointer rested, and a sample
        // from before the rest (kept below as the one before the window)
        // would stretch the fit over the pause and flatten a flick to ~0.
        if let last = samples.last, timestamp - last.time > window { samples.removeAll() }
        samples.append((timestamp, location))
        let horizon = timestamp - window
        if let keepFrom = samples.firstIndex(where: { $0.time >= horizon }), keepFrom > 1 {
            // One sample before the window stays: the movement into it counts.
            samples.removeFirst(keepFrom - 1)
        }
    }

    /// Forgets every sample (a new drag begins).
    public mutating func reset() { samples.removeAll() }

    /// Points a second along x and y at `time` (the release's timestamp;
    /// nil: the last sample's): zero with fewer than two samples, or when
    /// nothing moved in the `window` before `time`.
    public func velocity(at time: Double? = nil) -> CGPoint {
        guard let last = samples.last else { return .zero }
        let end = time ?? last.time
        guard end - last.time <= window else { return .zero }
        let recent = samples
        guard recent.count >= 2 else { return .zero }
        let meanTime = recent.reduce(0) { $0 + $1.time } / Double(recent.count)
        let meanX = recent.reduce(0) { $0 + Double($1.location.x) } / Double(recent.count)
        let meanY = recent.reduce(0) { $0 + Double($1.location.y) } / Double(recent.count)
        var spread = 0.0, alongX = 0.0, alongY = 0.0
        for sample in recent {
            let dt = sample.time - meanTime
            spread += dt * dt
            alongX += dt * (Double(sample.location.x) - meanX)
            alongY += dt * (Double(sample.location.y) - meanY)
        }
        guard spread > 0 else { return .zero }
        return CGPoint(x: alongX / spread, y: alongY / spread)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.window == b.window && a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.location == $1.location }
    }
}
