/// Orders the layers of a 3D rendering context back to front.
///
/// A transform layer (or a replicator with `preservesDepth`) does not
/// flatten its sublayers: they, and the sublayers of transform layers nested
/// in it, form one 3D context. Each of them is a planar quad (its bounds
/// after its accumulated transform) and is still drawn with its own full
/// projective matrix; only the order changes. The context's space is the
/// nearest flattening ancestor's sublayer space, after that ancestor's
/// `sublayerTransform` (so after the perspective of its `m34`).
///
/// The order is a painter's sort on the depth of each quad's centre. That is
/// exact for planes that do not intersect and whose extents do not overlap
/// in depth ambiguously (the faces of a convex solid such as a cube, a row
/// of cover-flow items). Planes that intersect are not split: each is drawn
/// whole, the one whose centre is nearer on top, so the part of the farther
/// one that pokes through in front is hidden (see docs/architecture.md).
enum DepthSort {
    /// The depth of `bounds`' centre mapped by `matrix` (layer space to the
    /// context's space): z / w, which grows toward the viewer and keeps its
    /// order under the perspective divide. A centre behind the viewer (w <= 0)
    /// or a degenerate matrix sorts first (farthest).
    static func depth(of bounds: CGRect, through matrix: CATransform3D) -> CGFloat {
        let x = bounds.midX, y = bounds.midY
        let z = x * matrix.m13 + y * matrix.m23 + matrix.m43
        let w = x * matrix.m14 + y * matrix.m24 + matrix.m44
        guard w > 0, z.isFinite, w.isFinite else { return -.greatestFiniteMagnitude }
        let depth = z / w
        return depth.isFinite ? depth : -.greatestFiniteMagnitude
    }

    /// `nodes` sorted back to front by depth; equal depths keep their order
    /// (zPosition, then sublayer order, as the caller built them).
    static func backToFront(_ nodes: [DrawNode]) -> [DrawNode] {
        guard nodes.count > 1 else { return nodes }
        return nodes.enumerated().sorted { a, b in
            a.element.depth != b.element.depth ? a.element.depth < b.element.depth : a.offset < b.offset
        }.map(\.element)
    }

    /// Lifts the sublayers of nested 3D layers into one list, so they are
    /// sorted with their cousins. The nested layer stays (childless) for
    /// what it draws itself: nothing for a transform layer, its own
    /// background for a replicator.
    static func spliced(_ nodes: [DrawNode]) -> [DrawNode] {
        guard nodes.contains(where: { $0.state.preserves3D }) else { return nodes }
        var result: [DrawNode] = []
        for node in nodes {
            result.append(node)
            guard node.state.preserves3D else { continue }
            result.append(contentsOf: node.children)
            node.children = []
        }
        return result
    }
}

extension CATransform3D {
    /// The map with the input's z ignored: what a layer applies to points
    /// its sublayers have already flattened into its plane (z = 0).
    var flattened: CATransform3D {
        var matrix = self
        (matrix.m31, matrix.m32, matrix.m33, matrix.m34) = (0, 0, 0, 0)
        return matrix
    }
}
