import Synchronization

/// Tracks committed animations and delivers their events: the delegate's
/// `animationDidStart(_:)` when an animation begins, `animationDidStop(_:finished:)`
/// when it ends or is removed, removal on completion, and the transaction
/// completion blocks waiting for them.
///
/// One per thread (it lives in the thread's `TransactionState`). On the main
/// thread it wakes itself through the main queue when the next event is due;
/// other threads get their events at their next commit or flush. Tests drive
/// it with `deliverDueEvents(at:)` and a manual clock.
///
/// Render servers report a presented frame to the main thread's lifecycle
/// only when it can deliver something (`wantsPresentedFrame(at:)`): a kiosk
/// whose selection moves for 0.25 s while a glow pulses forever wakes the
/// main thread for the move's start and end, not sixty times a second
/// (issue 7).
final class AnimationLifecycle {
    private struct Tracked {
        weak var layer: CALayer?
        let entry: AnimationEntry
        /// Its tree is shown by a host that reports presented frames: events
        /// wait for the frame that shows the animation's start or end.
        let isFrameDriven: Bool
    }

    private var tracked: [Tracked] = []
    /// Whether this is the main thread's lifecycle: each thread's
    /// transactions own one, made on that thread. Asked once, since
    /// `Thread.isMainThread` costs two system calls on Linux (`getpid` and
    /// `gettid`), and it was asked at every commit and every key press.
    let isOnMainThread = Thread.isMainThread
    /// Stops of removed animations, waiting to be delivered.
    private var pendingStops: [AnimationEntry] = []
    /// The media time of the wake-up already scheduled, if any.
    private var scheduledWake: CFTimeInterval?

    func track(_ entry: AnimationEntry, on layer: CALayer) {
        let host = layer.rootLayer.hostConnection?.host
        let isFrameDriven = host?.reportsPresentedFrames ?? false
        tracked.append(Tracked(layer: layer, entry: entry, isFrameDriven: isFrameDriven))
    }

    /// The earliest media time at which a presented frame can deliver an
    /// event of the main thread's lifecycle (a frame-driven animation's
    /// start or end); +infinity when none can. Written on the main thread,
    /// read by render threads before they report a frame. A `Double`'s bits.
    private static let frameEventTime = Atomic<UInt64>(Double.infinity.bitPattern)

    private static func publishFrameEventTime(_ time: CFTimeInterval) {
        frameEventTime.store(time.bitPattern, ordering: .sequentiallyConsistent)
    }

    /// Whether a frame showing media time `frameTime` should be reported to
    /// the main thread (`framePresented(at:)`).
    static func wantsPresentedFrame(at frameTime: CFTimeInterval) -> Bool {
        frameTime >= Double(bitPattern: frameEventTime.load(ordering: .sequentiallyConsistent))
    }

    /// Works out `frameEventTime` again from the tracked animations (main
    /// thread only). Runs after every delivery and at every commit, before
    /// the commit is sent, so a timing change the commit carries is seen.
    func publishFrameEventTime() {
        guard isOnMainThread else { return }
        var next = CFTimeInterval.infinity
        for item in tracked where item.isFrameDriven && !item.entry.didDeliverStop {
            let entry = item.entry, timing = entry.snapshot.timing  // made at commit
            // A started animation that repeats forever only stops when
            // removed, and removal is delivered without frames.
            if entry.didDeliverStart, entry.neverFinishes { continue }
            guard let layer = item.layer, timing.speed >= 0 else { return Self.publishFrameEventTime(-.infinity) }
            let localTime = entry.didDeliverStart ? timing.endTime() : timing.beginTime
            let media = layer.mediaTime(fromLocalTime: localTime)
            // A paused or odd time hierarchy: report every frame, as before.
            guard media.isFinite else { return Self.publishFrameEventTime(-.infinity) }
            // A little early rather than late: the conversions round.
            next = min(next, media - 1e-6)
        }
        Self.publishFrameEventTime(next)
    }

    /// An animation left its layer before finishing.
    func ended(_ entry: AnimationEntry, finished: Bool) {
        entry.endCompletionGroups()
        guard entry.isCommitted, !entry.didDeliverStop else { return }
        pendingStops.append(entry)
        scheduleDelivery()
    }

    /// Delivers every event due at media time `now`, in order: removals,
    /// starts, then natural ends.
    func deliverDueEvents(at now: CFTimeInterval = MediaClock.now(), includingFrameDriven: Bool = true) {
        let stops = pendingStops
        pendingStops.removeAll()
        for entry in stops where !entry.didDeliverStop {
            entry.didDeliverStop = true
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
        }
        var stillRunning: [Tracked] = []
        for item in tracked {
            if item.isFrameDriven, !includingFrameDriven {
                stillRunning.append(item)
                continue
            }
            // A started animation that can never finish (repeating forever)
            // has nothing to deliver until it is removed, and removal marks
            // its stop delivered above: skip the timing work. This runs for
            // every presented frame (issue 7: 1000 layers pulsing forever cost
            // the main thread 27 ms a frame here).
            if item.entry.didDeliverStart, !item.entry.didDeliverStop, item.entry.neverFinishes, item.layer != nil {
                stillRunning.append(item)
                continue
            }
            guard let layer = item.layer, layer.animationEntries.contains(where: { $0 === item.entry }) else {
                item.entry.endCompletionGroups()
                continue
            }
            let entry = item.entry
            let localTime = layer.localTime(fromMediaTime: now)
            let timing = entry.timing
            if !entry.didDeliverStart, localTime >= timing.beginTime || timing.speed < 0 {
                entry.didDeliverStart = true
                entry.animation.delegate?.animationDidStart(entry.animation)
            }
            if entry.didDeliverStart, Self.hasFinished(timing, atLayerTime: localTime) {
                entry.didDeliverStop = true
                if entry.animation.isRemovedOnCompletion {
                    layer.animationEntries.removeAll { $0 === entry }
                    CATransaction.current.layerChanged(layer)
                }
                entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
                entry.endCompletionGroups()
            } else {
                stillRunning.append(item)
            }
        }
        tracked = stillRunning
        publishFrameEventTime()
    }

    /// Whether an animation's active period is over at layer time `t`.
    static func hasFinished(_ timing: MediaTiming, atLayerTime t: CFTimeInterval) -> Bool {
        let end = timing.endTime()
        guard end.isFinite else { return false }
        return timing.speed >= 0 ? t >= end : t <= timing.beginTime
    }

    /// The media time of the next start or end, if any is ahead.
    func nextEventTime(after now: CFTimeInterval) -> CFTimeInterval? {
        if !pendingStops.isEmpty { return now }
        var next: CFTimeInterval?
        for item in tracked where !item.isFrameDriven {
            guard let layer = item.layer else { return now }
            let timing = item.entry.timing
            let layerTime = item.entry.didDeliverStart ? timing.endTime() : timing.beginTime
            guard layerTime.isFinite else { continue }
            let media = layer.mediaTime(fromLocalTime: layerTime)
            guard media.isFinite else { continue }
            next = min(next ?? media, max(media, now))
        }
        return next
    }

    /// Arranges for `deliverDueEvents` to run when the next event is due.
    func scheduleDelivery() {
        guard isOnMainThread else { return deliverDueEvents() }
        let now = MediaClock.now()
        guard let next = nextEventTime(after: now) else { return }
        if let scheduled = scheduledWake, scheduled <= next, scheduled >= now { return }
        scheduledWake = next
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, next - now)) {
            let lifecycle = CATransaction.current.lifecycle
            lifecycle.scheduledWake = nil
            lifecycle.deliverDueEvents(includingFrameDriven: false)
            lifecycle.scheduleDelivery()
        }
    }

    /// A frame showing media time `frameTime` was presented: delivers what
    /// it shows started or ended. Called on the main thread.
    static func framePresented(at frameTime: CFTimeInterval) {
        CATransaction.current.lifecycle.deliverDueEvents(at: frameTime)
    }

    /// Runs `block` on the main thread: now when already there, else soon.
    static func runOnMainThread(_ block: @escaping () -> Void) {
        if Thread.isMainThread { return block() }
        let box = MainThreadBlock(block)
        DispatchQueue.main.async { box.block() }
    }
}

/// Carries a completion block to the main thread.
///
/// `@unchecked Sendable` because Apple's completion blocks are not
/// `@Sendable` closures; the committing thread hands the block over and never
/// touches it again, and the main thread is the only one that calls it, once.
private final class MainThreadBlock: @unchecked Sendable {
    let block: () -> Void
    init(_ block: @escaping () -> Void) { self.block = block }
}
