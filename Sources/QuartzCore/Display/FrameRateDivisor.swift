/// How many display ticks go by for each frame when something asks for a
/// rate below the display's: the largest whole divisor of the display rate
/// that still gives at least the rate asked for (60 Hz asked for 30 gives
/// every second tick, for 24 also every second tick: 30 ≥ 24; for 40 every
/// tick). Frames stay on display ticks, so motion stays even.
enum FrameRateDivisor {
    /// The ticks a frame for `rate` frames a second takes at a display
    /// ticking every `interval` seconds; 1 when `rate` is nil (the display's
    /// own rate), not usable, or not below the display's.
    static func ticks(for rate: Float?, displayInterval interval: Double) -> Int {
        guard let rate, rate.isFinite, rate > 0, interval.isFinite, interval > 0 else { return 1 }
        let displayRate = 1 / interval
        // A little slack, so that 60 Hz measured as 59.94 Hz still halves for 30.
        let ticks = (displayRate * 1.01 / Double(rate)).rounded(.down)
        return Int(clampedFrom: max(1, min(ticks, 120)))
    }
}
