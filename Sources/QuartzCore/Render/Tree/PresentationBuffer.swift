/// A render tree node's presented state (its committed state with its
/// animations applied), kept by the node between frames so that a frame
/// neither copies a whole `LayerState` out of the node nor destroys one
/// afterwards.
///
/// Between frames the buffer differs from the committed state only in the
/// fields its compiled animations write. So when every animation of the
/// node is compiled, a frame restores just those fields from the committed
/// state before applying the animations again, which gives exactly what
/// applying them to a fresh copy gives. When any animation is left to the
/// general evaluator (which may write any field), or when the committed
/// state or the animations changed, the whole state is copied first.
///
/// The buffer also remembers the layer time it was evaluated at, so that a
/// frame's later phases read what its evaluation phase (`FrameEvaluation`)
/// worked out without evaluating again; a replicator's copies, which show
/// the same layer at other times, evaluate it again at theirs.
struct PresentationBuffer {
    /// Whether `state` equals the committed state outside the fields the
    /// program's compiled animations write. (Before `state`: read first,
    /// it then shares a cache line with what the frame reads next.)
    private var differsOnlyInTargets = false
    /// The layer time `state` was evaluated at; NaN when it holds none.
    private var evaluatedAt = CFTimeInterval.nan
    /// The state last evaluated.
    private(set) var state: LayerState

    /// A buffer for a node whose committed state is `committed`.
    init(_ committed: LayerState) {
        state = committed
    }

    /// Forgets what the buffer holds: the next evaluation starts from a
    /// whole copy. Called whenever the committed state or the animations change.
    mutating func invalidate() {
        differsOnlyInTargets = false
        evaluatedAt = .nan
    }

    /// Whether `state` is the evaluation at layer time `layerTime` (never
    /// for NaN, nor after `invalidate()`).
    func holdsEvaluation(at layerTime: CFTimeInterval) -> Bool {
        evaluatedAt == layerTime
    }

    /// Evaluates `animations` (compiled as `program`) over `committed` at
    /// the layer's local time `layerTime` into `state`. `program`,
    /// `animations` and `committed` are only read; they are `inout` so that
    /// the node's own are passed without being copied (retaining their arrays).
    mutating func evaluate(_ program: inout AnimationProgram, _ animations: inout [AnimationSnapshot],
                           over committed: inout LayerState, at layerTime: CFTimeInterval) {
        if differsOnlyInTargets, let targets = program.targets {
            for target in targets { target.restore(in: &state, from: &committed) }
        } else {
            state = committed
            differsOnlyInTargets = program.targets != nil && program.compiled.count == animations.count
        }
        program.apply(animations, to: &state, layerTime: layerTime)
        evaluatedAt = layerTime
    }
}
