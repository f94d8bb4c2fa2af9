/// The render server: a thread that owns a render tree, fed only by
/// commits, and draws frames at display rate into a presenter.
///
/// The app thread hands it commits (`receive`, through `RenderHost`) and
/// waits only when `maximumCommitsInFlight` commits are still unapplied, to
/// bound memory. The render thread never waits for the app thread. When
/// nothing animates and nothing is committed, the thread sleeps.
package final class RenderServer: RenderHost, Sendable {
    static let threadName = "QuartzCore.RenderServer"
    /// Commits the app thread may be ahead by before `receive` waits.
    static let maximumCommitsInFlight = 2

    private struct Inbox {
        var commits: [RenderCommit] = []
        var stopping = false
        /// Set by the render thread when it has left its loop for good.
        var finished = false
        var resize: (width: Int, height: Int)?
        var repaintAll = false
        /// Debug hook: requests for the render thread (Render/Profiler/).
        var debugCommands: [RenderDebugCommand] = []
        /// Set by the render thread as it goes to sleep with nothing to do;
        /// whoever gives it something clears it and signals `wake` (a
        /// commit only when it does not wait for the wake: `commitsWaitForWake`).
        var sleeping = false
        /// Set with `sleeping` when the thread wakes for a frame that a
        /// commit arriving meanwhile would be drawn at anyway
        /// (`FrameScheduler.commitsWaitForNextFrame`): a commit then does
        /// not wake it, and is taken when it wakes, unless it fills the
        /// inbox. Anything else does. Read only while `sleeping` is set.
        var commitsWaitForWake = false
        /// Commits that woke the sleeping thread (tests).
        var commitWakes = 0

        var hasWork: Bool {
            !commits.isEmpty || stopping || resize != nil || repaintAll || !debugCommands.isEmpty
        }
    }

    private let inbox = LockedValue(Inbox())
    /// Wakes the render thread from its sleep between frames when the
    /// inbox changes.
    private let wake = WakeSignal()
    /// Signalled when commits are taken (an app thread blocked in `receive`
    /// waits on it) and when the render thread has left its loop (`stop`).
    private let signal = MonotonicCondition()
    private let statistics: @Sendable (FrameStatistics) -> Void
    private let interval: CFTimeInterval
    private let presenterFactory: FramePresenterFactory
    // Debug hooks (Render/Profiler/RenderServer+Debug.swift): the overlays
    // asked for, the trace commits and frames go to, the run's summary.
    let debugToggles: LockedValue<DebugSettings>
    let trace: TraceRecorder?
    private let traceHost: UInt64
    let summary: LockedValue<FrameSummary>

    /// Starts the render thread. `statistics` is called on the render thread
    /// after every frame. `debug` says which debug overlays start shown, and
    /// commits and frames are recorded into `trace` (see `docs/debugging.md`).
    package init(interval: CFTimeInterval = 1.0 / 60, presenter: @escaping FramePresenterFactory,
         statistics: @escaping @Sendable (FrameStatistics) -> Void = { _ in },
         debug: DebugSettings = DebugSettings(), trace: TraceRecorder? = nil) {
        self.interval = interval
        presenterFactory = presenter
        self.statistics = statistics
        debugToggles = LockedValue(debug)
        self.trace = trace
        traceHost = trace?.makeHostNumber() ?? 0
        summary = LockedValue(FrameSummary(displayInterval: interval))
        let thread = Thread { [self] in runLoop() }
        thread.name = Self.threadName
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    // MARK: - App thread

    /// This server's reports of presented frames to the main thread.
    private let frameChannel = PresentedFrameChannel()
    package var presentedFrames: PresentedFrameChannel? { frameChannel }

    package func receive(_ commit: RenderCommit) {
        let start = trace == nil ? 0 : MediaClock.monotonicNow()
        defer {
            // Trace hook: the hand-off (waits included), where the commit's flow arrow starts.
            if let trace { FrameTracer.recordCommit(commit, host: traceHost, start: start, end: MediaClock.monotonicNow(), in: trace) }
        }
        signal.lock()
        while inbox.withLock({ $0.commits.count >= Self.maximumCommitsInFlight && !$0.stopping }) { signal.wait() }
        // Appended under the lock, so two threads cannot both pass the bound.
        let wakes = inbox.withLock { inbox -> Bool in
            inbox.commits.append(commit)
            // A full inbox wakes it all the same: the next commit would
            // block the app thread until the wake, and be drawn a frame late.
            guard inbox.sleeping, !inbox.commitsWaitForWake || inbox.commits.count >= Self.maximumCommitsInFlight
            else { return false }
            inbox.sleeping = false
            inbox.commitWakes += 1
            return true
        }
        signal.unlock()
        if wakes { wake.signal() }
    }

    /// Commits so far that woke the render thread from a sleep (tests).
    package var commitWakes: Int { inbox.withLock { $0.commitWakes } }

    /// Asks for a new target size; the next frame repaints everything.
    package func resize(width: Int, height: Int) {
        deliver { $0.resize = (width, height) }
    }

    /// Asks for the next frame to repaint everything (an exposed window).
    package func invalidate() {
        deliver { $0.repaintAll = true }
    }

    /// Changes the inbox and wakes the render thread if it sleeps.
    private func deliver(_ body: (inout Inbox) -> Void) {
        if change(body) { wake.signal() }
    }

    /// Changes the inbox; returns whether the render thread was asleep (and
    /// so must be signalled: the flag is cleared, so it is signalled once).
    private func change(_ body: (inout Inbox) -> Void) -> Bool {
        inbox.withLock { inbox -> Bool in
            body(&inbox)
            defer { inbox.sleeping = false }
            return inbox.sleeping
        }
    }

    /// Stops the thread after its current frame and waits for it (at most 2 s).
    package func stop() {
        deliver { $0.stopping = true }
        signal.lock()
        defer { signal.unlock() }
        // An app thread blocked in `receive` on a full inbox goes now, not
        // when the render thread next takes commits (it may be in a long frame).
        signal.broadcast()
        // The render thread broadcasts when it leaves its loop; the deadline
        // is on the monotonic clock, which no change of the wall clock moves.
        let deadline = MediaClock.monotonicNow() + 2
        while !inbox.withLock({ $0.finished }) {
            let left = deadline - MediaClock.monotonicNow()
            guard left > 0 else { return }
            signal.wait(seconds: left)
        }
    }

    /// Debug hook: hands `command` to the render thread.
    func post(_ command: RenderDebugCommand) {
        deliver { $0.debugCommands.append(command) }
    }

    // MARK: - Render thread

    private func runLoop() {
        renderUntilStopped()
        // The presenter (and whatever display connection it holds) is gone
        // by now: `stop()` returns only after this.
        signal.lock()
        inbox.withLock { $0.finished = true }
        signal.broadcast()
        signal.unlock()
    }

    private func renderUntilStopped() {
        let loop = RenderLoop(presenter: presenterFactory(), interval: interval)
        loop.debug = RenderDebugging(settings: debugToggles.withLock { $0 })
        loop.tracer = trace.map { FrameTracer(recorder: $0, host: traceHost, threadName: Self.threadName) }
        while true {
            var taken: [RenderCommit] = []
            var resize: (width: Int, height: Int)?
            var stopping = false
            var repaintAll = false
            var commands: [RenderDebugCommand] = []
            inbox.withLock {
                // Awake (after a sleep's timeout the flag is still set).
                $0.sleeping = false
                repaintAll = $0.repaintAll
                $0.repaintAll = false
                taken = $0.commits
                $0.commits.removeAll()
                resize = $0.resize
                $0.resize = nil
                stopping = $0.stopping
                commands = $0.debugCommands
                $0.debugCommands.removeAll()
            }
            if !taken.isEmpty {
                // An app thread may wait in `receive` for room in the inbox.
                signal.lock()
                signal.broadcast()
                signal.unlock()
            }
            if stopping {
                commands.forEach { loop.handle($0) }  // answers waiting dump requests
                break
            }
            if let resize { loop.resize(width: resize.width, height: resize.height) }
            if repaintAll { loop.repaintAll() }
            loop.apply(taken)
            commands.forEach { loop.handle($0) }
            let now = MediaClock.displayNow()
            switch loop.nextAction(now: now) {
            case .render(let frameTime):
                let frame = loop.renderFrame(at: frameTime)
                summary.withLock { $0.add(frame) }
                statistics(frame)
                // Animation events follow what the screen shows; reported
                // only when the main thread has an event this frame can deliver.
                frameChannel.reportIfWanted(frameTime: MediaTimeScale.mediaTime(atDisplayTime: frameTime))
            case .sleep(let until):
                sleep(until: until, commitsWait: loop.commitsWaitForNextFrame(now: now))
            }
        }
    }

    /// Sleeps until `until` (display time) or until the inbox changes
    /// (but for commits, when they wait for the wake: `commitsWait`).
    private func sleep(until: CFTimeInterval?, commitsWait: Bool) {
        let idle = inbox.withLock { inbox -> Bool in
            inbox.sleeping = !inbox.hasWork
            inbox.commitsWaitForWake = commitsWait && until != nil
            return inbox.sleeping
        }
        guard idle else { return }
        // A change delivered between the check and the wait has signalled
        // already: the wait returns at once.
        // The flag is cleared when the loop next takes the inbox, not here:
        // one lock a wake fewer (the first memory touched after a sleep is
        // the slowest). A change in between signals once more, and the
        // next wait returns at once.
        wake.wait(seconds: until.map { $0 - MediaClock.displayNow() })
    }
}
