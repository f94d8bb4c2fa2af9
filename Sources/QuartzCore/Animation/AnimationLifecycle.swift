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
/// A render server reports a presented frame to the main thread's
/// lifecycle through its host's `PresentedFrameChannel`, and only when the
/// frame can deliver something (the channel's earliest event, published
/// here): a kiosk whose selection moves for 0.25 s while a glow pulses
/// forever wakes the main thread for the move's start and end, not sixty
/// times a second. A frame delivers the events of the trees its own host
/// shows; two windows keep their own channels and times.
final class AnimationLifecycle {
    private struct Tracked {
        weak var layer: CALayer?
        let entry: AnimationEntry
        /// The channel of the host showing its tree, when that host reports
        /// presented frames: then its events wait for the frame of that
        /// host that shows the animation's start or end.
        let frameChannel: PresentedFrameChannel?

        var isFrameDriven: Bool { frameChannel != nil }
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
    /// The channels given an earliest event time by the last publication,
    /// so that one left with nothing to deliver is told so.
    private var publishedChannels: [ObjectIdentifier: PresentedFrameChannel] = [:]

    func track(_ entry: AnimationEntry, on layer: CALayer) {
        let channel = layer.rootLayer.hostConnection?.host?.presentedFrames
        tracked.append(Tracked(layer: layer, entry: entry, frameChannel: channel))
    }

    /// Works out, for each host channel, the earliest media time at which a
    /// frame it presents can deliver an event (a frame-driven animation's
    /// start or end) and publishes it there; +infinity where none can (main
    /// thread only). Runs after every delivery and at every commit, before
    /// the commit is sent, so a timing change the commit carries is seen.
    func publishFrameEventTimes() {
        guard isOnMainThread else { return }
        var earliest: [ObjectIdentifier: (channel: PresentedFrameChannel, time: CFTimeInterval)] = [:]
        for item in tracked where !item.entry.didDeliverStop {
            guard let channel = item.frameChannel else { continue }
            let key = ObjectIdentifier(channel)
            let soonest = earliest[key]?.time ?? .infinity
            earliest[key] = (channel, min(soonest, Self.frameEventTime(of: item)))
        }
        for (key, channel) in publishedChannels where earliest[key] == nil {
            channel.publishEarliestEvent(at: .infinity)
        }
        for (_, entry) in earliest { entry.channel.publishEarliestEvent(at: entry.time) }
        publishedChannels = earliest.mapValues(\.channel)
    }

    /// The earliest media time a presented frame can deliver `item`'s next
    /// event at: -infinity for every frame, +infinity for none.
    private static func frameEventTime(of item: Tracked) -> CFTimeInterval {
        let entry = item.entry, timing = entry.snapshot.timing  // made at commit
        // A started animation (or one whose start tells nobody) that
        // repeats forever only stops when removed, and removal is
        // delivered without frames.
        if !entry.waitsForStart, entry.neverFinishes { return .infinity }
        guard let layer = item.layer, timing.speed >= 0 else { return -.infinity }
        let localTime = entry.waitsForStart ? timing.beginTime : timing.endTime()
        let media = layer.mediaTime(fromLocalTime: localTime)
        // A paused or odd time hierarchy: report every frame.
        guard media.isFinite else { return -.infinity }
        // A little early rather than late: the conversions round.
        return media - 1e-6
    }

    /// An animation left its layer before finishing.
    func ended(_ entry: AnimationEntry, finished: Bool) {
        entry.endCompletionGroups()
        guard entry.isCommitted, !entry.didDeliverStop else { return }
        pendingStops.append(entry)
        scheduleDelivery()
    }

    /// Delivers every event due at media time `now`, in order: removals,
    /// starts, then natural ends. Frame-driven animations are left for their
    /// host's frames unless `includingFrameDriven`, or unless their host's
    /// channel is `presentedBy` (the frame for `now` was presented there).
    func deliverDueEvents(at now: CFTimeInterval = MediaClock.now(), includingFrameDriven: Bool = true,
                          presentedBy channel: PresentedFrameChannel? = nil) {
        let stops = pendingStops
        pendingStops.removeAll()
        for entry in stops where !entry.didDeliverStop {
            entry.didDeliverStop = true
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
        }
        var stillRunning: [Tracked] = []
        for item in tracked {
            if let itemChannel = item.frameChannel, !includingFrameDriven, itemChannel !== channel {
                stillRunning.append(item)
                continue
            }
            // A started animation that can never finish (repeating forever)
            // has nothing to deliver until it is removed, and removal marks
            // its stop delivered above: skip the timing work. This runs for
            // every presented frame (1000 layers pulsing forever cost the
            // main thread 27 ms a frame here).
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
        publishFrameEventTimes()
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
            let layerTime = item.entry.waitsForStart ? timing.beginTime : timing.endTime()
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

    /// A host presented a frame: delivers what it shows started or ended,
    /// on the trees that host shows (and what other hosts' timers have due).
    /// Called on the main thread.
    func framePresented(_ frame: PresentedFrame) {
        deliverDueEvents(at: frame.frameTime, includingFrameDriven: false, presentedBy: frame.channel)
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
