import Synchronization

/// An animation attached to a layer: the layer's own copy, its key, and
/// what the lifecycle has delivered for it.
final class AnimationEntry {
    let key: String
    let isAnonymous: Bool
    let animation: CAAnimation
    /// Set at the commit that sent it to the render server; before that it
    /// has no begin time and shows nothing.
    private(set) var isCommitted = false
    var didDeliverStart = false
    var didDeliverStop = false
    /// Whether the next event to wait for is the start: not yet delivered,
    /// and a delegate to hear it. Without one the start tells nobody
    /// anything (the end does: removal on completion, completion blocks),
    /// so no frame or timer wakes the main thread for it (the kiosk's
    /// implicit moves woke it at each start); it is marked delivered with
    /// the end. Asked each time, so a delegate set after the commit (an
    /// error on Apple, where added animations are immutable) still hears it.
    var waitsForStart: Bool { !didDeliverStart && animation.delegate != nil }
    /// The completion blocks waiting for this animation.
    var completionGroups: [CompletionGroup] = []

    /// Unique among all entries: how the render server tells animations apart.
    let id: UInt64 = AnimationEntry.nextID.add(1, ordering: .relaxed).newValue
    private static let nextID = Atomic<UInt64>(0)

    init(key: String, isAnonymous: Bool, animation: CAAnimation) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.animation = animation
    }

    var timing: MediaTiming { MediaTiming(animation) }

    /// True when, committed, it runs forward and forever (an infinite repeat
    /// count or duration): `AnimationLifecycle.hasFinished` can never be true.
    var neverFinishes: Bool {
        isCommitted && snapshot.timing.speed >= 0 && !snapshot.timing.endTime().isFinite
    }

    /// The animation as the evaluator takes it; made once, at commit, since
    /// the layer's copy never changes after that (except its begin time,
    /// stamped before).
    private(set) var snapshot: AnimationSnapshot = AnimationSnapshot(
        kind: .inert, keyPath: nil, timing: MediaTiming(), timingFunction: nil,
        isAdditive: false, isCumulative: false, valueFunction: nil)

    /// Stamps a zero `beginTime` with the layer's time at `mediaTime`, as
    /// Apple does at commit.
    func commit(on layer: CALayer, mediaTime: CFTimeInterval) {
        guard !isCommitted else { return }
        if animation.beginTime == 0 { animation.beginTime = layer.localTime(fromMediaTime: mediaTime) }
        snapshot = animation.snapshot(reportingOn: layer)
        snapshot.id = id
        isCommitted = true
    }

    /// The animation ended (finished or removed): release its completion groups.
    func endCompletionGroups() {
        let groups = completionGroups
        completionGroups.removeAll()
        for group in groups { group.animationEnded() }
    }
}
