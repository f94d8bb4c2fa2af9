import Synchronization

/// The render server: a thread that owns a render tree, fed only by
/// commits, and draws frames at display rate into a presenter.
///
/// The app thread hands it commits (`receive`, through `RenderHost`) and
/// waits only when `maximumCommitsInFlight` commits are still unapplied, to
/// bound memory. The render thread never waits for the app thread. When
/// nothing animates and nothing is committed, the thread sleeps.
package final class RenderServer: RenderHost, Sendable {
    /// Commits the app thread may be ahead by before `receive` waits.
    static let maximumCommitsInFlight = 2

    private struct Inbox {
        var commits: [RenderCommit] = []
        var stopping = false
        var resize: (width: Int, height: Int)?
        var repaintAll = false
    }

    private let inbox = Mutex(Inbox())
    /// Signalled when the inbox changes (the render thread waits on it) and
    /// when commits are taken (a blocked app thread waits on it).
    private let signal = NSCondition()
    private let statistics: @Sendable (FrameStatistics) -> Void
    private let interval: CFTimeInterval
    private let presenterFactory: FramePresenterFactory
    private let finished = Mutex(false)

    /// Starts the render thread. `statistics` is called on the render thread
    /// after every frame.
    package init(interval: CFTimeInterval = 1.0 / 60, presenter: @escaping FramePresenterFactory,
         statistics: @escaping @Sendable (FrameStatistics) -> Void = { _ in }) {
        self.interval = interval
        presenterFactory = presenter
        self.statistics = statistics
        let thread = Thread { [self] in runLoop() }
        thread.name = "QuartzCore.RenderServer"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    // MARK: - App thread

    package var reportsPresentedFrames: Bool { true }

    package func receive(_ commit: RenderCommit) {
        signal.lock()
        while inbox.withLock({ $0.commits.count >= Self.maximumCommitsInFlight && !$0.stopping }) { signal.wait() }
        inbox.withLock { $0.commits.append(commit) }
        signal.broadcast()
        signal.unlock()
    }

    /// Asks for a new target size; the next frame repaints everything.
    package func resize(width: Int, height: Int) {
        signal.lock()
        inbox.withLock { $0.resize = (width, height) }
        signal.broadcast()
        signal.unlock()
    }

    /// Asks for the next frame to repaint everything (an exposed window).
    package func invalidate() {
        signal.lock()
        inbox.withLock { $0.repaintAll = true }
        signal.broadcast()
        signal.unlock()
    }

    /// Stops the thread after its current frame and waits for it (at most 2 s).
    package func stop() {
        signal.lock()
        inbox.withLock { $0.stopping = true }
        signal.broadcast()
        signal.unlock()
        let deadline = Date(timeIntervalSinceNow: 2)
        while !finished.withLock({ $0 }), Date() < deadline { usleep(1000) }
    }

    // MARK: - Render thread

    private func runLoop() {
        renderUntilStopped()
        // The presenter (and whatever display connection it holds) is gone
        // by now: `stop()` returns only after this.
        finished.withLock { $0 = true }
    }

    private func renderUntilStopped() {
        let loop = RenderLoop(presenter: presenterFactory(), interval: interval)
        while true {
            signal.lock()
            var taken: [RenderCommit] = []
            var resize: (width: Int, height: Int)?
            var stopping = false
            var repaintAll = false
            inbox.withLock {
                repaintAll = $0.repaintAll
                $0.repaintAll = false
                taken = $0.commits
                $0.commits.removeAll()
                resize = $0.resize
                $0.resize = nil
                stopping = $0.stopping
            }
            if !taken.isEmpty { signal.broadcast() }
            signal.unlock()
            if stopping { break }
            if let resize { loop.resize(width: resize.width, height: resize.height) }
            if repaintAll { loop.repaintAll() }
            loop.apply(taken)
            switch loop.nextAction(now: MediaClock.now()) {
            case .render(let frameTime):
                statistics(loop.renderFrame(at: frameTime))
                // Animation events follow what the screen shows.
                DispatchQueue.main.async { AnimationLifecycle.framePresented(at: frameTime) }
            case .sleep(let until):
                sleep(until: until)
            case .waitForPresentation:
                sleep(until: MediaClock.now() + 0.001)
            }
        }
    }

    /// Sleeps until `until` (media time) or until the inbox changes.
    private func sleep(until: CFTimeInterval?) {
        signal.lock()
        defer { signal.unlock() }
        guard inbox.withLock({ $0.commits.isEmpty && !$0.stopping && $0.resize == nil && !$0.repaintAll }) else { return }
        if let until {
            let seconds = until - MediaClock.now()
            if seconds > 0 { _ = signal.wait(until: Date(timeIntervalSinceNow: seconds)) }
        } else {
            signal.wait()
        }
    }
}

/// The render thread's state: the tree, the compositor and the scheduler.
/// Pumped by `RenderServer` on its thread, or inline by `CARenderer` and tests.
package final class RenderLoop: RenderHost {
    let tree = RenderTree()
    let compositor: Compositor
    private(set) var scheduler: FrameScheduler
    let presenter: FramePresenter
    private var applyTime: Double = 0

    package init(presenter: FramePresenter, interval: CFTimeInterval) {
        self.presenter = presenter
        compositor = Compositor(width: presenter.target.width, height: presenter.target.height)
        scheduler = FrameScheduler(interval: interval)
    }

    /// Takes a commit inline (when the loop is pumped on the app thread).
    package func receive(_ commit: RenderCommit) { apply([commit]) }

    /// Forgets the last frame so the next one repaints everything.
    package func invalidateAll() { compositor.invalidateAll() }

    /// Repaints everything at the next tick.
    func repaintAll() {
        compositor.invalidateAll()
        scheduler.hasPendingCommit = true
    }

    func apply(_ commits: [RenderCommit]) {
        guard !commits.isEmpty else { return }
        let start = MediaClock.monotonicNow()
        for commit in commits {
            compositor.transitions.capture(before: commit, in: tree)
            tree.apply(commit)
        }
        scheduler.hasPendingCommit = true
        applyTime += MediaClock.monotonicNow() - start
    }

    func resize(width: Int, height: Int) {
        compositor.resize(width: width, height: height)
        scheduler.hasPendingCommit = true
    }

    func nextAction(now: CFTimeInterval) -> FrameScheduler.Action {
        scheduler.nextAnimationTime = tree.nextAnimationTime(after: now, lastFrame: scheduler.lastFrameTime)
        return scheduler.nextAction(now: now)
    }

    /// Draws and presents the frame for `frameTime`.
    package func renderFrame(at frameTime: CFTimeInterval) -> FrameStatistics {
        var stats = FrameStatistics(frameTime: frameTime, applyingCommits: applyTime)
        applyTime = 0
        let wasAnimating = scheduler.nextAnimationTime.map { $0 <= frameTime } ?? false
        var start = MediaClock.monotonicNow()
        let frame = compositor.prepare(tree, mediaTime: frameTime)
        stats.evaluatingAnimations = MediaClock.monotonicNow() - start
        start = MediaClock.monotonicNow()
        compositor.draw(frame, into: presenter.target)
        stats.compositing = MediaClock.monotonicNow() - start
        start = MediaClock.monotonicNow()
        if !frame.damage.isEmpty { presenter.present(damage: frame.damage, frameTime: frameTime) }
        stats.presenting = MediaClock.monotonicNow() - start
        stats.damagedPixels = frame.damage.reduce(0) { $0 + $1.area }
        stats.targetPixels = compositor.width * compositor.height
        stats.layerCount = frame.layerCount
        scheduler.didRender(frameTime: frameTime, wasAnimating: wasAnimating)
        stats.droppedFramesSoFar = scheduler.droppedFrames
        return stats
    }
}
