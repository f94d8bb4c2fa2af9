/// What the profiler panel shows, worked out from the frame history: a
/// headline, lines of figures and the samples of the frame-time graph.
/// A pure value, so tests read it without looking at pixels.
struct ProfilerReadout: Equatable {
    /// "59 fps" and the display rate.
    var headline: String
    /// The figures, one line each: work and interval percentiles, the
    /// latest frame's phases, dropped frames, repainted share, layers and
    /// animations.
    var lines: [String]
    /// Each recent frame's work time, oldest first (seconds).
    var workTimes: [Double]
    /// The interval before each recent frame, aligned with `workTimes`
    /// (nil for the oldest frame kept).
    var intervals: [Double?]
    /// Seconds between display ticks: the graph's reference line.
    var displayInterval: Double

    /// Frames the graph shows at most.
    static let graphFrames = 120

    init(history: FrameHistory, displayInterval: Double) {
        self.displayInterval = displayInterval
        let rate = displayInterval > 0 ? 1 / displayInterval : 0
        headline = "\(history.framesInLastSecond) fps  (display \(Self.format(rate, decimals: 0)) Hz)"
        let frames = history.frames.suffix(Self.graphFrames + 1)
        let recent = Array(frames.suffix(Self.graphFrames))
        workTimes = recent.map(\.workTime)
        let all = Array(frames)
        let offset = all.count - recent.count
        intervals = recent.indices.map { index in
            let position = index + offset
            return position > 0 ? all[position].finishedAt - all[position - 1].finishedAt : nil
        }
        lines = [
            "work " + Self.describe(history.workPercentiles),
            "gap  " + Self.describe(history.intervalPercentiles),
            Self.phases(of: history),
            Self.totals(of: history),
        ]
    }

    /// "p50 1.2 p95 3.4 p99 5.0 max 7.1 ms", or a dash with no frames.
    static func describe(_ percentiles: FrameTimePercentiles?) -> String {
        guard let p = percentiles else { return "—" }
        return "p50 \(ms(p.p50)) p95 \(ms(p.p95)) p99 \(ms(p.p99)) max \(ms(p.maximum)) ms"
    }

    /// The latest frame's phases in milliseconds.
    static func phases(of history: FrameHistory) -> String {
        guard let latest = history.latest else { return "last —" }
        let idle = history.latestIdleTime.map(ms) ?? "—"
        return "last commit \(ms(latest.applyingCommits)) anim \(ms(latest.evaluatingAnimations)) "
            + "comp \(ms(latest.compositing)) pres \(ms(latest.presenting)) idle \(idle) ms"
    }

    /// Dropped frames, the repainted share, layers and running animations.
    static func totals(of history: FrameHistory) -> String {
        guard let latest = history.latest else { return "dropped 0" }
        return "dropped \(latest.droppedFramesSoFar)  repainted \(format(history.repaintedShare * 100, decimals: 0))%"
            + "  layers \(latest.layerCount)  anims \(latest.runningAnimations)"
    }

    /// Seconds as milliseconds with one decimal (none from 100 ms up).
    static func ms(_ seconds: Double) -> String {
        let value = seconds * 1000
        return format(value, decimals: value >= 100 ? 0 : 1)
    }

    /// `value` with at most `decimals` decimals and no trailing zeros
    /// ("1.5", "2", "-0.25"); beyond 1e12, or not finite, as Swift prints it.
    static func trimmed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, value.magnitude < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = format(rounded, decimals: decimals)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `value` rounded to `decimals` places, without Foundation's locale.
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        guard value.magnitude < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard decimals > 0 else { return String(Int(rounded)) }
        let whole = Int(rounded.magnitude)
        let fraction = Int(((rounded.magnitude - Double(whole)) * scale).rounded())
        let digits = String(fraction)
        let padded = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        return (rounded < 0 ? "-" : "") + "\(whole).\(padded)"
    }
}
