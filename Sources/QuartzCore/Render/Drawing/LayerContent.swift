import CPixman

/// A layer's own drawing (background, contents or shape or gradient, border) rasterized once in
/// the layer's space and reused while only its position, transform or
/// opacity change. Lives in `LayerContentCache`.
final class LayerContent {
    /// What the bitmap depends on; a different key means redraw.
    struct Key: Equatable {
        let bounds: CGRect
        let scale: CGFloat
        let backgroundColor: LayerColor?
        let cornerRadius: CGFloat
        let maskedCorners: CACornerMask
        let cornerCurve: RoundedRectPath.Curve
        let borderWidth: CGFloat
        let borderColor: LayerColor?
        let contents: CGImage?
        let contentsRect: CGRect
        let contentsCenter: CGRect
        let contentsGravity: CALayerContentsGravity
        let contentsScale: CGFloat
        let masksToBounds: Bool
        let shape: ShapeState?
        let gradient: GradientState?
        /// Whether the contents image is sampled with `.nearest`
        /// (`ContentSampling.samplesNearest`), both where it is drawn into
        /// the bitmap and where the bitmap is drawn on screen.
        let samplesNearest: Bool

        /// The key of `state`'s drawing at `scale` bitmap pixels a point,
        /// the bitmap shown at `screenScale` target pixels a point (which
        /// picks the minification or magnification filter; the bitmap's own
        /// scale when not known).
        init(_ state: LayerState, scale: CGFloat, screenScale: @autoclosure () -> CGFloat? = nil) {
            bounds = state.bounds
            self.scale = scale
            backgroundColor = state.backgroundColor
            cornerRadius = state.cornerRadius
            maskedCorners = state.maskedCorners
            cornerCurve = state.cornerCurve
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
            samplesNearest = ContentSampling.samplesNearest(state, screenScale: { screenScale() ?? scale })
        }
    }

    let key: Key
    /// The commit and scales the content was last found to be the drawing
    /// for (`LayerContentCache`).
    var validation: LayerContentCache.Validation?
    /// The layer-space point the bitmap's top-left pixel corner sits at.
    let origin: CGPoint
    /// The bitmap's size in pixels.
    let pixelWidth: Int, pixelHeight: Int
    /// The bitmap's pixels; nil until first read for a plain rectangle
    /// (`init(plainRectangle:extent:drawing:)`).
    private var drawnPixels: Pixels?
    /// Draws a plain rectangle's bitmap when a path first needs its pixels.
    private let drawWhenNeeded: ((RasterBuffer) -> Void)?

    /// What the pixels live in (a bitmap drawn for this layer, or the
    /// layer's `contents` image itself, kept alive here), and the two views
    /// of them the compositing paths read.
    private struct Pixels {
        let storage: AnyObject
        let image: PixmanImage
        /// The bitmap's memory, for `AffineBilinearSampler`.
        let samplerSource: AffineBilinearSampler.Source

        init?(width: Int, height: Int, draw: (RasterBuffer) -> Void) {
            let buffer = RasterBuffer(width: width, height: height)
            draw(buffer)
            guard let image = PixmanImage(buffer: buffer) else { return nil }
            storage = buffer
            self.image = image
            samplerSource = AffineBilinearSampler.Source(base: buffer.base, width: width, height: height,
                                                         bytesPerRow: buffer.bytesPerRow)
        }

        init(storage: AnyObject, image: PixmanImage, samplerSource: AffineBilinearSampler.Source) {
            self.storage = storage
            self.image = image
            self.samplerSource = samplerSource
        }
    }

    private var pixels: Pixels {
        if let drawnPixels { return drawnPixels }
        // Only a plain rectangle gets here. Should its bitmap fail to be
        // made, it draws nothing, as a layer whose bitmap could not be made does.
        let made = drawWhenNeeded.flatMap { Pixels(width: pixelWidth, height: pixelHeight, draw: $0) }
            ?? Pixels(width: 1, height: 1) { _ in }!
        drawnPixels = made
        return made
    }

    /// The bitmap as a pixman image.
    var image: PixmanImage { pixels.image }

    /// A layer whose drawing is one colour filling an outline (a rounded
    /// background alone): the outline in layer space and the colour.
    struct OutlineFill {
        let path: CGPath
        let color: LayerColor
    }

    /// Set for a rounded background alone (`LayerContentRenderer`): moved
    /// by a fraction of a pixel it is filled where it is, not resampled.
    var outlineFill: OutlineFill?
    var samplerSource: AffineBilinearSampler.Source { pixels.samplerSource }
    /// Whether the bitmap's pixels exist yet (for tests: a plain rectangle's
    /// are drawn only when a path needs them).
    var hasDrawnPixels: Bool { drawnPixels != nil }
    /// Bitmap pixels holding its ink (`LayerContent+Ink.swift`), found the
    /// first time it is composited.
    private(set) lazy var inkBounds: PixelRect? = Self.inkBounds(of: samplerSource)
    /// A transparent rectangle inside the ink (`LayerContent+Ink.swift`).
    private(set) lazy var inkHole: PixelRect? = Self.inkHole(of: samplerSource)
    /// The bitmap inside a margin of transparent pixels, made the first
    /// time the bloom's one pass reads it moved by a fraction of a pixel
    /// (`LayerContent+Padded.swift`).
    private(set) lazy var paddedCopy: RasterBuffer? = Self.paddedCopy(of: image)
    /// The colour of every pixel, when they are all one (not transparent):
    /// a plain coloured rectangle (`UniformContentCompositor`).
    private(set) lazy var uniformColor: UInt32? = Self.uniformColor(of: samplerSource)
    /// `uniformColor` as a pixman solid source: at whole pixels the bitmap
    /// composites as that colour, with no bitmap to read (and an opaque one
    /// as a plain fill, pixman turning `OVER` into `SRC`).
    private(set) lazy var solidSource: PixmanImage? = uniformColor.flatMap { PixmanImage(solidPixel: $0) }
    /// Whether a plain rectangle's colour was found by drawing one probe
    /// pixel rather than worked out (`SolidColourPixel`); tests check it.
    private(set) var colourWasProbed = false
    /// `solidSource` faded by the mask alpha last asked for
    /// (`solidSource(fadedBy:)`): a fading layer asks for a new one each
    /// frame, a still one for the same one again.
    private(set) var lastFadedSource: (alpha: UInt8, source: PixmanImage)?

    init?(key: Key, extent: CGRect, draw: (RasterBuffer) -> Void) {
        guard let (width, height) = Self.pixelSize(of: extent, scale: key.scale),
              let pixels = Pixels(width: width, height: height, draw: draw) else { return nil }
        self.key = key
        origin = extent.origin
        (pixelWidth, pixelHeight) = (width, height)
        drawnPixels = pixels
        drawWhenNeeded = nil
    }

    /// A layer that draws only a background colour over whole pixels
    /// (`draw` fills `extent` with it, edge to edge): every pixel is that
    /// colour, which one probe pixel gives, so the bitmap is drawn only if
    /// a path needs its pixels (a turned or scaled layer). A window's root
    /// layer would otherwise keep a screen-sized bitmap (3.6 MB at
    /// 1280x720) that is only ever composited as a fill.
    /// `pixel`, when given, is the colour cairo paints (`SolidColourPixel`),
    /// known without drawing the probe (`colourWasProbed` says which).
    init?(plainRectangle key: Key, extent: CGRect, pixel: UInt32? = nil,
          drawing draw: @escaping (RasterBuffer) -> Void) {
        guard let (width, height) = Self.pixelSize(of: extent, scale: key.scale) else { return nil }
        let color = pixel ?? Self.probe(draw)
        colourWasProbed = pixel == nil
        self.key = key
        origin = extent.origin
        (pixelWidth, pixelHeight) = (width, height)
        drawnPixels = nil
        drawWhenNeeded = draw
        uniformColor = color == 0 ? nil : color
        inkBounds = color == 0 ? nil : PixelRect(x: 0, y: 0, width: width, height: height)
        inkHole = nil
    }

    /// The one pixel `draw` paints into a 1x1 buffer.
    static func probe(_ draw: (RasterBuffer) -> Void) -> UInt32 {
        let probe = RasterBuffer(width: 1, height: 1)
        draw(probe)
        return probe.base.load(as: UInt32.self)
    }

    /// The layer's `contents` used as is: when the layer draws nothing but
    /// an image that already has its on-screen pixel size, it is composited
    /// straight from the image, with no copy (layers showing the same image
    /// then read the same memory).
    init?(key: Key, contents: CGImage, image: PixmanImage) {
        self.key = key
        origin = key.bounds.standardized.origin
        (pixelWidth, pixelHeight) = (contents.width, contents.height)
        drawnPixels = Pixels(storage: contents, image: image, samplerSource: AffineBilinearSampler.Source(
            base: contents.storage.readOnlyBaseAddress, width: contents.width, height: contents.height,
            bytesPerRow: contents.storage.bytesPerRow))
        drawWhenNeeded = nil
    }

    /// Another layer's content whose drawing is the same (`twin.key`): the
    /// same pixels, not drawn again, while what a content keeps between
    /// frames for the layer it draws (copies through a transform or at a
    /// fraction of a pixel, a faded colour) stays its own. Nil when the
    /// twin's pixels are not drawn yet (a plain rectangle, drawn only when
    /// needed): nothing to share.
    init?(sharingPixelsOf twin: LayerContent) {
        guard let pixels = twin.drawnPixels else { return nil }
        key = twin.key
        origin = twin.origin
        (pixelWidth, pixelHeight) = (twin.pixelWidth, twin.pixelHeight)
        drawnPixels = pixels
        drawWhenNeeded = nil
        outlineFill = twin.outlineFill
    }

    /// Whether `other` reads the same pixels (for tests).
    func sharesPixels(with other: LayerContent) -> Bool {
        guard let mine = drawnPixels, let theirs = other.drawnPixels else { return false }
        return mine.storage === theirs.storage
    }

    /// The bitmap's size for `extent` (layer space) at `scale`; nil for a
    /// size that is empty, not finite or too large (a huge layer must not
    /// trap: it draws nothing). Checked before converting to `Int`.
    private static func pixelSize(of extent: CGRect, scale: CGFloat) -> (width: Int, height: Int)? {
        let width = (extent.width * scale).rounded(.up), height = (extent.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width > 0, height > 0,
              width <= 32768, height <= 32768, width * height <= CGFloat(64 << 20) else { return nil }
        return (Int(width), Int(height))
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

    /// The target pixels the bitmap covers when `node` places it at whole
    /// pixels (an integer 2D translation); nil otherwise.
    func wholePixelPlacement(for node: DrawNode) -> PixelRect? {
        let toTarget = bitmapToTarget(for: node)
        guard toTarget.isIntegerTranslation2D else { return nil }
        return PixelRect(x: Int(toTarget.m41), y: Int(toTarget.m42), width: pixelWidth, height: pixelHeight)
    }

    /// The bitmap's one colour multiplied by `alpha` as pixman multiplies a
    /// source by a solid mask (each channel `c × alpha / 255`, rounded), as a
    /// solid source: `OVER` or `ADD` with it and no mask gives exactly the
    /// pixels of `solidSource` through the mask, on pixman's fast path.
    func solidSource(fadedBy alpha: UInt8) -> PixmanImage? {
        guard let color = uniformColor else { return nil }
        if let last = lastFadedSource, last.alpha == alpha { return last.source }
        guard let source = PixmanImage(solidPixel: Self.multiply(color, by: alpha)) else { return nil }
        lastFadedSource = (alpha, source)
        return source
    }

    /// Each 8-bit channel of `pixel` times `alpha` / 255, rounded as pixman
    /// rounds (`UN8x4_MUL_UN8`, `UniformContentCompositor.multiply`).
    static func multiply(_ pixel: UInt32, by alpha: UInt8) -> UInt32 {
        let channels = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
        let product = UniformContentCompositor.multiply(channels, UInt32(alpha))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: product), to: UInt32.self)
    }

    /// Composites the bitmap through `node`'s matrix into `destination`,
    /// touching only `clip` (target pixels), sampled as `sampling` says
    /// where it is not at whole pixels. `usingSwiftKernels` picks the
    /// loops that stand in for pixman (`runsSwiftKernels`; tests ask for
    /// them in any build).
    func composite(node: DrawNode, into destination: PixmanImage, mask: PixmanImage?,
                   operation: pixman_op_t = PIXMAN_OP_OVER, clip: PixelRect, sampling: ContentSampling = .standard,
                   usingSwiftKernels: Bool = LayerContent.runsSwiftKernels, bandMemory: ScratchPool? = nil) {
        let toTarget = bitmapToTarget(for: node)
        guard let clip = inkedClip(clip, toTarget: toTarget, operation: operation) else { return }
        let pieces = piecesAroundHole(clip, toTarget: toTarget, operation: operation)
        if toTarget.isIntegerTranslation2D {
            if operation == PIXMAN_OP_OVER || operation == PIXMAN_OP_ADD, let solid = solidSource {
                // `clip` is already within the bitmap (its ink is all of it).
                if let alpha = mask?.solidAlpha, let faded = solidSource(fadedBy: alpha) {
                    // pixman has no fast path for a solid source through a
                    // solid mask: its general path fetched and combined both
                    // for every pixel (three times the instructions).
                    return destination.composite(faded, mask: nil, operation: operation, rect: clip)
                }
                return destination.composite(solid, mask: mask, operation: operation, rect: clip)
            }
            // A rounded background alone is filled at whole pixels as at
            // fractions, so that its edge does not change as it comes to rest.
            if operation == PIXMAN_OP_OVER, sampling.isStandard,
               fillsOutline(of: node, into: destination, mask: mask, clip: clip, fallingBackOnCairo: false) {
                return
            }
            image.setTransform(nil, bilinear: false)
            for piece in pieces {
                destination.composite(image, at: Int(toTarget.m41), Int(toTarget.m42), mask: mask,
                                      operation: operation, rect: piece)
            }
            return
        }
        if !sampling.isStandard {
            return compositeSampled(through: toTarget, sampling: sampling, into: destination, mask: mask,
                                    operation: operation, clip: clip, bandMemory: bandMemory)
        }
        if usingSwiftKernels, toTarget.isTranslation2D, operation == PIXMAN_OP_OVER, let color = uniformColor,
           let target = destination.buffer,
           mask == nil || mask?.solidAlpha != nil, let offsets = Self.fixedOffsets(of: toTarget) {
            let bitmap = UniformContentCompositor.Bitmap(color: color, width: pixelWidth, height: pixelHeight)
            // Its loops write only the rows of the rect they are given: a
            // large one in slices on several threads.
            CompositingThreads.forEachSlice(of: clip) { slice in
                UniformContentCompositor.composite(bitmap, offsetX: offsets.x, offsetY: offsets.y, opacity: mask?.solidAlpha,
                                                   into: target, rect: slice)
            }
            return
        }
        if toTarget.isTranslation2D, operation == PIXMAN_OP_OVER, fillsOutline(of: node, into: destination, mask: mask, clip: clip) {
            return
        }
        if toTarget.isTranslation2D, let shifted = shiftedCopy(for: toTarget) {
            for piece in pieces {
                destination.composite(shifted.image, at: shifted.x, shifted.y, mask: mask, operation: operation, rect: piece)
            }
            return
        }
        let toPixels = Homography(toTarget)
        guard let inverse = toPixels.inverted() else { return }
        if let copy = transformedCopy(for: toTarget, toPixels: toPixels, sampling: .standard) {
            destination.composite(copy.image, at: copy.x, copy.y, mask: mask, operation: operation, rect: clip)
            return
        }
        let outline = outline(through: toPixels)
        let outlineBox = outline.flatMap(CGRect.init(boundingPoints:)).flatMap(PixelRect.init(covering:))
        // What a perspective map is fitted to: the outline's box, as far as
        // the bands reach (a pixel beyond it) and one more for rounding.
        let region = !inverse.isProjective ? clip : PixmanImage.samplingRegion(extent: outlineBox?.insetBy(-2), drawing: clip)
        if inverse.isProjective, usingSwiftKernels, operation == PIXMAN_OP_OVER, let target = destination.buffer,
           mask?.hasComponentAlpha != true, let fade = mask == nil ? 255 : mask?.solidAlpha,
           let coverage = Self.coverage(of: outline, width: target.width, height: target.height),
           let fixed = PixmanImage.fixedTransform(inverse, over: region) {
            // Sampled and blended a row at a time through the outline's
            // recorded coverage: no band buffer, no mask.
            image.setTransform(nil, bilinear: false)
            let source = samplerSource
            let rows = PixelRect(x: clip.x, y: coverage.firstRow, width: clip.width, height: coverage.rows.count)
            guard let area = outlineBox?.insetBy(-1).intersection(clip)?.intersection(rows) else { return }
            let shares = CompositingThreads.partition([area])
            CompositingThreads.run(shares.count) { index in
                for band in shares[index] {
                    ProjectiveBilinearSampler.compositeOver(source, through: fixed, coverage: coverage, fade: fade,
                                                            rect: band, into: target)
                }
            }
            return
        }
        image.setTransform(inverse, bilinear: true, over: region)
        // An operator that clears where the source is transparent (a
        // clip's `IN_REVERSE`) must reach every pixel of `clip`, not only
        // the outline's: a turned layer masking to its bounds let its
        // sublayers show past its outline, beside the bands.
        let reachesAllOfClip = !GroupRenderer.leavesDestinationWhereTransparent(operation)
        if inverse.isProjective, let outlineMask = outlineMask(outline, clip: clip, fade: mask, in: destination) {
            // The mask is exact; a pixel of margin covers its antialiasing.
            let bands = reachesAllOfClip ? [clip] : OutlineBands.joined(OutlineBands.rects(covering: outline ?? [], margin: 1, within: clip))
            if usingSwiftKernels, let fixed = PixmanImage.fixedTransform(inverse, over: region) {
                // pixman's own pixels, sampled without its general fetcher.
                image.setTransform(nil, bilinear: false)
                let source = samplerSource
                return compositeSampled(bands: bands, into: destination, mask: outlineMask, maskOrigin: (clip.x, clip.y),
                                        operation: operation, bandMemory: bandMemory) { band, output, bytesPerRow in
                    ProjectiveBilinearSampler.sample(source, through: fixed, rect: band, into: output,
                                                     outputBytesPerRow: bytesPerRow, within: outline)
                }
            }
            for band in bands {
                destination.composite(image, mask: outlineMask, maskOrigin: (clip.x, clip.y), operation: operation, rect: band)
            }
            return
        }
        let margin = Self.filterMargin(of: toPixels)
        let bands: [PixelRect]
        if inverse.isProjective || !margin.isFinite || reachesAllOfClip {
            bands = [clip]
        } else if toTarget.isAxisAligned2D {
            // A rectangle on screen: one call over its box (bands would only
            // add pixman calls, which small moving layers feel).
            let box = outline.flatMap(CGRect.init(boundingPoints:)).flatMap { PixelRect(covering: $0.insetBy(dx: -margin, dy: -margin)) }
            bands = box.flatMap { $0.intersection(clip) }.map { [$0] } ?? (outline == nil ? [clip] : [])
        } else {
            bands = OutlineBands.rects(covering: outline ?? [], margin: margin, within: clip)
        }
        if Self.isTurnedAffine(toPixels) {
            // Turned or skewed: pixman's path for that is scalar.
            return compositeSampled(through: inverse, bands: bands, into: destination, mask: mask, operation: operation,
                                    bandMemory: bandMemory)
        }
        for band in bands {
            for piece in pieces {
                guard let part = band.intersection(piece) else { continue }
                // pixman's SIMD bilinear path (a translation or a scale); a
                // large part in slices on several threads, each with its own
                // image carrying the same transform (`CompositingThreads`).
                let content = image
                CompositingThreads.forEachSlice(of: part) { slice in
                    guard slice != part else {
                        return destination.composite(content, mask: mask, operation: operation, rect: part)
                    }
                    guard let target = destination.alias(), let source = content.alias() else { return }
                    let sliceMask = mask.flatMap { $0.alias() }
                    guard mask == nil || sliceMask != nil else { return }
                    source.setTransform(inverse, bilinear: true, over: region)
                    target.composite(source, mask: sliceMask, operation: operation, rect: slice)
                }
            }
        }
    }

    /// Each band sampled by `AffineBilinearSampler` into a buffer, then
    /// composited from it untransformed (`mask` is solid, as every caller's is).
    private func compositeSampled(through inverse: Homography, bands: [PixelRect], into destination: PixmanImage,
                                  mask: PixmanImage?, operation: pixman_op_t, bandMemory: ScratchPool?) {
        let source = samplerSource
        compositeSampled(bands: bands, into: destination, mask: mask, maskOrigin: nil, operation: operation,
                         bandMemory: bandMemory) {
            band, output, bytesPerRow in
            AffineBilinearSampler.sample(source, targetToSource: inverse, rect: band, into: output,
                                         outputBytesPerRow: bytesPerRow)
        }
    }

    /// Each band drawn by `sample` (band, its first pixel, bytes per row)
    /// into a buffer, then composited from it untransformed, through
    /// `mask` placed at `maskOrigin` (target pixels; nil: a solid mask).
    /// The buffer's memory comes from `bandMemory` when given: the samplers
    /// write every pixel of a band that `mask` can show, so memory reused
    /// from the last frame needs no clearing, where a fresh buffer for a
    /// turning 400x300 layer was zeroed, 480 KB, every frame. `sample` may
    /// be called on several threads at once (for different bands): it must
    /// only read shared state.
    func compositeSampled(bands: [PixelRect], into destination: PixmanImage, mask: PixmanImage?,
                          maskOrigin: (x: Int, y: Int)?, operation: pixman_op_t, bandMemory: ScratchPool?,
                          sample: @escaping (PixelRect, UnsafeMutableRawPointer, Int) -> Void) {
        // Many pixels: the bands shared out among threads, each share with
        // a buffer and pixman images of its own (`CompositingThreads`).
        let shares = CompositingThreads.partition(bands)
        let buffers = shares.map { share -> RasterBuffer? in
            guard let widest = share.map(\.width).max(), let tallest = share.map(\.height).max(),
                  widest > 0, tallest > 0 else { return nil }
            return bandMemory?.acquire(window: PixelRect(x: 0, y: 0, width: widest, height: tallest))
                ?? RasterBuffer(width: widest, height: tallest)
        }
        defer { for buffer in buffers { if let buffer { bandMemory?.release(buffer) } } }
        _ = samplerSource  // the bitmap drawn (if it is drawn lazily) before any share reads it
        let shared = shares.count > 1
        CompositingThreads.run(shares.count) { index in
            guard let buffer = buffers[index], let bandImage = PixmanImage(buffer: buffer),
                  let target = shared ? destination.alias() : destination else { return }
            let shareMask = shared ? mask.flatMap { $0.alias() } : mask
            guard mask == nil || shareMask != nil else { return }
            for band in shares[index] {
                sample(band, buffer.base, buffer.bytesPerRow)
                if let shareMask, let maskOrigin {
                    // The band image's origin is the band's corner: sample it at band pixels.
                    target.composite(bandImage, at: band.x, band.y, mask: shareMask, maskOrigin: maskOrigin,
                                     operation: operation, rect: band)
                } else {
                    target.composite(bandImage, at: band.x, band.y, mask: shareMask, operation: operation, rect: band)
                }
            }
        }
    }

    /// A rounded background alone at a fraction of a pixel: its outline
    /// filled (cairo) at the place it is drawn, through `node`'s matrix,
    /// over `clip`, as Core Animation draws a layer where it is. Resampling
    /// its bitmap instead took pixman's bilinear path over every pixel of
    /// it (the kiosk's animated background: three drifting discs, 2.5 ms a
    /// frame at 1280x720); filling covers the inside with whole spans and
    /// works coverage out at the edge only. False when it does not apply
    /// (no outline fill, a per-channel tint, a windowed scratch), or the
    /// outline is not convex and cairo is not to fill it.
    private func fillsOutline(of node: DrawNode, into destination: PixmanImage, mask: PixmanImage?, clip: PixelRect,
                              fallingBackOnCairo: Bool = true) -> Bool {
        guard let fill = outlineFill, mask == nil || mask?.solidAlpha != nil,
              let target = destination.buffer, target.scratchMemory == nil else { return false }
        let m = node.matrix
        if m.m12 == 0, m.m21 == 0, m.m11 == m.m22, m.m11 > 0, let outline = convexOutline(of: fill, scale: m.m11) {
            var color = SolidColourPixel.pixel(for: fill.color.rgba)
            if let alpha = mask?.solidAlpha { color = Self.multiply(color, by: alpha) }
            if let recorded = recordedFill(of: outline, scale: m.m11, offsetX: m.m41, offsetY: m.m42, in: target) {
                ConvexOutlineFiller.fill(recorded, color: color, into: destination, buffer: target, clip: clip)
            } else {
                ConvexOutlineFiller.fill(outline, offsetX: m.m41, offsetY: m.m42, color: color, into: destination,
                                         buffer: target, clip: clip)
            }
            return true
        }
        guard fallingBackOnCairo, let context = LayerDrawingContext.make(over: target, origin: .zero, scale: 1) else { return false }
        let transform = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42)
        let clipRect = CGRect(x: CGFloat(clip.x), y: CGFloat(clip.y), width: CGFloat(clip.width), height: CGFloat(clip.height))
        // A clip costs cairo a mask pass: set only when the outline (and a
        // pixel of antialiasing) reaches past the pixels to draw.
        if !clipRect.contains(fill.path.boundingBoxOfPath.applying(transform).insetBy(dx: -1, dy: -1)) {
            context.clip(to: clipRect)
        }
        context.concatenate(transform)
        if let alpha = mask?.solidAlpha { context.setAlpha(CGFloat(alpha) / 255) }
        context.setFillColor(fill.color.cgColor)
        context.addPath(fill.path)
        context.fillPath()
        return true
    }

    /// The outline fill's path flattened (within 1/50 of a target pixel)
    /// and scaled by `scale` target pixels a point, kept for the last scale
    /// asked for; nil when it is not convex, or the colour would not be the
    /// pixel cairo paints (`SolidColourPixel.matchesCairo`): then cairo
    /// fills the path.
    private func convexOutline(of fill: OutlineFill, scale: CGFloat) -> ConvexOutline? {
        if let flattenedOutline, flattenedOutline.scale == scale { return flattenedOutline.outline }
        var outline: ConvexOutline?
        if scale.isFinite, scale < 65536, SolidColourPixel.matchesCairo {
            let polygons = fill.path.flattened(tolerance: 0.02 / scale)
            if polygons.count == 1 { outline = ConvexOutline(polygons[0].map { CGPoint(x: $0.x * scale, y: $0.y * scale) }) }
        }
        flattenedOutline = (scale, outline)
        return outline
    }

    private var flattenedOutline: (scale: CGFloat, outline: ConvexOutline?)?

    /// The fill of the outline where it was last filled, once it is filled
    /// at the same place (and scale, in a target of the same size) twice
    /// running: a layer at rest is filled from the record, one that moves
    /// (the animated background's discs) works its edges out each time and
    /// keeps nothing.
    private func recordedFill(of outline: ConvexOutline, scale: CGFloat, offsetX: CGFloat, offsetY: CGFloat,
                              in target: RasterBuffer) -> ConvexOutlineFiller.Recorded? {
        let place = OutlinePlace(scale: scale, x: offsetX, y: offsetY, width: target.width, height: target.height)
        guard let last = lastOutlineFill, last.place == place else {
            lastOutlineFill = (place, nil)
            return nil
        }
        if let recorded = last.recorded { return recorded }
        let recorded = ConvexOutlineFiller.record(outline, offsetX: offsetX, offsetY: offsetY,
                                                  width: target.width, height: target.height)
        lastOutlineFill = (place, recorded)
        return recorded
    }

    private struct OutlinePlace: Equatable {
        let scale: CGFloat, x: CGFloat, y: CGFloat
        let width: Int, height: Int
    }

    private var lastOutlineFill: (place: OutlinePlace, recorded: ConvexOutlineFiller.Recorded?)?

    /// Whether the outline's fill is kept recorded (tests).
    var keepsRecordedFill: Bool { lastOutlineFill?.recorded != nil }

    /// Whether the per-pixel loops that give exactly pixman's pixels
    /// (`ProjectiveBilinearSampler`, `UniformContentCompositor`) stand in
    /// for pixman. Not in unoptimized builds: there every SIMD operation is
    /// a generic call, and cover flow's frames took 240 ms instead of
    /// pixman's few dozen (the demo tests under the thread sanitizer missed
    /// its move). Their tests call the loops themselves.
    #if DEBUG
    static let runsSwiftKernels = false
    #else
    static let runsSwiftKernels = true
    #endif

    /// A plain 2D affine map (no w at all) that turns or skews: what
    /// `AffineBilinearSampler` draws. Flattened 3D maps keep pixman's path.
    private static func isTurnedAffine(_ map: Homography) -> Bool {
        let m = map.m
        return m[2] == 0 && m[5] == 0 && m[8] == 1 && (m[1] != 0 || m[3] != 0)
    }

    /// How far (target pixels) beyond the outline bilinear sampling of an
    /// affine map can reach: one bitmap pixel, stretched by the map, and one
    /// for the pixel centres.
    static func filterMargin(of map: Homography) -> CGFloat {
        let m = map.m
        // A flattened 3D map may carry a constant w (m[8]) that scales it.
        let stretch = max((m[0] * m[0] + m[1] * m[1]).squareRoot(), (m[3] * m[3] + m[4] * m[4]).squareRoot()) / abs(m[8])
        return stretch + 1
    }

    /// The bitmap's corners in target pixels, clockwise from its top left;
    /// nil when one lies behind the eye.
    func outline(through toPixels: Homography) -> [CGPoint]? {
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: pixelWidth, y: 0),
                       CGPoint(x: pixelWidth, y: pixelHeight), CGPoint(x: 0, y: pixelHeight)]
        guard corners.allSatisfy({ toPixels.depth(of: $0) > 0 }) else { return nil }
        let mapped = corners.map(toPixels.apply)
        return mapped.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? mapped : nil
    }

    /// The bitmap drawn through a transform that is not a translation,
    /// kept while the layer stays put (a turned layer under something that
    /// changes, or fading): each frame then composites the copy at whole
    /// pixels instead of filtering again. Made the second time in a row a
    /// matrix is asked for, so a layer whose transform animates keeps the
    /// direct path. The pixels match the direct path's within 2 levels
    /// (pixman rounds the map's translation to 16.16 fixed point, and moved
    /// to the copy's origin it rounds apart by up to 1/65536 of a pixel).
    /// `sampling` is the copy's too, and part of what it is kept for.
    /// Nil: composite directly.
    func transformedCopy(for toTarget: CATransform3D, toPixels: Homography,
                         sampling: ContentSampling) -> (image: PixmanImage, x: Int, y: Int)? {
        defer { (lastMatrix, lastSampling) = (toTarget, sampling) }
        if let transformed, transformed.matrix == toTarget, transformed.sampling == sampling {
            return (transformed.image, transformed.x, transformed.y)
        }
        // Affine maps only: pixman holds a projective map in 16.16 fixed
        // point, where moving it to the copy's origin changes which bits of
        // its perspective terms survive, and so the samples near its edges.
        guard lastMatrix == toTarget, lastSampling == sampling, !toPixels.isProjective, let outline = outline(through: toPixels),
              case let margin = Self.filterMargin(of: toPixels), margin.isFinite, margin < 64,
              let bounds = CGRect(boundingPoints: outline),
              let box = PixelRect(covering: bounds)?.insetBy(-Int(margin.rounded(.up))),
              box.width <= 8192, box.height <= 8192, box.area <= 1 << 24
        else { return nil }
        // Copy pixels to target pixels is a translation by the box's origin.
        let toCopy = CATransform3DConcat(toTarget, CATransform3DMakeTranslation(-CGFloat(box.x), -CGFloat(box.y), 0))
        guard let inverse = Homography(toCopy).inverted() else { return nil }
        let buffer = RasterBuffer(width: box.width, height: box.height)
        guard let copy = PixmanImage(buffer: buffer) else { return nil }
        if !sampling.isStandard {
            // The direct path's sampling (`compositeSampled(through:sampling:…)`)
            // at the same target positions: the same pixels, bit for bit (a
            // nearest sample moved by 1/65536 of a pixel may take its neighbour).
            guard let targetToBitmap = toPixels.inverted(), let fixed = PixmanImage.fixedTransform(targetToBitmap)
            else { return nil }
            let edges = EdgeCoverageSampler.Edges(sampling: sampling, lines: EdgeCoverageSampler.EdgeLines(outline: outline),
                                                  isProjective: false)
            EdgeCoverageSampler.sample(samplerSource, through: fixed, nearest: sampling.nearest, edges: edges, rect: box,
                                       into: buffer.base, outputBytesPerRow: buffer.bytesPerRow)
        } else if !Self.isTurnedAffine(toPixels) {
            image.setTransform(inverse, bilinear: true)
            copy.composite(image, mask: nil, operation: PIXMAN_OP_SRC, rect: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
        } else {
            // The same sampling as the direct path (`compositeSampled`).
            guard let targetToBitmap = toPixels.inverted() else { return nil }
            AffineBilinearSampler.sample(samplerSource, targetToSource: targetToBitmap, rect: box,
                                         into: buffer.base, outputBytesPerRow: buffer.bytesPerRow)
        }
        transformed = (toTarget, sampling, copy, buffer, box.x, box.y)
        return (copy, box.x, box.y)
    }

    /// A copy resampled at a fractional offset, and the fraction last asked for.
    private var shifted: (fraction: CGPoint, image: PixmanImage, buffer: RasterBuffer)?
    private var lastFraction: CGPoint?
    /// The bitmap drawn through the last matrix it stayed at, with the
    /// sampling it was drawn with, placed at (`x`, `y`) in the target; and
    /// the matrix and sampling last asked for.
    private var transformed: (matrix: CATransform3D, sampling: ContentSampling, image: PixmanImage, buffer: RasterBuffer,
                              x: Int, y: Int)?
    private var lastMatrix: CATransform3D?
    private var lastSampling = ContentSampling.standard
    /// Whether a transformed copy is kept (for tests).
    var hasTransformedCopy: Bool { transformed != nil }
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

    /// Under perspective, an antialiased mask of the bitmap's `outline`
    /// (target pixels) covering `clip` (its top-left pixel is `clip`'s),
    /// times `fade`: pixman samples a projective map in 16.16 fixed point,
    /// and without this clip a column of the layer could show outside its
    /// outline (PerspectiveEdgeTests). Nil (draw unclipped) when there is
    /// no outline (a corner behind the eye) or `fade` is per channel.
    private func outlineMask(_ outline: [CGPoint]?, clip: PixelRect, fade: PixmanImage?, in destination: PixmanImage) -> PixmanImage? {
        if let fade, fade.hasComponentAlpha { return nil }
        guard let outline, let mask = PixmanImage(alphaWidth: clip.width, height: clip.height) else { return nil }
        if let coverage = Self.coverage(of: outline, width: destination.width, height: destination.height) {
            // The shares `compositeOver` blends with: both paths give the
            // same edges (and the same samples at pixman's own positions;
            // interpolated ones may come out a level apart, their spans
            // starting where each path's rows start).
            mask.write(coverage, origin: (clip.x, clip.y))
        } else {
            mask.fillPolygon(outline.map { CGPoint(x: $0.x - CGFloat(clip.x), y: $0.y - CGFloat(clip.y)) })
        }
        if let fade { mask.multiplyAlpha(by: fade, width: clip.width, height: clip.height) }
        return mask
    }
}
