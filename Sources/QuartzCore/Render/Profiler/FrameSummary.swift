/// A whole run's frames in a few lines, for a demo to print at exit:
/// frames drawn, the rate achieved, frame work and interval percentiles,
/// dropped frames. Fed every frame's statistics (`RenderServer` keeps one);
/// its size does not grow with the run (percentiles come from histograms,
/// to 10 µs). A value, safe to pass between threads.
package struct FrameSummary: Sendable, Equatable {
    /// Intervals longer than this are idle time (nothing to draw), not
    /// slow frames, and are left out of the achieved rate.
    static let idleGap: CFTimeInterval = 0.25
    /// An interval longer than this many display intervals in which no
    /// frame was dropped is idle as well: the loop had nothing to draw for
    /// a tick or more (cover flow rests 0.1 s between its moves), where a
    /// slow frame drops the ticks it overran. Two ticks (an animation asking
    /// for 30 frames a second) are still drawing.
    static let idleTicks = 2.5
    /// Frames dropped this soon after the first frame started count as
    /// start-up as well: the first frames draw every bitmap and glyph
    /// (cover flow's first full frame at 1920x1080 takes 22 ms). The report
    /// says how many of the drops they are, so that a steady state with none
    /// reads as such.
    static let startupSpan: CFTimeInterval = 0.5

    package private(set) var frames = 0
    package private(set) var droppedFrames = 0
    /// Of `droppedFrames`, those dropped within `startupSpan` of the first frame.
    package private(set) var startupDroppedFrames = 0
    /// Each frame's work time (seconds).
    private var workTimes = DurationHistogram()
    /// Time between consecutive frames' ends (seconds).
    private var intervals = DurationHistogram()
    /// Intervals no longer than `idleGap`: their number and total.
    private var busyIntervals = 0
    private var busyTime: Double = 0
    private var firstStart: CFTimeInterval?
    private var lastFinish: CFTimeInterval?
    /// Seconds between display ticks, for the report.
    package var displayInterval: CFTimeInterval

    package init(displayInterval: CFTimeInterval = 1.0 / 60) {
        self.displayInterval = displayInterval
    }

    package mutating func add(_ frame: FrameStatistics) {
        frames += 1
        let dropped = frame.droppedFramesSoFar > droppedFrames
        if dropped, frame.startedAt - (firstStart ?? frame.startedAt) < Self.startupSpan {
            startupDroppedFrames += frame.droppedFramesSoFar - droppedFrames
        }
        droppedFrames = frame.droppedFramesSoFar
        workTimes.add(frame.workTime)
        if let lastFinish {
            let interval = frame.finishedAt - lastFinish
            intervals.add(interval)
            if interval > 0, interval <= Self.idleGap, dropped || interval <= Self.idleTicks * displayInterval {
                busyIntervals += 1
                busyTime += interval
            }
        }
        if firstStart == nil { firstStart = frame.startedAt }
        lastFinish = frame.finishedAt
    }

    /// Frames per second while frames were being drawn one after another:
    /// intervals of idle time (over `idleGap`, or over `idleTicks` with no
    /// frame dropped) are left out. Nil until two
    /// frames came close enough together.
    package var achievedRate: Double? {
        busyIntervals == 0 || busyTime <= 0 ? nil : Double(busyIntervals) / busyTime
    }

    package var workPercentiles: FrameTimePercentiles? { workTimes.percentiles }
    package var intervalPercentiles: FrameTimePercentiles? { intervals.percentiles }

    /// The summary as lines of text.
    package var report: String {
        let span = (lastFinish ?? 0) - (firstStart ?? lastFinish ?? 0)
        let rate = achievedRate.map { ProfilerReadout.format($0, decimals: 1) + " fps while drawing" } ?? "no steady rate"
        let display = displayInterval > 0 ? ProfilerReadout.format(1 / displayInterval, decimals: 0) : "—"
        return [
            "Lamina: \(frames) frames in \(ProfilerReadout.format(span, decimals: 1)) s, \(rate) "
                + "(display \(display) Hz), \(droppedFrames) dropped"
                + (startupDroppedFrames > 0 ? " (\(startupDroppedFrames) in the first \(Self.startupSpan) s)" : ""),
            "  frame work     " + ProfilerReadout.describe(workPercentiles),
            "  frame interval " + ProfilerReadout.describe(intervalPercentiles),
        ].joined(separator: "\n")
    }
}
