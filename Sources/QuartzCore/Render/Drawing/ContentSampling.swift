/// How a layer's bitmap is sampled where it is drawn other than at whole
/// pixels: with which filter, and which of its edges are drawn hard
/// (`EdgeCoverageSampler`). The standard sampling, bilinear with every edge
/// antialiased, keeps the compositor's usual paths.
struct ContentSampling: Equatable {
    /// The nearest pixel rather than the bilinear blend of four.
    var nearest: Bool
    /// The bitmap's edges drawn aliased: a target pixel is in or out by
    /// whether its centre is.
    var hardEdges: CAEdgeAntialiasingMask

    static let standard = ContentSampling(nearest: false, hardEdges: [])

    var isStandard: Bool { !nearest && hardEdges.isEmpty }

    /// The sampling of a layer's own drawing: the filter its key chose for
    /// the contents image, and the edges `state` does not antialias.
    init(key: LayerContent.Key, state: LayerState) {
        nearest = key.samplesNearest
        hardEdges = CAEdgeAntialiasingMask.all.subtracting(state.antialiasedEdges)
    }

    init(nearest: Bool, hardEdges: CAEdgeAntialiasingMask) {
        self.nearest = nearest
        self.hardEdges = hardEdges
    }

    /// Whether `state`'s contents image is sampled with `.nearest`: its
    /// `magnificationFilter` where the image is drawn at least as large as
    /// its pixels (as OpenGL chooses, the scale 1 of a turned or moved image
    /// counts as magnified), its `minificationFilter` where it is drawn
    /// smaller in either direction. The scale is the image's on screen,
    /// from its pixels through the layer's bounds (`contentsGravity`,
    /// `contentsRect`) to `screenScale()` target pixels a point (asked only
    /// when the two filters differ); one for the
    /// whole layer, even under perspective. `.trilinear` samples as
    /// `.linear` (Lamina keeps no mipmaps; Apple: "some renderers may
    /// ignore this"), and so do names Apple does not define.
    static func samplesNearest(_ state: LayerState, screenScale: () -> CGFloat) -> Bool {
        guard let image = state.contents else { return false }
        let magnification = state.magnificationFilter, minification = state.minificationFilter
        // Both the same (the default: both linear): no geometry to work out.
        if magnification == minification { return magnification == .nearest }
        let crop = state.contentsRect.standardized
        let pixels = CGSize(width: CGFloat(image.width) * crop.width, height: CGFloat(image.height) * crop.height)
        guard pixels.width > 0, pixels.height > 0 else { return false }
        let placement = ContentsGeometry.placement(
            bounds: state.bounds.standardized, imageSize: CGSize(width: image.width, height: image.height),
            contentsRect: state.contentsRect, contentsScale: state.contentsScale, gravity: state.contentsGravity)
        let stretch = min(abs(placement.width) / pixels.width, abs(placement.height) / pixels.height) * screenScale()
        guard stretch.isFinite else { return false }
        return (stretch < 1 ? minification : magnification) == .nearest
    }
}
