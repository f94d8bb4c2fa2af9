/// Filters on a group's pixels (`CIGaussianBlur`, `CIBloom`, `CIColorPosterize`).
enum ImageFilterRenderer {
    /// How far (pixels) a layer's filters, as presented, spread its drawing.
    /// Reads an animated input inline rather than building the presented
    /// list, as every group's node asks at every frame.
    static func outset(of state: LayerState, memo: BlurOutsetMemo) -> Int {
        state.filters.indices.reduce(0) { total, index in
            total + (state.presentedBlurRadius(ofFilterAt: index).map(memo.outset(forRadius:)) ?? 0)
        }
    }

    /// How far (pixels) the filters spread a layer's drawing.
    static func outset(for filters: [CIFilterSnapshot]) -> Int {
        filters.reduce(0) { total, filter in total + (filter.blurRadius.map(ImageEffects.outset(forRadius:)) ?? 0) }
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
