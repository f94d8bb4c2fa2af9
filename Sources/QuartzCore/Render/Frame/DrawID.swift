/// Which drawing of a layer a draw node is: the layer itself, or one of the
/// copies a `CAReplicatorLayer` draws of it. The compositor keeps each
/// drawing's record, content and glow under it from frame to frame.
struct DrawID: Hashable, Sendable, CustomStringConvertible {
    /// The layer drawn (`CALayer.layerID`).
    let layer: UInt64
    /// 0 for the layer as itself; for a replicator's copy, its path through
    /// every replicator above it (`ReplicatorCopies.path(_:copy:)`).
    let copy: UInt64

    init(layer: UInt64, copy: UInt64 = 0) {
        self.layer = layer
        self.copy = copy
    }

    var description: String { copy == 0 ? "\(layer)" : "\(layer) copy \(copy)" }

    /// Both fields folded into one word, which is what is hashed: the
    /// compositor looks up every drawing's record, content and glow each
    /// frame, and the standard library hashes a single `UInt64` in one shot
    /// where a struct's fields go through a `Hasher` one at a time.
    private var hashWord: UInt64 { layer ^ (copy &* 0x9E37_79B9_7F4A_7C15) }

    func hash(into hasher: inout Hasher) { hasher.combine(hashWord) }

    func _rawHashValue(seed: Int) -> Int { hashWord._rawHashValue(seed: seed) }
}
