import CPixman

/// A layer's own drawing (background, contents or shape or gradient, border) rasterized once in
/// the layer's space and reused while only its position, transform or
/// opacity change. Lives in `LayerContentCache`.
final class LayerContent {
    /// What the bitmap depends on; a different key means redraw.
    struct Key: Equatable {
        let bounds: CGRect
        let scale: CGFloat
        let backgroundColor: CGColor?
        let cornerRadius: CGFloat
        let maskedCorners: CACornerMask
        let borderWidth: CGFloat
        let borderColor: CGColor?
        let contents: CGImage?
        let contentsRect: CGRect
        let contentsCenter: CGRect
        let contentsGravity: CALayerContentsGravity
        let contentsScale: CGFloat
        let masksToBounds: Bool
        let shape: ShapeState?
        let gradient: GradientState?

        init(_ state: LayerState, scale: CGFloat) {
            bounds = state.bounds
            self.scale = scale
            backgroundColor = state.backgroundColor
            cornerRadius = state.cornerRadius
            maskedCorners = state.maskedCorners
            borderWidth = state.borderWidth
            borderColor = state.borderColor
            contents = state.contents
            contentsRect = state.contentsRect
            contentsCenter = state.contentsCenter
            contentsGravity = state.contentsGravity
            contentsScale = state.contentsScale
            masksToBounds = state.masksToBounds
            shape = state.shape
            gradient = state.gradient
        }
    }

    let key: Key
    let buffer: RasterBuffer
    let image: PixmanImage
    /// The layer-space point the bitmap's top-left pixel corner sits at.
    let origin: CGPoint

    init?(key: Key, extent: CGRect, draw: (RasterBuffer) -> Void) {
        self.key = key
        origin = extent.origin
        let width = Int((extent.width * key.scale).rounded(.up)), height = Int((extent.height * key.scale).rounded(.up))
        guard width > 0, height > 0, width * height <= 64 << 20 else { return nil }
        buffer = RasterBuffer(width: width, height: height)
        draw(buffer)
        guard let image = PixmanImage(buffer: buffer) else { return nil }
        self.image = image
    }

    /// Composites the bitmap through `node`'s matrix into `destination`,
    /// touching only `clip` (target pixels).
    func composite(node: DrawNode, into destination: PixmanImage, mask: PixmanImage?,
                   operation: pixman_op_t = PIXMAN_OP_OVER, clip: PixelRect) {
        // bitmap pixels -> layer space -> target pixels
        let toLayer = CATransform3DConcat(CATransform3DMakeScale(1 / key.scale, 1 / key.scale, 1),
                                          CATransform3DMakeTranslation(origin.x, origin.y, 0))
        let toTarget = CATransform3DConcat(toLayer, node.matrix)
        if toTarget.isIntegerTranslation2D {
            image.setTransform(nil, bilinear: false)
            destination.composite(image, at: Int(toTarget.m41), Int(toTarget.m42), mask: mask,
                                  operation: operation, rect: clip)
            return
        }
        guard let inverse = Homography(toTarget).inverted() else { return }
        image.setTransform(inverse, bilinear: true)
        destination.composite(image, mask: mask, operation: operation, rect: clip)
    }
}

/// The cached `LayerContent` of each layer, by layer id.
final class LayerContentCache {
    private var entries: [UInt64: LayerContent] = [:]
    private var missing: Set<UInt64> = []

    /// The layer's content bitmap, redrawn when what it depends on changed;
    /// nil when the layer draws nothing of its own.
    func content(for node: DrawNode) -> LayerContent? {
        let key = LayerContent.Key(node.state, scale: Self.rasterScale(for: node))
        if let cached = entries[node.id], cached.key == key { return cached }
        let content = LayerContentRenderer.render(key: key)
        entries[node.id] = content
        return content
    }

    /// Drops the content of layers that are gone.
    func retainOnly(_ ids: Set<UInt64>) {
        if entries.count > ids.count { entries = entries.filter { ids.contains($0.key) } }
    }

    /// The pixels per layer point the content is drawn at: the layer's
    /// largest on-screen scale, rounded up to a quarter so small changes of
    /// scale do not redraw, at least 1.
    static func rasterScale(for node: DrawNode) -> CGFloat {
        let m = node.matrix
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let scale = max(sx, sy)
        guard scale.isFinite, scale > 1 else { return 1 }
        return min(8, (scale * 4).rounded(.up) / 4)
    }
}
