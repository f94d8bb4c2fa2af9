import CPixman

extension PixelBufferView {
    /// The pixels of `area` (target pixels) of `buffer`, clipped to those it
    /// has memory for (a windowed scratch holds only its window).
    init(_ buffer: RasterBuffer, area: PixelRect) {
        guard let area = area.intersection(buffer.window) else {
            self.init(baseAddress: nil, width: 0, height: 0, bytesPerRow: 0)
            return
        }
        self.init(baseAddress: buffer.base + area.y * buffer.bytesPerRow + area.x * 4,
                  width: area.width, height: area.height, bytesPerRow: buffer.bytesPerRow)
    }
}

/// Filters on a group's pixels (`CIGaussianBlur`, `CIBloom`, `CIColorPosterize`).
enum ImageFilterRenderer {
    /// How far (pixels) a layer's filters, as presented, spread its drawing.
    /// Reads an animated input inline rather than building the presented
    /// list, as every group's node asks at every frame.
    static func outset(of state: LayerState, memo: BlurOutsetMemo) -> Int {
        state.filters.indices.reduce(0) { total, index in
            switch state.filters[index].filterName {
            case "CIGaussianBlur", "CIBloom":
                return total + memo.outset(forRadius: state.filterNumber("inputRadius", ofFilterAt: index, in: .filters) ?? 0)
            default: return total
            }
        }
    }

    /// How far (pixels) the filters spread a layer's drawing.
    static func outset(for filters: [CIFilterSnapshot]) -> Int {
        filters.reduce(0) { total, filter in
            switch filter.filterName {
            case "CIGaussianBlur", "CIBloom": return total + ImageEffects.outset(forRadius: filter.number("inputRadius") ?? 0)
            default: return total
            }
        }
    }

    /// Filters `area` of `buffer` reading the pixels around it too (so a
    /// blur near the area's edge sees real neighbours, not transparency),
    /// and writes back only `area`.
    static func applyInPlace(_ filters: [CIFilterSnapshot], to buffer: RasterBuffer, area: PixelRect) {
        // Within the pixels the buffer has (a windowed group scratch holds only its area).
        guard let area = area.intersection(buffer.window),
              let source = area.insetBy(-outset(for: filters)).intersection(buffer.window) else { return }
        let scratch = RasterBuffer(width: source.width, height: source.height)
        for row in 0..<source.height {
            (scratch.base + row * scratch.bytesPerRow)
                .copyMemory(from: buffer.base + (source.y + row) * buffer.bytesPerRow + source.x * 4, byteCount: source.width * 4)
        }
        apply(filters, to: scratch, area: PixelRect(x: 0, y: 0, width: source.width, height: source.height))
        for row in 0..<area.height {
            (buffer.base + (area.y + row) * buffer.bytesPerRow + area.x * 4).copyMemory(
                from: scratch.base + (area.y - source.y + row) * scratch.bytesPerRow + (area.x - source.x) * 4,
                byteCount: area.width * 4)
        }
    }

    /// Applies `filters` in order to `area` of `buffer`. Names the
    /// compositor cannot draw are reported once and skipped.
    static func apply(_ filters: [CIFilterSnapshot], to buffer: RasterBuffer, area: PixelRect) {
        guard !filters.isEmpty, !area.isEmpty else { return }
        let view = PixelBufferView(buffer, area: area)
        for filter in filters {
            switch filter.filterName {
            case "CIGaussianBlur":
                ImageEffects.gaussianBlur(source: view, into: view, radius: filter.number("inputRadius") ?? 10)
            case "CIBloom":
                ImageEffects.bloom(source: view, into: view, radius: filter.number("inputRadius") ?? 10,
                                   intensity: filter.number("inputIntensity") ?? 0.5)
            case "CIColorPosterize":
                ImageEffects.posterize(view, levels: filter.number("inputLevels") ?? 6)
            default:
                CADiagnostics.report("filter \(filter.filterName) is not drawn by the compositor; skipped")
            }
        }
    }
}

/// Layer shadows: the layer's alpha (or its `shadowPath`), offset, blurred
/// and tinted, drawn under the layer.
enum ShadowRenderer {
    /// The shadow's spread around the layer, in target pixels.
    static func spread(of node: DrawNode) -> Int {
        let state = node.state
        guard state.shadowOpacity > 0 else { return 0 }
        let offset = targetOffset(of: node)
        // Clamped before converting: an absurd offset must not trap (the
        // spread only grows damage, and the target is far smaller).
        let shift = max(abs(offset.x), abs(offset.y))
        return ImageEffects.shadowOutset(forRadius: Double(state.shadowRadius * scale(of: node)))
            + (shift.isFinite ? Int(min(shift, 1_048_576).rounded(.up)) : 0)
    }

    /// A non-group layer's shadow, from its own drawing or `shadowPath`.
    static func drawShadow(of node: DrawNode, content: LayerContent?, into destination: PixmanImage,
                           clip: PixelRect, opacity: Float, compositor: Compositor) {
        let spread = spread(of: node)
        guard let area = clip.insetBy(-spread).intersection(compositor.targetRect) else { return }
        let mask = compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(mask) }
        guard let maskImage = PixmanImage(buffer: mask) else { return }
        mask.clear(area)
        if let path = node.state.shadowPath {
            pathContent(path, node: node)?.composite(node: node, into: maskImage, mask: nil, clip: area)
        } else {
            content?.composite(node: node, into: maskImage, mask: nil, clip: area)
        }
        drawShadow(of: node, alpha: mask, area: area, into: destination, clip: clip, opacity: opacity, compositor: compositor)
    }

    /// A shadow cast by `alpha`'s pixels in `area` (a group's drawing).
    static func drawShadow(of node: DrawNode, alpha: RasterBuffer, area: PixelRect, into destination: PixmanImage,
                           clip: PixelRect, opacity: Float, compositor: Compositor) {
        let state = node.state
        let shadow = compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(shadow) }
        let offset = targetOffset(of: node)
        ImageEffects.renderShadow(alphaMask: PixelBufferView(alpha, area: area), into: PixelBufferView(shadow, area: area),
                                  color: state.shadowColor.map(EffectColor.init) ?? .black,
                                  opacity: Double(state.shadowOpacity),
                                  radius: Double(state.shadowRadius * scale(of: node)),
                                  offset: (Double(offset.x), Double(offset.y)))
        guard let shadowImage = PixmanImage(buffer: shadow), let drawn = clip.intersection(area) else { return }
        let fade = opacity < 1 ? compositor.opacityMasks.mask(for: Double(opacity)) : nil
        destination.composite(shadowImage, mask: fade, rect: drawn)
    }

    /// `shadowOffset` (layer space) in target pixels, through the layer's
    /// linear transform.
    static func targetOffset(of node: DrawNode) -> CGPoint {
        let m = node.matrix, offset = node.state.shadowOffset
        return CGPoint(x: offset.width * m.m11 + offset.height * m.m21, y: offset.width * m.m12 + offset.height * m.m22)
    }

    /// The layer's scale on screen (for the blur radius).
    static func scale(of node: DrawNode) -> CGFloat {
        let m = node.matrix
        return max((m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), (m.m21 * m.m21 + m.m22 * m.m22).squareRoot())
    }

    /// `shadowPath` filled opaque in the layer's space.
    private static func pathContent(_ path: CGPathSnapshot, node: DrawNode) -> LayerContent? {
        let extent = path.boundingBox
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return nil }
        let key = LayerContent.Key(node.state, scale: LayerContentCache.rasterScale(for: node))
        return LayerContent(key: key, extent: extent) { buffer in
            guard let context = LayerDrawingContext.make(over: buffer, origin: extent.origin, scale: key.scale) else { return }
            context.setFillColor(CGColor(gray: 0, alpha: 1))
            context.addPath(CGPath(path))
            context.fillPath()
        }
    }
}

/// Apple's compositing filter names as pixman operators.
enum BlendModes {
    /// The operator for `name`; nil (reported once) when the compositor
    /// cannot draw it, and the layer is drawn source-over.
    static func operation(forFilterName name: String) -> pixman_op_t? {
        let mode = CompositingOperator(filterName: name)
        if mode.pixmanOperator == nil {
            CADiagnostics.report("compositingFilter \"\(name)\" is not drawn by the compositor; drawn source-over")
        }
        return mode.pixmanOperator
    }
}

/// The reach of the last two blur radii asked for (`ImageEffects.outset(forRadius:)`):
/// `BlurKernel`'s search for its three boxes is about a thousand
/// instructions, and the compositor asks for every blurred group's reach at
/// every frame (issue 7). One per compositor, on its thread.
final class BlurOutsetMemo {
    private var recent: [(radius: Double, outset: Int)] = []

    func outset(forRadius radius: Double) -> Int {
        if let known = recent.first(where: { $0.radius == radius }) { return known.outset }
        let outset = ImageEffects.outset(forRadius: radius)
        if recent.count == 2 { recent.removeFirst() }
        recent.append((radius, outset))
        return outset
    }
}
