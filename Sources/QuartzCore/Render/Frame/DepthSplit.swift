/// Splits intersecting planes of a 3D rendering context (a BSP tree), so
/// each part can be drawn in the right order.
///
/// `DepthSort` orders planes that do not intersect exactly; two that cross
/// have no right order as wholes. When a context has such a pair, its
/// layers' quads (after the perspective divide, where the view looks down
/// -z) go into a BSP tree: each quad's plane splits the quads that straddle
/// it, and the tree is walked back to front. A layer cut in pieces is drawn
/// once per piece, each time clipped to that piece's outline on screen
/// (`DrawNode.clipPolygon`); whole layers are drawn as before.
enum DepthSplit {
    /// A piece of a layer's quad: points in the context, after the divide.
    struct Piece {
        let node: Int
        var points: [SIMD3<Double>]
        var isWhole: Bool
    }

    /// `nodes` (back to front by `DepthSort`) with intersecting layers
    /// split; the same array when nothing intersects.
    static func split(_ nodes: [DrawNode]) -> [DrawNode] {
        guard nodes.count > 1, nodes.count <= DepthSort.maximumPairwise, hasIntersection(nodes) else { return nodes }
        var edgeOn: [DrawNode] = []
        var pieces: [Piece] = []
        for (index, node) in nodes.enumerated() {
            if let quad = node.depthPlacement?.quad, quad.normal != nil {
                pieces.append(Piece(node: index, points: quad.corners, isWhole: true))
            } else {
                edgeOn.append(node)  // seen edge-on or unplaceable: nothing to order by
            }
        }
        var result = edgeOn
        for piece in backToFront(pieces, nodes: nodes) {
            if piece.isWhole {
                result.append(nodes[piece.node])
            } else if let fragment = fragment(of: nodes[piece.node], piece: piece) {
                result.append(fragment)
            }
        }
        return result
    }

    /// Whether two layers that overlap on screen cross each other's planes.
    static func hasIntersection(_ nodes: [DrawNode]) -> Bool {
        let quads = nodes.compactMap(\.depthPlacement?.quad).filter { $0.normal != nil }
        for i in quads.indices {
            for j in quads.indices where j > i {
                if quads[i].overlapsOnScreen(quads[j]), straddles(quads[i].corners, quads[j]),
                   straddles(quads[j].corners, quads[i]) { return true }
            }
        }
        return false
    }

    private static func straddles(_ points: [SIMD3<Double>], _ quad: DepthSort.Quad) -> Bool {
        guard let sides = quad.sides(of: points) else { return false }
        return sides.contains { $0 > quad.tolerance } && sides.contains { $0 < -quad.tolerance }
    }

    /// The BSP walk: pieces behind the splitter's plane, then those in it
    /// (in the caller's order), then those in front.
    static func backToFront(_ pieces: [Piece], nodes: [DrawNode]) -> [Piece] {
        guard let splitter = pieces.first, let plane = nodes[splitter.node].depthPlacement?.quad else { return pieces }
        var behind: [Piece] = [], inPlane: [Piece] = [splitter], inFront: [Piece] = []
        for piece in pieces.dropFirst() {
            guard let sides = plane.sides(of: piece.points) else { inFront.append(piece); continue }
            let tolerance = plane.tolerance
            if sides.allSatisfy({ abs($0) <= tolerance }) {
                inPlane.append(piece)
            } else if sides.allSatisfy({ $0 >= -tolerance }) {
                inFront.append(piece)
            } else if sides.allSatisfy({ $0 <= tolerance }) {
                behind.append(piece)
            } else {
                let (back, front) = cut(piece, sides: sides, tolerance: tolerance)
                if let back { behind.append(back) }
                if let front { inFront.append(front) }
            }
        }
        inPlane.sort { $0.node < $1.node }
        return backToFront(behind, nodes: nodes) + inPlane + backToFront(inFront, nodes: nodes)
    }

    /// The parts of a convex piece behind and in front of a plane
    /// (Sutherland-Hodgman against both half-spaces).
    private static func cut(_ piece: Piece, sides: [Double], tolerance: Double) -> (Piece?, Piece?) {
        var back: [SIMD3<Double>] = [], front: [SIMD3<Double>] = []
        let points = piece.points
        for index in points.indices {
            let next = (index + 1) % points.count
            let (p, q, sp, sq) = (points[index], points[next], sides[index], sides[next])
            if sp <= tolerance { back.append(p) }
            if sp >= -tolerance { front.append(p) }
            if (sp < -tolerance && sq > tolerance) || (sp > tolerance && sq < -tolerance) {
                let crossing = p + (q - p) * (sp / (sp - sq))
                back.append(crossing)
                front.append(crossing)
            }
        }
        func make(_ points: [SIMD3<Double>]) -> Piece? {
            points.count >= 3 ? Piece(node: piece.node, points: points, isWhole: false) : nil
        }
        return (make(back), make(front))
    }

    /// A copy of `node` drawn only inside the piece's outline on screen.
    private static func fragment(of node: DrawNode, piece: Piece) -> DrawNode? {
        guard let toContext = node.depthPlacement?.homography, let fromContext = toContext.inverted() else { return nil }
        let outline = piece.points.map { node.homography.apply(fromContext.apply(CGPoint(x: $0.x, y: $0.y))) }
        guard outline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        return node.fragment(clippedTo: outline)
    }
}

extension DrawNode {
    /// The same layer, drawn only inside `outline` (target pixels; whole
    /// when nil). It keeps the layer's id and coverage, so damage still
    /// covers the whole layer.
    func fragment(clippedTo outline: [CGPoint]?) -> DrawNode {
        let copy = DrawNode(id: id, state: state, matrix: matrix, opacity: opacity, clip: clip, isGroup: isGroup)
        copy.coverage = coverage
        copy.children = children
        copy.mask = mask
        copy.tint = tint
        copy.transition = transition
        copy.rasterized = rasterized
        copy.depthPlacement = depthPlacement
        copy.tileFadeTime = tileFadeTime
        copy.clipPolygon = outline
        return copy
    }
}
