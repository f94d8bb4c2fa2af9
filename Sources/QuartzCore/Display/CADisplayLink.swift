import Foundation

/// A timer in step with the display: Apple's `CADisplayLink`. Added to a
/// run loop, it calls its target once a display frame (or once every few,
/// for a lower `preferredFrameRateRange`), on that run loop's thread, until
/// it is paused, removed or invalidated.
///
/// Timestamps are on `CACurrentMediaTime()`'s clock and fall on the display's
/// ticks, the media times the render server draws frames for: `timestamp`
/// is the tick of the frame being prepared, `targetTimestamp` the tick it
/// will be shown at, `duration` the display's refresh interval
/// (`DisplayRefresh`, a window's measured rate, 60 Hz without one).
///
/// Swift on Linux has no Objective-C selectors, so the selector is a method
/// reference: Apple's `CADisplayLink(target: self, selector: #selector(step(_:)))`
/// is written `CADisplayLink(target: self, selector: Game.step)` here (the
/// method named through its type, `Game` being the target's class)
/// (docs/behaviour.md). As on Apple, the link keeps its target until
/// `invalidate()`, and a run loop keeps the link while it is added to it.
open class CADisplayLink: NSObject {
    /// The display tick of the frame the last call was for.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The display's refresh interval, as of the last call.
    public private(set) var duration: CFTimeInterval = 0
    /// The tick the frame prepared in the last call will be shown at.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// When true the link does not fire (initially false).
    open var isPaused = false {
        didSet { if oldValue != isPaused { reschedule() } }
    }
    /// The rates the target would like to be called at; the display's by default.
    open var preferredFrameRateRange = CAFrameRateRange.default {
        didSet { reschedule() }
    }

    /// Calls a second: 0 for the display's own rate. Setting it asks for
    /// exactly that rate (`preferredFrameRateRange` from it to it).
    open var preferredFramesPerSecond: Int {
        get { Int(clampedFrom: Double(preferredFrameRateRange.requestedRate ?? 0)) }
        set {
            let rate = Float(max(0, newValue))
            preferredFrameRateRange = rate > 0 ? CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate) : .default
        }
    }

    /// Display frames between calls (1 by default: every frame), the
    /// pre-iOS 10 way to slow a link. Values below 1 are taken as 1 (Apple
    /// leaves them undefined). With a `preferredFrameRateRange` as well, the
    /// slower of the two wins.
    @available(*, deprecated, message: "use preferredFrameRateRange")
    open var frameInterval: Int {
        get { framesBetweenCalls }
        set {
            if newValue < 1 { CADiagnostics.report("CADisplayLink.frameInterval \(newValue) is below 1; 1 is used") }
            framesBetweenCalls = max(1, newValue)
        }
    }
    private var framesBetweenCalls = 1 {
        didSet { if oldValue != framesBetweenCalls { reschedule() } }
    }

    /// What a call does: the target's method, held with the target until `invalidate()`.
    private var action: ((CADisplayLink) -> Void)?
    /// The run loop the link was added to, and its modes there.
    private var runLoop: RunLoop?
    private var modes: [RunLoop.Mode] = []
    /// The timer that calls the link, in every mode, moved to each next tick.
    /// One for the link's time on a run loop, not one a call: Foundation on
    /// Linux never frees a `Timer` (an invalidated or fired one keeps its
    /// block), so the block holds the link only through `reference`, which
    /// lets go when the link leaves the run loop.
    private var timer: Timer?
    private var reference: RunLoopBoundLink?
    /// The tick of the last call (or of the moment the link was added), so
    /// no tick is called twice and the first call is for the tick after adding.
    private var lastTick = -Double.infinity

    /// A link that calls `selector` on `target`: `Game.step` for a method
    /// `func step(_ link: CADisplayLink)`.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        action = { link in selector(target)(link) }
        super.init()
    }

    /// A link that calls `selector` on `target`: `Game.step` for a method `func step()`.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        action = { _ in selector(target)() }
        super.init()
    }

    /// Starts calling the target on `runloop` in `mode` (one run loop, in
    /// as many modes as asked). The run loop keeps the link meanwhile.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard action != nil else { return }  // invalidated
        if let runLoop, runLoop !== runloop {
            CADiagnostics.report("a CADisplayLink can be added to one run loop only; ignored")
            return
        }
        guard !modes.contains(mode) else { return }
        if runLoop == nil { lastTick = currentTick() }
        runLoop = runloop
        modes.append(mode)
        if let timer {
            runloop.add(timer, forMode: mode)
        } else {
            makeTimer()
        }
    }

    /// Stops calling the target in `mode`; removed from its last mode, the
    /// link is no longer kept by the run loop.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard runloop === runLoop, modes.contains(mode) else { return }
        modes.removeAll { $0 == mode }
        // A timer cannot leave one mode alone: a new one for the modes left.
        dropTimer()
        if modes.isEmpty { runLoop = nil } else { makeTimer() }
    }

    /// Removes the link from every mode and lets go of its target.
    open func invalidate() {
        modes.removeAll()
        runLoop = nil
        action = nil
        dropTimer()
    }

    // MARK: - Ticks

    /// Seconds between calls: the display's interval times the ticks a call
    /// takes at the preferred rate (or `frameInterval`'s, if more).
    private var callInterval: Double {
        let display = DisplayRefresh.interval
        let ticks = FrameRateDivisor.ticks(for: preferredFrameRateRange.requestedRate, displayInterval: display)
        return display * Double(max(ticks, framesBetweenCalls))
    }

    /// The tick on the calls' grid at or before now, in display time (the
    /// clock frames are paced on; media time differs only while animations
    /// are slowed, `MediaTimeScale`).
    private func currentTick() -> Double {
        DisplayRefresh.tick(atOrBefore: MediaClock.displayNow(), interval: callInterval)
    }

    private func makeTimer() {
        guard let runLoop, !modes.isEmpty else { return }
        let reference = RunLoopBoundLink(self)
        // Repeating, so it stays valid to be moved; every call moves it to
        // the next tick, and the interval is only a fallback.
        let timer = Timer(fire: nextFireDate(), interval: 1, repeats: true) { _ in reference.link?.fire() }
        for mode in modes { runLoop.add(timer, forMode: mode) }
        self.timer = timer
        self.reference = reference
    }

    private func dropTimer() {
        reference?.link = nil
        reference = nil
        timer?.invalidate()
        timer = nil
    }

    /// Moves the timer to the next tick, or far away while paused.
    private func reschedule() {
        timer?.fireDate = nextFireDate()
    }

    /// When the next call is due: a little after the next tick on the
    /// calls' grid (so that the tick has passed when it fires).
    private func nextFireDate() -> Date {
        guard !isPaused else { return .distantFuture }
        let next = max(lastTick, currentTick()) + callInterval
        return Date(timeIntervalSinceNow: max(0, next - MediaClock.displayNow()) + 0.000_2)
    }

    private func fire() {
        let interval = callInterval
        let tick = currentTick()
        if !isPaused, tick > lastTick, let action {
            lastTick = tick
            // Reported in media time, so a slowed app sees slowed frames.
            timestamp = MediaTimeScale.mediaTime(atDisplayTime: tick)
            duration = MediaTimeScale.mediaTime(atDisplayTime: tick + DisplayRefresh.interval) - timestamp
            targetTimestamp = MediaTimeScale.mediaTime(atDisplayTime: tick + interval)
            action(self)
        }
        reschedule()
    }
}

/// Carries a display link into its timer's block, which Foundation types as
/// `@Sendable`. `@unchecked Sendable`: a timer fires on the run loop it was
/// added to, whose thread is the one that added it and the only one that
/// touches the link or this reference; nothing here crosses threads.
/// Strong while the link is on the run loop (the run loop keeps the timer,
/// the timer this, and this the link, as Apple's run loop keeps an added
/// link); emptied when it leaves.
private final class RunLoopBoundLink: @unchecked Sendable {
    var link: CADisplayLink?
    init(_ link: CADisplayLink) { self.link = link }
}
