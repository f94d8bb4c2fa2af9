/// How often the display shows a new frame, and how Lamina found out. The
/// render server's scheduler ticks at `interval`, counting a missed tick as
/// a dropped frame.
struct DisplayPacing: Sendable, Equatable {
    enum Source: String, Sendable {
        /// Present extension completion events (a real or Xvfb's fake vblank).
        case present
        /// RandR's current rate, when it reports a plausible one.
        case randr
        /// Neither answered: a steady 60 Hz.
        case fallback
    }

    /// Seconds per frame.
    let interval: Double
    let source: Source

    /// Plausible refresh rates; anything else is a bogus report.
    static let plausibleHertz = 20.0...500.0

    /// Asks Present, then RandR, else assumes 60 Hz.
    static func measure(on display: XDisplay) -> DisplayPacing {
        if let interval = XPresentClock.measureInterval(on: display), plausibleHertz.contains(1 / interval) {
            return DisplayPacing(interval: interval, source: .present)
        }
        if let hertz = XRandRRate.currentRate(on: display), plausibleHertz.contains(hertz) {
            return DisplayPacing(interval: 1 / hertz, source: .randr)
        }
        return DisplayPacing(interval: 1.0 / 60, source: .fallback)
    }
}
