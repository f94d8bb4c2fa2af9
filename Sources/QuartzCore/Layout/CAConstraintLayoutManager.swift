/// A layout manager that places sublayers by their `constraints`: Apple's
/// `CAConstraintLayoutManager`.
///
/// Assign it to the `layoutManager` of the layer whose sublayers carry
/// constraints. Each constraint relates one attribute of the sublayer to an
/// attribute of a sibling (found by its `name`) or of `"superlayer"` (the
/// superlayer's `bounds`, in its own coordinate space):
/// `attribute = source.sourceAttribute * scale + offset`.
///
/// Per axis (minX, midX, maxX, width / minY, midY, maxY, height) at most two
/// relations are used and they decide the frame on that axis: two edges set
/// the size, an edge and a size set the other edge; a single edge or middle
/// uses the layer's `preferredFrameSize()` as the size; a size alone keeps
/// the layer's `position`. An axis without constraints is left alone.
/// Further relations on an axis, constraints naming no sibling and cycles are
/// reported through `CADiagnostics`; a cycle (undefined behaviour on Apple)
/// is broken by laying out its first layer with the frames it has.
///
/// Sublayers are laid out after the siblings they read, whatever their order
/// in `sublayers`. The manager keeps no per-layer state, so one instance can
/// serve any number of layers; this class is not meant to be subclassed.
public final class CAConstraintLayoutManager: NSObject, CALayoutManager, Sendable {
    private static let shared = CAConstraintLayoutManager()

    /// A constraint layout manager. (Apple's Swift spelling of `+layoutManager`.)
    public override init() {
        super.init()
    }

    /// The shared constraint layout manager, as Objective-C's `+layoutManager`
    /// returns it.
    public static func layoutManager() -> CAConstraintLayoutManager { shared }

    /// Sets the frame of every constrained sublayer of `layer`. Frames that
    /// do not change are not set again, so no needless action runs.
    public func layoutSublayers(of layer: CALayer) {
        var solver = ConstraintLayoutSolver(superlayer: layer)
        solver.solve()
        for (sublayer, frame) in zip(layer.sublayers ?? [], solver.frames) where sublayer.frame != frame {
            sublayer.frame = frame
        }
    }

    /// The size that holds `layer`'s sublayers as constraint layout would
    /// place them at `layer`'s current bounds: the extent from the bounds'
    /// origin to the far edges of the union of the laid-out sublayer frames
    /// (so a leading margin counts, a trailing one does not). Apple documents
    /// only that it computes the size the constrained sublayers need; this is
    /// Lamina's reading. A layer without sublayers prefers its bounds' size.
    public func preferredSize(of layer: CALayer) -> CGSize {
        guard let sublayers = layer.sublayers, !sublayers.isEmpty else { return layer.bounds.size }
        var solver = ConstraintLayoutSolver(superlayer: layer)
        solver.solve()
        let origin = layer.bounds.origin
        let extent = solver.frames.reduce(CGRect(origin: origin, size: .zero)) { $0.union($1) }
        return CGSize(width: extent.maxX - origin.x, height: extent.maxY - origin.y)
    }

    /// Nothing to drop: the manager computes every layout afresh from the
    /// layers' names and constraints, which may change without notice.
    public func invalidateLayout(of layer: CALayer) {}
}
