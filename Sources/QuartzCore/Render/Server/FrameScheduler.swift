/// When to render: a small state machine with a pure `nextAction(now:)`,
/// tested without threads (after weston's repaint states and Chromium's
/// `SchedulerStateMachine`).
///
/// Frames fall on display ticks, `phase + n * interval`. A commit is drawn on
/// the next tick; running animations ask for every tick, or every
/// `ticksPerAnimationFrame`-th when all of them asked for a lower rate
/// (`CAAnimation.preferredFrameRateRange`); with neither, the thread sleeps
/// until a commit arrives. A tick that passes while a frame was due is
/// counted as dropped, never made up with a burst.
struct FrameScheduler: Sendable {
    enum Action: Equatable, Sendable {
        /// Render the frame for display at `frameTime` now.
        case render(frameTime: CFTimeInterval)
        /// Sleep until `until` (nil: until something is committed).
        case sleep(until: CFTimeInterval?)
    }

    /// Seconds between display ticks.
    var interval: CFTimeInterval
    /// A time at which a tick falls.
    var phase: CFTimeInterval = 0
    /// A commit arrived that no frame has shown yet.
    var hasPendingCommit = false
    /// From the render tree: when something next animates (now or later),
    /// nil when nothing does.
    var nextAnimationTime: CFTimeInterval?
    /// Display ticks an animation frame takes: 1 for every tick, more when
    /// every running animation asked for a lower rate. Animation frames then
    /// fall on every n-th tick (`phase + k * n * interval`); commits are
    /// still drawn on the next tick.
    var ticksPerAnimationFrame = 1 {
        didSet { ticksPerAnimationFrame = max(1, ticksPerAnimationFrame) }
    }
    private(set) var lastFrameTime: CFTimeInterval?
    private(set) var framesRendered = 0
    private(set) var droppedFrames = 0
    /// Set when, since the last frame, the scene had nothing running: the
    /// ticks until the next animation are idle, not dropped.
    private(set) var wasIdleSinceLastFrame = false

    init(interval: CFTimeInterval = 1.0 / 60) {
        self.interval = interval.isFinite && interval > 0 ? interval : 1.0 / 60
    }

    /// The first tick at or after `time`, on the grid of every `every`-th tick.
    func tick(atOrAfter time: CFTimeInterval, every: Int = 1) -> CFTimeInterval {
        let spacing = interval * Double(every)
        let ticks = ((time - phase) / spacing).rounded(.up)
        return phase + ticks * spacing
    }

    func nextAction(now: CFTimeInterval) -> Action {
        guard let frameTime = nextFrameTime(now: now, committed: hasPendingCommit) else { return .sleep(until: nil) }
        // Render a little ahead of the tick it is for, so it is ready in time.
        if frameTime - now <= interval * 0.25 { return .render(frameTime: max(frameTime, now)) }
        return .sleep(until: frameTime - interval * 0.25)
    }

    /// Whether a commit arriving while the render thread sleeps as
    /// `nextAction(now:)` says would be drawn at the very frame it wakes for:
    /// an animation frame is due at the first tick a commit could have
    /// (animations drawn at every tick: the kiosk's pulsing glow). Waking
    /// the thread for it early would only put it back to sleep until then;
    /// the commit is taken when it wakes (a wake on this virtual machine
    /// costs about 50 µs of CPU, and a key press brings two commits).
    func commitsWaitForNextFrame(now: CFTimeInterval) -> Bool {
        guard nextAnimationTime != nil, let planned = nextFrameTime(now: now, committed: hasPendingCommit),
              planned - now > interval * 0.25
        else { return false }
        return planned == nextFrameTime(now: now, committed: true)
    }

    /// The tick the next frame is for: the next one after a commit, the
    /// animations' next one, or nil with neither; never within half an
    /// interval of the last frame.
    private func nextFrameTime(now: CFTimeInterval, committed: Bool) -> CFTimeInterval? {
        let due: CFTimeInterval
        let every: Int
        if committed {
            due = now
            every = 1
        } else if let animation = nextAnimationTime {
            due = max(now, animation)
            every = ticksPerAnimationFrame
        } else {
            return nil
        }
        var frameTime = tick(atOrAfter: due - interval * 0.001, every: every)
        if let last = lastFrameTime, frameTime <= last + interval * 0.5 {
            frameTime = tick(atOrAfter: last + interval * 0.5, every: every)
        }
        return frameTime
    }

    /// The scene has nothing running now (no animation, or one that starts
    /// later): the gap before the next animated frame is not a drop.
    mutating func noteSceneIdle() { wasIdleSinceLastFrame = true }

    /// A frame for `frameTime` was rendered; ticks skipped while something
    /// kept animating since the last frame count as dropped. The first frame
    /// of an animation that starts after an idle spell counts none: the
    /// spell's ticks were never due.
    mutating func didRender(frameTime: CFTimeInterval, wasAnimating: Bool) {
        if let last = lastFrameTime, wasAnimating, !wasIdleSinceLastFrame {
            // Ticks left out on purpose (a lower rate asked for) are not drops.
            let spacing = interval * Double(ticksPerAnimationFrame)
            let skipped = Int(clampedFrom: ((frameTime - last) / spacing).rounded(), limit: 1_000_000) - 1
            if skipped > 0 { droppedFrames += skipped }
        }
        lastFrameTime = frameTime
        framesRendered += 1
        hasPendingCommit = false
        wasIdleSinceLastFrame = false
    }
}
