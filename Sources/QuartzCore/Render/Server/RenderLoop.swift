/// The render thread's state: the tree, the compositor and the scheduler.
/// Pumped by `RenderServer` on its thread, or inline by `CARenderer` and tests.
package final class RenderLoop: RenderHost {
    let tree = RenderTree()
    let compositor: Compositor
    private(set) var scheduler: FrameScheduler
    package let presenter: FramePresenter
    private var applyTime: Double = 0
    /// When the scene next animates (the tree's answer, debug overlays aside).
    private var sceneAnimationTime: CFTimeInterval?
    /// Whether animations were running at the time of the last frame drawn.
    private var lastFrameHadRunningAnimations = false
    /// Times `nextAction` walked the tree for the next animation (for tests).
    private(set) var treeWalks = 0
    /// Debug hooks: the profiler's history and overlays, and the trace (Render/Profiler/).
    var debug = RenderDebugging()
    var tracer: FrameTracer?

    package init(presenter: FramePresenter, interval: CFTimeInterval) {
        self.presenter = presenter
        compositor = Compositor(width: presenter.target.width, height: presenter.target.height)
        scheduler = FrameScheduler(interval: interval)
    }

    /// Takes a commit inline (when the loop is pumped on the app thread).
    package func receive(_ commit: RenderCommit) { apply([commit]) }

    /// Forgets the last frame so the next one repaints everything.
    package func invalidateAll() { compositor.invalidateAll() }

    /// Shows everything again at the next tick (the window was exposed).
    /// The target still holds the last frame drawn at its size, so it is
    /// presented whole rather than composited again (cover flow's whole
    /// frame at 1920x1080 is 15-22 ms). With no frame drawn at the
    /// target's size yet (the first, a resize), everything is drawn.
    func repaintAll() {
        let target = presenter.target
        if compositor.hasDrawnFrame, target.width == compositor.width, target.height == compositor.height {
            presentsWholeTarget = true
        } else {
            compositor.invalidateAll()
        }
        scheduler.hasPendingCommit = true
    }

    /// The next frame presents the whole target, whatever its damage (`repaintAll`).
    private var presentsWholeTarget = false

    func apply(_ commits: [RenderCommit]) {
        guard !commits.isEmpty else { return }
        let start = MediaClock.monotonicNow()
        for commit in commits {
            compositor.transitions.capture(before: commit, in: tree)
            tree.apply(commit)
        }
        scheduler.hasPendingCommit = true
        let end = MediaClock.monotonicNow()
        applyTime += end - start
        tracer?.didApply(commits.map(\.sequence), start: start, end: end)  // trace hook
    }

    /// Renders a frame at the next tick though nothing changed (a debug
    /// overlay was turned on or off).
    func requestFrame() { scheduler.hasPendingCommit = true }

    func resize(width: Int, height: Int) {
        compositor.resize(width: width, height: height)
        scheduler.hasPendingCommit = true
    }

    /// What to do at display time `now`: render a frame for a tick, or sleep.
    func nextAction(now: CFTimeInterval) -> FrameScheduler.Action {
        if lastFrameHadRunningAnimations, !scheduler.hasPendingCommit {
            // Animations were running at the last frame's time: the next tick
            // needs a frame (their progress, or the end state of those that
            // end before it), whatever else the tree's walk would find, and
            // no commit has changed the tree since. The walk ran twice a
            // frame for a menu whose glow pulses forever.
            sceneAnimationTime = now
        } else {
            // The tree answers in media time; frames are paced in display time.
            let mediaNow = MediaTimeScale.mediaTime(atDisplayTime: now)
            sceneAnimationTime = tree.nextAnimationTime(
                after: mediaNow, lastFrame: scheduler.lastFrameTime.map(MediaTimeScale.mediaTime(atDisplayTime:))
            ).map(MediaTimeScale.displayTime(atMediaTime:))
            treeWalks += 1
        }
        if sceneAnimationTime.map({ $0 > now }) ?? true { scheduler.noteSceneIdle() }
        // Debug hook: fading repaint flashes need frames too.
        scheduler.nextAnimationTime = debug.nextFrameTime(after: now, sceneTime: sceneAnimationTime)
        return scheduler.nextAction(now: now)
    }

    /// After `nextAction(now:)` said to sleep: whether a commit arriving in
    /// that sleep may wait for its end (`FrameScheduler.commitsWaitForNextFrame`).
    func commitsWaitForNextFrame(now: CFTimeInterval) -> Bool { scheduler.commitsWaitForNextFrame(now: now) }

    /// Draws and presents the frame for `frameTime`, a display tick (its
    /// animations at the media time of that tick: `MediaTimeScale`).
    /// The frame's damage is the scene's; debug overlays drawn over it add
    /// pixels to present but never to `damagedPixels` or `compositing`.
    package func renderFrame(at frameTime: CFTimeInterval) -> FrameStatistics {
        var time = FrameTracer.Timeline()
        time.begin = MediaClock.monotonicNow()
        var stats = FrameStatistics(frameTime: frameTime, applyingCommits: applyTime)
        applyTime = 0
        let wasAnimating = sceneAnimationTime.map { $0 <= frameTime } ?? false
        time.start = MediaClock.monotonicNow()
        let frame = compositor.prepare(tree, mediaTime: MediaTimeScale.mediaTime(atDisplayTime: frameTime))
        time.evaluated = MediaClock.monotonicNow()
        debug.restoreScene(in: presenter.target)  // debug hook: the scene back under last frame's overlays
        time.restored = MediaClock.monotonicNow()
        compositor.layerCosts = debug.layerCostRecorder(forFrameAt: frameTime)  // debug hook: `lamina-inspect hot`
        compositor.draw(frame, into: presenter.target)
        time.composited = MediaClock.monotonicNow()
        // Debug hook: overlays drawn over the finished frame; what they cover or uncovered is presented too.
        let overlaid = debug.drawOverlays(over: presenter.target, frame: frame, compositor: compositor,
                                          frameTime: frameTime, displayInterval: scheduler.interval)
        time.overlaid = MediaClock.monotonicNow()
        var presented = overlaid.isEmpty ? frame.damage : Self.union(frame.damage, overlaid, in: compositor.targetRect)
        if presentsWholeTarget {
            presentsWholeTarget = false
            presented = [compositor.targetRect]
        }
        if !presented.isEmpty { presenter.present(damage: presented, frameTime: frameTime) }
        time.presented = MediaClock.monotonicNow()
        stats.evaluatingAnimations = time.evaluated - time.start
        stats.compositing = time.composited - time.restored
        stats.debugOverlays = (time.restored - time.evaluated) + (time.overlaid - time.composited)
        stats.presenting = time.presented - time.overlaid
        stats.startedAt = time.start
        stats.finishedAt = time.presented
        stats.damagedPixels = frame.damage.reduce(0) { $0 + $1.area }
        stats.targetPixels = compositor.width * compositor.height
        stats.layerCount = frame.layerCount
        stats.runningAnimations = frame.runningAnimations
        lastFrameHadRunningAnimations = frame.runningAnimations > 0
        scheduler.didRender(frameTime: frameTime, wasAnimating: wasAnimating)
        scheduler.ticksPerAnimationFrame = Self.ticksPerAnimationFrame(for: frame, in: tree, interval: scheduler.interval)
        stats.droppedFramesSoFar = scheduler.droppedFrames
        debug.record(stats)
        tracer?.didRender(stats, timeline: time, overlaid: !overlaid.isEmpty)
        return stats
    }

    /// Display ticks the next animation frames take: every n-th when all
    /// the animations running in `frame` asked for a lower rate
    /// (`preferredFrameRateRange`: a kiosk's slow pulse at 30 a second
    /// costs half the frames). Emitters' particles move every tick.
    private static func ticksPerAnimationFrame(for frame: Compositor.Frame, in tree: RenderTree,
                                               interval: CFTimeInterval) -> Int {
        let rate = frame.animationFrameRate
        guard rate.isFinite, rate > 0, tree.emitterHistories.isEmpty else { return 1 }
        return FrameRateDivisor.ticks(for: rate, displayInterval: interval)
    }

    private static func union(_ a: [PixelRect], _ b: [PixelRect], in bounds: PixelRect) -> [PixelRect] {
        var damage = DamageAccumulator(bounds: bounds)
        for rect in a + b { damage.add(rect) }
        return damage.rects
    }
}
