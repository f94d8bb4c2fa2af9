/// The copies a layer draws of its sublayers: one for a layer, and for a
/// `CAReplicatorLayer` `instanceCount` of them, each with one more instance
/// transform, instance delay and colour offset than the copy before.
///
/// Apple applies the instance transform "relative to the center of this
/// layer": about the middle of the replicator's bounds. A copy's time is
/// the replicator's local time less its delays, and its tint the
/// replicator's colour with its offsets, times any tint the replicator
/// itself is drawn with (a replicator inside another one's copy).
///
/// Each element is what the sublayers of one copy inherit.
struct ReplicatorCopies: Sequence, IteratorProtocol {
    /// A layer that is not a replicator: no copies to iterate.
    static let none = ReplicatorCopies()

    private let sublayers: DrawListBuilder.Sublayers?
    private let replicator: ReplicatorState?
    /// The instance transform about the replicator's centre.
    private let instanceStep: CATransform3D?
    private let localTime: CFTimeInterval
    /// The replicator's layer id, which tells its copies from another
    /// replicator's in a copy's path.
    private let layer: UInt64
    private let count: Int
    private var index = 0
    private var matrix: CATransform3D
    private var context: CATransform3D

    /// The copies `state`'s layer draws of the sublayers it hands `sublayers`,
    /// at its local time `localTime`. (`state` borrowed: an initializer's
    /// parameters are otherwise copies, a `LayerState` copied for every
    /// layer every frame.)
    init(of state: borrowing LayerState, layer: UInt64, for sublayers: DrawListBuilder.Sublayers,
         localTime: CFTimeInterval) {
        self.sublayers = sublayers
        self.layer = layer
        replicator = state.replicator
        instanceStep = state.replicator.map { replicator in
            let center = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
            return CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-center.x, -center.y, 0), replicator.transform),
                CATransform3DMakeTranslation(center.x, center.y, 0))
        }
        self.localTime = localTime
        count = state.replicator?.count ?? 1
        matrix = sublayers.matrix
        context = sublayers.context
    }

    /// An empty sequence.
    private init() {
        sublayers = nil
        replicator = nil
        instanceStep = nil
        localTime = 0
        layer = 0
        count = 0
        matrix = CATransform3DIdentity
        context = CATransform3DIdentity
    }

    mutating func next() -> DrawListBuilder.Inherited? {
        guard index < count, let sublayers else { return nil }
        let tint = replicator.map { sublayers.tint.times($0.tint(ofInstance: index)) } ?? sublayers.tint
        let time = localTime - Double(index) * (replicator?.delay ?? 0)
        let copy = sublayers.inherited(time: time, matrix: matrix, context: context,
                                       copy: Self.path(sublayers.copy, replicator: layer, copy: index), tint: tint)
        if let instanceStep {
            matrix = CATransform3DConcat(instanceStep, matrix)
            context = CATransform3DConcat(instanceStep, context)
        }
        index += 1
        return copy
    }

    /// The `DrawID.copy` of copy `copy` of replicator layer `replicator`,
    /// drawn inside the copy `parent` (0 outside any). The first copy is the
    /// sublayers themselves, so it keeps the parent's; every other one gets
    /// a hash of the whole path of (replicator, copy number) pairs that
    /// are not first copies, never 0, so that each drawing of a layer is told
    /// apart frame to frame: the second copy of an outer replicator
    /// (around an inner one's first) and the inner one's second copy (in the
    /// outer one's first) differ by the replicator. SplitMix64's finalizer
    /// mixes the bits: two paths collide with odds of about 2^-64.
    static func path(_ parent: UInt64, replicator: UInt64, copy: Int) -> UInt64 {
        guard copy != 0 else { return parent }
        var z = (parent &* 0x9E37_79B9_7F4A_7C15 ^ replicator) &* 0xD6E8_FEB8_6659_FD93 &+ UInt64(copy)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z == 0 ? 1 : z
    }
}
