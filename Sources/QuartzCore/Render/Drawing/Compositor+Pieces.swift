import CPixman

extension Compositor {
    /// Draws a piece of a layer split by `DepthSplit`: the layer (with its
    /// sublayers) into a scratch surface, then through a mask of the
    /// piece's outline. Edges inside the layer are antialiased from both
    /// sides, so a faint seam may show along the cut.
    func drawPiece(_ node: DrawNode, outline: [CGPoint], into destination: PixmanImage, clip: PixelRect) {
        guard let bounds = CGRect(boundingPoints: outline), let box = PixelRect(covering: bounds),
              let area = box.intersection(clip)?.intersection(targetRect) else { return }
        let scratch = scratchPool.acquire(), maskBuffer = scratchPool.acquire()
        defer {
            scratchPool.release(scratch)
            scratchPool.release(maskBuffer)
        }
        guard let scratchImage = PixmanImage(buffer: scratch), let maskImage = PixmanImage(buffer: maskBuffer) else { return }
        scratch.clear(area)
        maskBuffer.clear(area)
        drawSubtree(node.fragment(clippedTo: nil), into: scratchImage, clip: area)
        maskImage.fillPolygon(outline)
        destination.composite(scratchImage, mask: maskImage, rect: area)
    }
}

extension PixmanImage {
    /// Paints the convex polygon `points` (pixels) opaque white,
    /// antialiased, over pixels that are transparent: its coverage is
    /// added to them. (Adding rather than compositing over lets pixman
    /// rasterize straight into an a8 image; compositing went through a
    /// temporary mask of the polygon's size, allocated, rasterized and
    /// composited again every frame for a perspective layer's outline.)
    func fillPolygon(_ points: [CGPoint]) {
        guard points.count >= 3, let white = PixmanImage(red: 1, green: 1, blue: 1, alpha: 1) else { return }
        func fixed(_ p: CGPoint) -> pixman_point_fixed {
            // 16.16 fixed point, kept within its range.
            func value(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t(max(-32000, min(32000, v)) * 65536) }
            return pixman_point_fixed(x: value(p.x), y: value(p.y))
        }
        // A fan: pixman sums the triangles' coverage, so inner edges leave no seam.
        let triangles = (1..<(points.count - 1)).map {
            pixman_triangle(p1: fixed(points[0]), p2: fixed(points[$0]), p3: fixed(points[$0 + 1]))
        }
        pixman_composite_triangles(PIXMAN_OP_ADD, white.raw, raw, PIXMAN_a8, 0, 0, 0, 0, Int32(triangles.count), triangles)
    }
}
