@testable import QuartzCore

/// Where a layer's bounds land in the target: its four corners through the
/// layer's full matrix, each divided by its w. Worked out here from the
/// layers' properties, with none of the renderer's geometry, so that the
/// perspective tests check the renderer against an independent answer.
struct ProjectedQuad {
    /// The corners in target pixels, in order around the bounds (top left,
    /// top right, bottom right, bottom left in layer space).
    let corners: [CGPoint]
    /// Layer space to target.
    let matrix: CATransform3D
    /// Each edge's line as (a, b, c): a·x + b·y + c is how far (x, y) lies
    /// inside it, negative outside. Worked out once: the sweep asks for
    /// every row of a thousand frames.
    private let lines: [(a: CGFloat, b: CGFloat, c: CGFloat)]

    /// `bounds` (layer space) through `matrix` (layer space to target).
    init(_ bounds: CGRect, through matrix: CATransform3D) {
        self.matrix = matrix
        let m = matrix
        corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                   CGPoint(x: bounds.maxX, y: bounds.maxY), CGPoint(x: bounds.minX, y: bounds.maxY)].map { p in
            let w = p.x * m.m14 + p.y * m.m24 + m.m44
            return CGPoint(x: (p.x * m.m11 + p.y * m.m21 + m.m41) / w, y: (p.x * m.m12 + p.y * m.m22 + m.m42) / w)
        }
        lines = Self.lines(around: corners)
    }

    /// The edges' lines, facing in whichever way the corners wind.
    private static func lines(around corners: [CGPoint]) -> [(a: CGFloat, b: CGFloat, c: CGFloat)] {
        let edges = Array(zip(corners, corners.dropFirst() + [corners[0]]))
        var area: CGFloat = 0
        for (p, q) in edges { area += p.x * q.y - q.x * p.y }
        let sign: CGFloat = area >= 0 ? 1 : -1
        return edges.compactMap { p, q in
            let length = hypot(q.x - p.x, q.y - p.y)
            guard length > 0 else { return nil }
            // The cross product of the edge with (x, y) - p, over the length.
            let a = -sign * (q.y - p.y) / length, b = sign * (q.x - p.x) / length
            return (a, b, -(a * p.x + b * p.y))
        }
    }

    /// `layer`'s bounds as drawn in the target of the tree whose root is
    /// `root` (which must sit at the target's origin, untransformed).
    init(of layer: CALayer, in root: CALayer) {
        self.init(layer.bounds, through: Self.matrix(from: layer, to: root))
    }

    /// Layer space to `root`'s space, level by level as Core Animation
    /// places layers: the anchor point to the origin, the transform, then
    /// to the position; the superlayer's sublayer transform about its
    /// anchor point; and each superlayer flattens what it gets into its
    /// plane (z dropped), as a layer that is not a transform layer does.
    static func matrix(from layer: CALayer, to root: CALayer) -> CATransform3D {
        var matrix = CATransform3DIdentity
        var current = layer
        while current !== root, let superlayer = current.superlayer {
            let anchor = anchorPoint(of: current)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(-anchor.x, -anchor.y, -current.anchorPointZ))
            matrix = CATransform3DConcat(matrix, current.transform)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(current.position.x, current.position.y,
                                                                              current.zPosition))
            let superAnchor = anchorPoint(of: superlayer)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(-superAnchor.x, -superAnchor.y, 0))
            matrix = CATransform3DConcat(matrix, superlayer.sublayerTransform)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(superAnchor.x, superAnchor.y, 0))
            // Flattened into the superlayer's plane: z out is dropped.
            (matrix.m13, matrix.m23, matrix.m33, matrix.m43) = (0, 0, 0, 0)
            current = superlayer
        }
        return matrix
    }

    private static func anchorPoint(of layer: CALayer) -> CGPoint {
        let bounds = layer.bounds
        return CGPoint(x: bounds.minX + layer.anchorPoint.x * bounds.width,
                       y: bounds.minY + layer.anchorPoint.y * bounds.height)
    }

    /// The layer-space point that lands on `point` (target pixels): the
    /// two linear equations x·w = X and y·w = Y solved for the layer's x, y.
    func layerPoint(at point: CGPoint) -> CGPoint {
        let m = matrix
        let a = m.m11 - m.m14 * point.x, b = m.m21 - m.m24 * point.x, e = m.m44 * point.x - m.m41
        let c = m.m12 - m.m14 * point.y, d = m.m22 - m.m24 * point.y, f = m.m44 * point.y - m.m42
        let determinant = a * d - b * c
        return CGPoint(x: (e * d - b * f) / determinant, y: (a * f - e * c) / determinant)
    }

    /// The box of the part of the quad inside a `width` x `height` target
    /// (the quad cut to it edge by edge, Sutherland-Hodgman); null when
    /// none of it is inside.
    func box(within width: Int, _ height: Int) -> CGRect {
        var polygon = corners
        // Each side of the target as a test (inside) and a crossing point.
        let sides: [(inside: (CGPoint) -> Bool, cross: (CGPoint, CGPoint) -> CGPoint)] = [
            ({ $0.x >= 0 }, { a, b in Self.crossing(a, b, at: (0 - a.x) / (b.x - a.x)) }),
            ({ $0.x <= CGFloat(width) }, { a, b in Self.crossing(a, b, at: (CGFloat(width) - a.x) / (b.x - a.x)) }),
            ({ $0.y >= 0 }, { a, b in Self.crossing(a, b, at: (0 - a.y) / (b.y - a.y)) }),
            ({ $0.y <= CGFloat(height) }, { a, b in Self.crossing(a, b, at: (CGFloat(height) - a.y) / (b.y - a.y)) }),
        ]
        for side in sides {
            var kept: [CGPoint] = []
            for (a, b) in zip(polygon, polygon.dropFirst() + polygon.prefix(1)) {
                if side.inside(a) { kept.append(a) }
                if side.inside(a) != side.inside(b) { kept.append(side.cross(a, b)) }
            }
            polygon = kept
        }
        guard !polygon.isEmpty else { return .null }
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private static func crossing(_ a: CGPoint, _ b: CGPoint, at t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// How far `point` lies inside the quad: its distance to the nearest
    /// edge, negative outside. The quad is convex (a rectangle in front of
    /// the eye), wound either way.
    func depthInside(_ point: CGPoint) -> CGFloat {
        lines.reduce(CGFloat.infinity) { min($0, $1.a * point.x + $1.b * point.y + $1.c) }
    }

    /// The x at which a horizontal line at height `y` runs at least
    /// `inset` inside the quad; nil when it does not.
    func run(atHeight y: CGFloat, inset: CGFloat) -> ClosedRange<CGFloat>? {
        var low = -CGFloat.infinity, high = CGFloat.infinity
        for line in lines {
            // Inside this edge by a·x + (b·y + c).
            let rest = line.b * y + line.c
            if line.a > 0 {
                low = max(low, (inset - rest) / line.a)
            } else if line.a < 0 {
                high = min(high, (inset - rest) / line.a)
            } else if rest < inset {
                return nil
            }
        }
        return low <= high ? low...high : nil
    }
}
