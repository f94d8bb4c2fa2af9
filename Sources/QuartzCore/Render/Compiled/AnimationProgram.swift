import CMemoryHints

/// A render tree node's animations as the render server evaluates them:
/// each one compiled (`CompiledAnimation`) where it can be, the rest left to
/// the general evaluator, in the order added (later animations see what
/// earlier ones wrote, as additive ones must). Built once per commit that
/// changes the node's animations. Not `Sendable`: its compiled animations'
/// timing curves remember their last answers, on the thread that renders.
struct AnimationProgram {
    /// One entry per animation, nil where the general evaluator applies it.
    let compiled: [CompiledAnimation?]
    /// The fields the animations write, when all of them are compiled; nil
    /// when any is left to the general evaluator (which may write any
    /// field). `PresentationBuffer` restores just these between frames.
    let targets: [CompiledTarget]?
    /// Each animation's running interval in its layer's time, `[begin,
    /// end)` as `MediaTiming.isRunning(atLayerTime:)` tests it, worked out
    /// once instead of for every animation on every frame.
    private let runningIntervals: [(begin: Double, end: Double)]
    /// Each animation's preferred frame rate, +infinity for the display's
    /// own; nil when every animation wants the display's (almost always).
    private let frameRates: [Float]?
    /// Whether no animation changes what the layer's content bitmap is
    /// drawn from (`AnimationSnapshot.leavesContentAlone`): its content is
    /// then the committed state's until the next commit (`LayerContentCache`).
    let leavesContentAlone: Bool

    /// `animations` compiled, their timing curves shared through `curves`
    /// (the render tree's table) when given.
    init(_ animations: [AnimationSnapshot], curves: TimingCurveTable? = nil) {
        compiled = animations.map { CompiledAnimation($0, curves: curves) }
        runningIntervals = animations.map { ($0.timing.effectiveBeginTime, $0.timing.endTime()) }
        frameRates = animations.contains { $0.preferredFrameRate != nil }
            ? animations.map { $0.preferredFrameRate ?? .infinity } : nil
        leavesContentAlone = animations.allSatisfy(\.leavesContentAlone)
        var targets: [CompiledTarget] = []
        for animation in compiled {
            guard let animation else {
                self.targets = nil
                return
            }
            targets.append(animation.target)
        }
        self.targets = targets
    }

    /// Starts loading every compiled animation at once, so that their
    /// misses overlap instead of each waiting for the one before
    /// (`RenderTree.Node`'s evaluation). Static over an `inout` program, so
    /// that nothing is copied (a copy retains its three arrays).
    @inline(__always)
    static func prefetchAnimations(of program: inout AnimationProgram) {
        // Each element read as the address it holds (an optional class
        // reference is one, null for nil): binding the reference would
        // retain and release the object, writing to the line being fetched.
        program.compiled.withUnsafeBytes { elements in
            for offset in stride(from: 0, to: elements.count, by: MemoryLayout<CompiledAnimation?>.stride) {
                guard let base = elements.load(fromByteOffset: offset, as: UnsafeRawPointer?.self) else { continue }
                for line in 0..<CompiledAnimation.lines { lamina_prefetch(base + 64 * line) }
            }
        }
    }

    /// Starts loading the list of compiled animations (the line holding
    /// its first references, which for a node's few animations is all of
    /// them), which `prefetchAnimations` reads.
    @inline(__always)
    static func prefetchList(of program: inout AnimationProgram) {
        program.compiled.withUnsafeBytes { elements in
            if let base = elements.baseAddress { lamina_prefetch(base) }
        }
    }

    /// How many of the animations run at `layerTime` (begun and not yet
    /// finished): those for which `MediaTiming.isRunning(atLayerTime:)` is true.
    func runningCount(atLayerTime layerTime: CFTimeInterval) -> Int {
        var count = 0
        for interval in runningIntervals where layerTime >= interval.begin && layerTime < interval.end {
            count += 1
        }
        return count
    }

    /// The animations running at `layerTime` and the highest frame rate
    /// any of them asks for (+infinity: the display's own; 0 when none runs).
    func running(atLayerTime layerTime: CFTimeInterval) -> (count: Int, frameRate: Float) {
        guard let frameRates else {
            let count = runningCount(atLayerTime: layerTime)
            return (count, count > 0 ? .infinity : 0)
        }
        var count = 0
        var rate: Float = 0
        for index in runningIntervals.indices
        where layerTime >= runningIntervals[index].begin && layerTime < runningIntervals[index].end {
            count += 1
            rate = max(rate, frameRates[index])
        }
        return (count, rate)
    }

    /// Applies `animations` (the ones this program was built from) to
    /// `state` at its layer's local time `layerTime`, as
    /// `AnimationEvaluator.apply(_:to:layerTime:)` does.
    func apply(_ animations: [AnimationSnapshot], to state: inout LayerState, layerTime: CFTimeInterval) {
        guard compiled.count == animations.count else {
            // Not built from these animations; the general path is always right.
            return AnimationEvaluator.apply(animations, to: &state, layerTime: layerTime)
        }
        for index in compiled.indices {
            if compiled[index] != nil {
                // Unretained: `compiled` (held by the caller for the whole
                // call) keeps it alive, and retaining and releasing each
                // animation cost a tenth of its evaluation.
                Unmanaged.passUnretained(compiled[index].unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                    $0.apply(to: &state, layerTime: layerTime)
                }
            } else {
                AnimationEvaluator.apply(animations[index], to: &state, parentTime: layerTime, fillsForwards: false)
            }
        }
    }
}
