/// Where a layer sits in its 3D rendering context (the space of the nearest
/// flattening ancestor's sublayers, perspective included), for ordering and
/// splitting the layers of a transform layer (`DepthSort`, `DepthSplit`).
struct DepthPlacement {
    /// How near the viewer the centre of the layer's bounds is (larger is nearer).
    let depth: CGFloat
    /// The bounds' corners, for ordering overlapping planes; nil when a
    /// corner is behind the viewer.
    let quad: DepthSort.Quad?
    /// Layer space to the context's plane coordinates (x/w, y/w), for
    /// splitting intersecting layers.
    let homography: Homography

    /// The placement of a layer of `bounds` mapped into its context by `toContext`.
    init(bounds: CGRect, toContext: CATransform3D) {
        depth = DepthSort.depth(of: bounds, through: toContext)
        quad = DepthSort.Quad(bounds, through: toContext)
        homography = Homography(toContext)
    }
}
