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
    /// Given to pixman as slabs between its corners' heights
    /// (`PolygonSlabs`), half the rows a fan of triangles took; as the
    /// fan when the points are not convex.
    func fillPolygon(_ points: [CGPoint]) {
        guard points.count >= 3, let white = PixmanImage(red: 1, green: 1, blue: 1, alpha: 1) else { return }
        if let slabs = PolygonSlabs.trapezoids(points) {
            return pixman_composite_trapezoids(PIXMAN_OP_ADD, white.raw, raw, PIXMAN_a8, 0, 0, 0, 0, Int32(slabs.count), slabs)
        }
        fillPolygonAsFan(points, white: white)
    }

    /// `fillPolygon` through a fan of triangles, as it was drawn before
    /// the slabs (and still is for points that are not convex).
    func fillPolygonAsFan(_ points: [CGPoint], white: PixmanImage? = PixmanImage(red: 1, green: 1, blue: 1, alpha: 1)) {
        guard points.count >= 3, let white else { return }
        let triangles = PolygonSlabs.fan(points)
        pixman_composite_triangles(PIXMAN_OP_ADD, white.raw, raw, PIXMAN_a8, 0, 0, 0, 0, Int32(triangles.count), triangles)
    }
}
