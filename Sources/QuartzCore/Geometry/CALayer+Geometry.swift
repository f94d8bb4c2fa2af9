/// Geometry: the frame, the layer-to-superlayer transform, conversions and
/// hit testing. Coordinates are top-left origin with y growing downward, as
/// on iOS; `isGeometryFlipped` flips a layer's sublayer space.
extension CALayer {
    /// Maps the layer's bounds space into its superlayer's bounds space,
    /// including the superlayer's flip and `sublayerTransform`.
    func transformToSuperlayer() -> CATransform3D {
        let matrix = LayerGeometry.toSuperlayer(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                                transform: transform, position: position, zPosition: zPosition)
        guard let parent = superlayer else { return matrix }
        return CATransform3DConcat(matrix, LayerGeometry.sublayerSpace(
            bounds: parent.bounds, anchorPoint: parent.anchorPoint, isGeometryFlipped: parent.isGeometryFlipped,
            sublayerTransform: parent.sublayerTransform))
    }

    /// The map from this layer's plane to the plane its root layer sits in
    /// (the window's), flattening at every level as layers do, except inside
    /// transform layers, whose sublayers keep their 3D positions.
    func homographyToRootSpace() -> Homography {
        var result = Homography.identity
        // The 3D map not yet flattened: it grows while the superlayers keep depth.
        var pending = transformToSuperlayer()
        var layer = self
        while let parent = layer.superlayer {
            if parent.preserves3D {
                pending = CATransform3DConcat(pending, parent.transformToSuperlayer())
            } else {
                result = result.concatenating(Homography(pending))
                pending = parent.transformToSuperlayer()
            }
            layer = parent
        }
        return result.concatenating(Homography(pending))
    }

    /// The frame: the bounding box of the bounds mapped into the superlayer,
    /// ignoring the superlayer's `sublayerTransform` and flip, as Apple does.
    var computedFrame: CGRect {
        let matrix = LayerGeometry.toSuperlayer(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                                transform: transform, position: position, zPosition: zPosition)
        return Homography(matrix).apply(bounds)
    }

    /// Sets `bounds.size` and `position` so that the frame (with an identity
    /// transform) is `frame`. Apple leaves the result undefined for other
    /// transforms; Lamina applies the same rule.
    func setFrame(_ frame: CGRect) {
        guard LayerProperty.isFinite(frame) else {
            return CADiagnostics.report(layer: self, keyPath: "frame", "non-finite geometry \(frame); ignored")
        }
        let frame = frame.standardized
        var bounds = self.bounds
        bounds.size = frame.size
        let anchor = anchorPoint
        position = CGPoint(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
        self.bounds = bounds
    }

    /// The layer's transform as an affine transform (its affine part).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Whether the layer's contents are drawn flipped in relation to its own
    /// coordinate space: Apple's `contentsAreFlipped()`, true when an odd
    /// number of layers from this one up to the root have
    /// `isGeometryFlipped` set.
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let current = layer {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer
        }
        return flipped
    }

    /// Sets the layer's transform from an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Converts `p` from `l`'s coordinate space (the root's superlayer space
    /// when `l` is nil) to this layer's.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        Self.conversion(from: l, to: self)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `p` from this layer's coordinate space to `l`'s.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        Self.conversion(from: self, to: l)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `r` from `l`'s coordinate space to this layer's (a bounding box).
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        Self.conversion(from: l, to: self)?.apply(r) ?? .null
    }

    /// Converts `r` from this layer's coordinate space to `l`'s (a bounding box).
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        Self.conversion(from: self, to: l)?.apply(r) ?? .null
    }

    /// The map from `source`'s space to `target`'s through their common root
    /// space; nil when a layer on the way is seen edge-on.
    static func conversion(from source: CALayer?, to target: CALayer?) -> Homography? {
        let up = source?.homographyToRootSpace() ?? .identity
        guard let target else { return up }
        guard let down = target.homographyToRootSpace().inverted() else { return nil }
        return up.concatenating(down)
    }

    func hitTestLayer(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        if preserves3D { return hitTest3D(p) }
        let toSuperlayer = Homography(transformToSuperlayer())
        guard let fromSuperlayer = toSuperlayer.inverted() else { return nil }
        let local = fromSuperlayer.apply(p)
        guard local.x.isFinite, local.y.isFinite else { return nil }
        return hitTest(local: local)
    }

    /// The hit test once `local` is in the layer's own space.
    func hitTest(local: CGPoint) -> CALayer? {
        if masksToBounds, !contains(local) { return nil }
        // Front to back: higher zPosition first, then later sublayers.
        let ordered = (sublayers ?? []).enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition
                ? $0.element.zPosition > $1.element.zPosition : $0.offset > $1.offset
        }
        for (_, sublayer) in ordered {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }
}
