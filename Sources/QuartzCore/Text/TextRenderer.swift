/// Draws a text layer's contents with pango and cairo, and measures its text.
///
/// Pure and thread-safe: a `TextRenderDescription` in, a `CGImage` out, so
/// the render server can call it on its own thread. Text is laid out from
/// the top-left corner of the bounds, as Apple's `CATextLayer` aligns its
/// first line to the top of the layer.
package enum TextRenderer {
    /// The largest image side drawn: cairo's own limit.
    static let maximumPixelSide = 32_767
    /// The most pixels drawn in one image (256 MiB of pixels).
    static let maximumPixelCount = 1 << 26
    /// The largest font drawn, in pixels: FreeType fails past about 65 000.
    static let maximumFontPixels: CGFloat = 60_000

    /// The layer's contents: an image of the bounds size × `contentsScale`
    /// pixels with the text drawn in it, transparent elsewhere (all of it for
    /// empty text). Nil when the size is empty, not finite, or too large.
    package static func render(_ description: TextRenderDescription) -> CGImage? {
        guard let (width, height) = pixelSize(of: description) else { return nil }
        let scale = effectiveScale(description.contentsScale)
        let storage = PixelStorage(width: width, height: height) { pixels, bytesPerRow in
            guard let fontSize = drawnFontSize(description.font.size, scale: scale), !description.text.isEmpty else { return }
            _ = SharedPangoFontMap.withContext(roundsGlyphPositions: description.allowsFontSubpixelQuantization) { fontMap in
                CairoImageSurface.draw(into: pixels, width: width, height: height, bytesPerRow: bytesPerRow) { surface in
                    surface.scale(x: scale, y: scale)
                    fontMap.adoptTransform(of: surface)
                    let builder = TextLayoutBuilder(description: description, fontSize: fontSize, scale: scale, measuring: false)
                    let layout = builder.layout(in: fontMap)
                    surface.setSourceColor(description.color)
                    surface.move(to: builder.origin(of: layout))
                    layout.show(in: surface)
                }
            }
        }
        return CGImage(storage: storage)
    }

    /// The size in points needed to show all of the text: the text's line
    /// boxes laid out on one line per paragraph, or wrapped at the bounds
    /// width when `isWrapped` (and that width is positive), rounded up to
    /// whole points. Truncation is ignored. Zero for empty text.
    package static func preferredSize(_ description: TextRenderDescription) -> CGSize {
        guard let fontSize = drawnFontSize(description.font.size, scale: 1), !description.text.isEmpty else { return .zero }
        return SharedPangoFontMap.withContext(roundsGlyphPositions: description.allowsFontSubpixelQuantization) { fontMap in
            fontMap.resetTransform()
            let builder = TextLayoutBuilder(description: description, fontSize: fontSize, scale: 1, measuring: true)
            let extents = builder.layout(in: fontMap).logicalExtents
            return CGSize(width: extents.width.rounded(.up), height: extents.height.rounded(.up))
        }
    }

    /// The image size in pixels, or nil (reported when too large).
    static func pixelSize(of description: TextRenderDescription) -> (Int, Int)? {
        let scale = effectiveScale(description.contentsScale)
        let width = (description.boundsSize.width * scale).rounded(.up)
        let height = (description.boundsSize.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        guard width <= CGFloat(maximumPixelSide), height <= CGFloat(maximumPixelSide),
              width * height <= CGFloat(maximumPixelCount)
        else {
            CADiagnostics.report("text layer contents of \(width) × \(height) pixels exceed what is drawn "
                + "(\(maximumPixelSide) a side, \(maximumPixelCount) in all); not drawn")
            return nil
        }
        return (Int(width), Int(height))
    }

    /// `contentsScale` when positive and finite, else 1.
    static func effectiveScale(_ scale: CGFloat) -> CGFloat {
        scale.isFinite && scale > 0 ? scale : 1
    }

    /// The font size in points text is drawn at, `scale` pixels a point:
    /// 0 means Core Text's default of 12 points (as `CTFontCreateWithName`
    /// reads it); a negative or non-finite size draws nothing (nil); a size
    /// past `maximumFontPixels` is drawn at that size, and reported.
    static func drawnFontSize(_ size: CGFloat, scale: CGFloat) -> CGFloat? {
        guard size.isFinite, size >= 0 else { return nil }
        // Pango sizes one of its fonts by the scale twice over (font size ×
        // context matrix × drawing matrix), so bound that one.
        let largest = maximumFontPixels / max(1, scale, scale * scale)
        guard size <= largest else {
            CADiagnostics.report("text layer font size \(size) at scale \(scale) exceeds the "
                + "\(Int(maximumFontPixels)) pixels drawn; drawn at \(largest) points")
            return largest
        }
        return size == 0 ? 12 : size
    }
}
