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
    /// What the pixels live in: a bitmap drawn for this layer, or the
    /// layer's `contents` image itself (kept alive here; pixman reads it).
    private let storage: AnyObject
    let image: PixmanImage
    /// The layer-space point the bitmap's top-left pixel corner sits at.
    let origin: CGPoint
    /// The bitmap's size in pixels.
    let pixelWidth: Int, pixelHeight: Int

    init?(key: Key, extent: CGRect, draw: (RasterBuffer) -> Void) {
        self.key = key
        origin = extent.origin
        let pixelWidth = (extent.width * key.scale).rounded(.up), pixelHeight = (extent.height * key.scale).rounded(.up)
        // Checked before converting: a huge layer must not trap; it draws nothing.
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth > 0, pixelHeight > 0,
              pixelWidth <= 32768, pixelHeight <= 32768, pixelWidth * pixelHeight <= CGFloat(64 << 20) else { return nil }
        let width = Int(pixelWidth), height = Int(pixelHeight)
        let buffer = RasterBuffer(width: width, height: height)
        draw(buffer)
        guard let image = PixmanImage(buffer: buffer) else { return nil }
        storage = buffer
        self.image = image
        (self.pixelWidth, self.pixelHeight) = (width, height)
    }

    /// The layer's `contents` used as is: when the layer draws nothing but
    /// an image that already has its on-screen pixel size, it is composited
    /// straight from the image, with no copy (layers showing the same image
    /// then read the same memory).
    init?(key: Key, contents: CGImage, image: PixmanImage) {
        self.key = key
        origin = key.bounds.standardized.origin
        storage = contents
        self.image = image
        (pixelWidth, pixelHeight) = (contents.width, contents.height)
    }

    /// Whether `key` describes a layer that draws only its contents image,
    /// pixel for pixel at `key.scale`.
    static func showsContentsUnchanged(_ key: Key) -> Bool {
        guard let contents = key.contents, key.backgroundColor.map({ $0.alpha == 0 }) ?? true,
              key.borderWidth == 0 || (key.borderColor.map { $0.alpha == 0 } ?? true),
              key.contentsRect == LayerState.unitRect, key.contentsCenter == LayerState.unitRect,
              !(key.masksToBounds && key.cornerRadius > 0) else { return false }
        let bounds = key.bounds.standardized
        let width = bounds.width * key.scale, height = bounds.height * key.scale
        return width == CGFloat(contents.width) && height == CGFloat(contents.height)
            && (key.contentsGravity == .resize || key.contentsGravity == .resizeAspect
                || key.contentsGravity == .resizeAspectFill || key.contentsGravity == .center)
            && key.contentsScale == key.scale
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
        if toTarget.isTranslation2D, let shifted = shiftedCopy(for: toTarget) {
            destination.composite(shifted.image, at: shifted.x, shifted.y, mask: mask, operation: operation, rect: clip)
            return
        }
        let toPixels = Homography(toTarget)
        guard let inverse = toPixels.inverted() else { return }
        image.setTransform(inverse, bilinear: true)
        if inverse.isProjective, let outline = outlineMask(through: toPixels, clip: clip, fade: mask) {
            destination.composite(image, mask: outline, maskOrigin: (clip.x, clip.y), operation: operation, rect: clip)
            return
        }
        destination.composite(image, mask: mask, operation: operation, rect: clip)
    }

    /// A copy resampled at a fractional offset, and the fraction last asked for.
    private var shifted: (fraction: CGPoint, image: PixmanImage, buffer: RasterBuffer)?
    private var lastFraction: CGPoint?
    /// Whether a resampled copy is kept (for tests).
    var hasShiftedCopy: Bool { shifted != nil }

    /// For a translation by a fractional number of pixels: the bitmap
    /// resampled once at that fraction, to place at whole pixels (`x`, `y`)
    /// with a plain composite. A layer resting at a fractional position (a
    /// centred layout) then costs a copy a frame instead of a bilinear
    /// filter; the pixels are the same, as pixman samples both at the same
    /// fixed-point offsets. Made the second time in a row a fraction is
    /// asked for, so a moving layer (a new fraction each frame) keeps the
    /// direct path. Nil: composite directly.
    private func shiftedCopy(for toTarget: CATransform3D) -> (image: PixmanImage, x: Int, y: Int)? {
        let x = toTarget.m41.rounded(.down), y = toTarget.m42.rounded(.down)
        guard abs(x) < CGFloat(1 << 24), abs(y) < CGFloat(1 << 24) else { return nil }
        let fraction = CGPoint(x: toTarget.m41 - x, y: toTarget.m42 - y)
        defer { lastFraction = fraction }
        if let shifted, shifted.fraction == fraction { return (shifted.image, Int(x), Int(y)) }
        guard lastFraction == fraction else { return nil }
        guard let (copy, buffer) = image.resampled(width: pixelWidth, height: pixelHeight, shiftedBy: fraction)
        else { return nil }
        shifted = (fraction, copy, buffer)
        return (copy, Int(x), Int(y))
    }

    /// Under perspective, an antialiased mask of the bitmap's outline in
    /// target pixels, covering `clip` (its top-left pixel is `clip`'s),
    /// times `fade`: pixman samples a projective map in 16.16 fixed point,
    /// and without this clip a column of the layer could show outside its
    /// outline (PerspectiveEdgeTests). Nil (draw unclipped) when a corner
    /// lies behind the eye or `fade` is per channel.
    private func outlineMask(through toPixels: Homography, clip: PixelRect, fade: PixmanImage?) -> PixmanImage? {
        if let fade, fade.hasComponentAlpha { return nil }
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: pixelWidth, y: 0),
                       CGPoint(x: pixelWidth, y: pixelHeight), CGPoint(x: 0, y: pixelHeight)]
        guard corners.allSatisfy({ toPixels.depth(of: $0) > 0 }) else { return nil }
        let outline = corners.map { point in
            let mapped = toPixels.apply(point)
            return CGPoint(x: mapped.x - CGFloat(clip.x), y: mapped.y - CGFloat(clip.y))
        }
        guard outline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let mask = PixmanImage(alphaWidth: clip.width, height: clip.height) else { return nil }
        mask.fillPolygon(outline)
        if let fade { mask.multiplyAlpha(by: fade, width: clip.width, height: clip.height) }
        return mask
    }
}

/// The cached `LayerContent` of each layer, by layer id.
final class LayerContentCache {
    private var entries: [UInt64: LayerContent] = [:]

    /// The layer's content bitmap, redrawn when what it depends on changed;
    /// nil when the layer draws nothing of its own.
    func content(for node: DrawNode) -> LayerContent? {
        let key = LayerContent.Key(node.state, scale: Self.rasterScale(for: node))
        if let cached = entries[node.id], cached.key == key { return cached }
        let content: LayerContent?
        if LayerContent.showsContentsUnchanged(key), let contents = key.contents, let image = sourceImage(for: contents) {
            content = LayerContent(key: key, contents: contents, image: image)
        } else {
            content = LayerContentRenderer.render(key: key)
        }
        entries[node.id] = content
        return content
    }

    /// Drops the content of layers that are gone, and source images no
    /// layer uses any more.
    func retainOnly(_ ids: Set<UInt64>) {
        if entries.count > ids.count { entries = entries.filter { ids.contains($0.key) } }
        if sources.count > entries.count {
            let used = Set(entries.values.compactMap { $0.key.contents.map(ObjectIdentifier.init) })
            sources = sources.filter { used.contains($0.key) }
        }
    }

    /// How many layers keep a copy resampled at a fractional offset (for tests).
    var shiftedCopyCount: Int { entries.values.filter(\.hasShiftedCopy).count }

    /// How many source images are shared (for tests).
    var sharedSourceCount: Int { sources.count }

    /// One pixman image per `CGImage`, shared by every layer showing it.
    private var sources: [ObjectIdentifier: (image: CGImage, pixman: PixmanImage)] = [:]

    private func sourceImage(for image: CGImage) -> PixmanImage? {
        if let source = sources[ObjectIdentifier(image)], source.image === image { return source.pixman }
        guard let pixman = PixmanImage(image: image) else { return nil }
        sources[ObjectIdentifier(image)] = (image, pixman)
        return pixman
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
