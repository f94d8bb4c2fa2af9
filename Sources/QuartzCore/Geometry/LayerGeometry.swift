/// The geometry of a layer as pure functions of its values, shared by the
/// model (`CALayer+Geometry.swift`) and the render server.
enum LayerGeometry {
    /// Maps a layer's bounds space into its superlayer's bounds space, before
    /// the superlayer's own sublayer transform: move the anchor point to the
    /// origin, apply `transform`, move to `position` (and `zPosition`).
    static func toSuperlayer(bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat,
                             transform: CATransform3D, position: CGPoint, zPosition: CGFloat) -> CATransform3D {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width,
                             y: bounds.minY + anchorPoint.y * bounds.height)
        var matrix = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        if !CATransform3DIsIdentity(transform) { matrix = CATransform3DConcat(matrix, transform) }
        return CATransform3DConcat(matrix, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// What a layer applies to its sublayers: the vertical flip of
    /// `isGeometryFlipped`, then `sublayerTransform` about the anchor point.
    static func sublayerSpace(bounds: CGRect, anchorPoint: CGPoint, isGeometryFlipped: Bool,
                              sublayerTransform: CATransform3D) -> CATransform3D {
        var matrix = CATransform3DIdentity
        if isGeometryFlipped {
            matrix = CATransform3DConcat(CATransform3DMakeScale(1, -1, 1),
                                         CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
        }
        if !CATransform3DIsIdentity(sublayerTransform) {
            let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width,
                                 y: bounds.minY + anchorPoint.y * bounds.height)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0))
            matrix = CATransform3DConcat(matrix, sublayerTransform)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
        }
        return matrix
    }
}

extension LayerState {
    var toSuperlayer: CATransform3D {
        LayerGeometry.toSuperlayer(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                   transform: transform, position: position, zPosition: zPosition)
    }

    var sublayerSpace: CATransform3D {
        LayerGeometry.sublayerSpace(bounds: bounds, anchorPoint: anchorPoint, isGeometryFlipped: isGeometryFlipped,
                                    sublayerTransform: sublayerTransform)
    }
}
