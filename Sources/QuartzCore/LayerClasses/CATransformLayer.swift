/// A layer whose sublayers keep their 3D positions: Apple's
/// `CATransformLayer`, "used to create true 3D layer hierarchies, rather than
/// the flattened hierarchy rendering model used by other layer types".
///
/// As on Apple platforms:
/// - only its sublayers are rendered; what a layer draws itself
///   (`backgroundColor`, `contents`, border, `cornerRadius`) is ignored;
/// - what assumes 2D image processing is ignored too: `filters`,
///   `backgroundFilters`, `compositingFilter`, `mask`, `masksToBounds`,
///   shadows, `shouldRasterize`;
/// - `opacity` is applied to each sublayer separately (no compositing group);
/// - its sublayers, and the sublayers of transform layers nested in it, are
///   depth-sorted together in 3D by the compositor instead of being
///   flattened into its plane. Each of them (a normal layer) still flattens
///   its own sublayers into its plane. Perspective comes from an ancestor's
///   `sublayerTransform.m34`.
/// - `hitTest(_:)` never returns the transform layer itself: it tests its
///   sublayers front to back in 3D (see `CALayer+TransformHitTest.swift`).
open class CATransformLayer: CALayer {}

extension CALayer {
    /// True for layers whose sublayers live in a shared 3D space instead of
    /// being flattened into the layer's plane: transform layers, and
    /// replicators with `preservesDepth`.
    var preserves3D: Bool {
        self is CATransformLayer || (self as? CAReplicatorLayer)?.preservesDepth == true
    }
}
