/// Rasterizes a layer's own drawing with CoreGraphics (cairo underneath), in
/// Apple's order: background colour, then contents (or a shape layer's
/// path, a gradient layer's gradient), then border; the corner
/// radius rounds the background and border, and clips the contents only
/// when the layer masks to bounds, as on Apple.
enum LayerContentRenderer {
    static func render(key: LayerContent.Key) -> LayerContent? {
        let bounds = key.bounds.standardized
        let hasBackground = key.backgroundColor.map { $0.alpha > 0 } ?? false
        let hasBorder = key.borderWidth > 0 && (key.borderColor.map { $0.alpha > 0 } ?? false)
        let image = key.contents
        let shapeState = key.shape.flatMap { $0.fills || $0.strokes ? $0 : nil }
        let gradient = key.gradient.flatMap { $0.colors.isEmpty ? nil : $0 }
        guard hasBackground || hasBorder || image != nil || shapeState != nil || gradient != nil else { return nil }
        var extent = bounds
        if let shapeState, !key.masksToBounds { extent = extent.union(shapeState.drawnBounds) }
        var placement = CGRect.null
        if let image {
            placement = ContentsGeometry.placement(
                bounds: bounds, imageSize: CGSize(width: image.width, height: image.height),
                contentsRect: key.contentsRect, contentsScale: key.contentsScale, gravity: key.contentsGravity)
            if !key.masksToBounds { extent = extent.union(placement) }
        }
        guard extent.width > 0, extent.height > 0, extent.width.isFinite, extent.height.isFinite else { return nil }
        let draw = { (buffer: RasterBuffer) in
            guard let context = LayerDrawingContext.make(over: buffer, origin: extent.origin, scale: key.scale)
            else { return }
            // The contents filter (`ContentSampling.samplesNearest`): cairo's nearest filter.
            if key.samplesNearest { context.interpolationQuality = .none }
            let shape = RoundedRectPath.path(bounds, radius: key.cornerRadius, corners: key.maskedCorners, curve: key.cornerCurve)
            if hasBackground, let color = key.backgroundColor {
                context.setFillColor(color.cgColor)
                context.addPath(shape)
                context.fillPath()
            }
            if let image, placement.width > 0, placement.height > 0 {
                context.saveGState()
                if key.masksToBounds {
                    context.addPath(shape)
                    context.clip()
                }
                if key.contentsCenter != LayerState.unitRect, key.contentsGravity == .resize {
                    drawNinePart(image, in: placement, key: key, context: context)
                } else {
                    drawContents(image, in: placement, contentsRect: key.contentsRect, context: context)
                }
                context.restoreGState()
            }
            if let shapeState {
                ShapeRenderer.draw(shapeState, clip: key.masksToBounds ? shape : nil, scale: key.scale, context: context)
            }
            if let gradient, bounds.width > 0, bounds.height > 0 {
                context.saveGState()
                context.addPath(key.masksToBounds ? shape : CGPath(rect: bounds, transform: nil))
                context.clip()
                gradient.draw(in: bounds, context: context)
                context.restoreGState()
            }
            if hasBorder, let color = key.borderColor {
                // Apple draws the border inside the bounds.
                let inset = key.borderWidth / 2
                let borderRect = bounds.insetBy(dx: inset, dy: inset)
                if borderRect.width > 0, borderRect.height > 0 {
                    context.setStrokeColor(color.cgColor)
                    context.setLineWidth(key.borderWidth)
                    context.addPath(RoundedRectPath.path(borderRect, radius: max(0, key.cornerRadius - inset),
                                                         corners: key.maskedCorners, curve: key.cornerCurve))
                    context.strokePath()
                }
            }
        }
        // A background colour alone, square-cornered, over whole pixels:
        // every pixel is that colour, and the bitmap need not exist.
        let isPlainRectangle = hasBackground && !hasBorder && image == nil && shapeState == nil && gradient == nil
            && key.cornerRadius == 0 && Self.isWholePixels(extent.width * key.scale)
            && Self.isWholePixels(extent.height * key.scale)
        if isPlainRectangle {
            // A colour animating makes a new one every frame: its pixel
            // worked out as cairo works it out, not drawn (`SolidColourPixel`
            // says what drawing it cost).
            let pixel = key.backgroundColor.flatMap { SolidColourPixel.matchesCairo ? SolidColourPixel.pixel(for: $0.rgba) : nil }
            return LayerContent(plainRectangle: key, extent: extent, pixel: pixel, drawing: draw)
        }
        let content = LayerContent(key: key, extent: extent, draw: draw)
        if hasBackground, !hasBorder, image == nil, shapeState == nil, gradient == nil, key.cornerRadius > 0,
           let color = key.backgroundColor {
            // A rounded background alone: drawn by its outline where it
            // moves (`LayerContent.fillsOutline`).
            content?.outlineFill = LayerContent.OutlineFill(
                path: RoundedRectPath.path(bounds, radius: key.cornerRadius, corners: key.maskedCorners, curve: key.cornerCurve),
                color: color)
        }
        return content
    }

    private static func isWholePixels(_ length: CGFloat) -> Bool { length.rounded(.down) == length }

    /// Draws the `contentsRect` part of `image` upright into `rect` (layer
    /// space, y down).
    private static func drawContents(_ image: CGImage, in rect: CGRect, contentsRect: CGRect, context: CGContext) {
        let unit = contentsRect.standardized
        guard unit.width > 0, unit.height > 0 else { return }
        // Scale the whole image so that its contentsRect part fills `rect`.
        let full = CGRect(x: rect.minX - unit.minX / unit.width * rect.width,
                          y: rect.minY - unit.minY / unit.height * rect.height,
                          width: rect.width / unit.width, height: rect.height / unit.height)
        context.saveGState()
        context.clip(to: rect)
        // The layer space is y-down; CoreGraphics draws images upright in a
        // y-up space, so flip around the destination.
        context.translateBy(x: 0, y: full.maxY + full.minY)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: full)
        context.restoreGState()
    }

    /// `contentsCenter`: the image's edges keep their natural size (pixels
    /// over `contentsScale`) and only the centre part stretches, as on Apple.
    /// Unit rectangles are y-down from the image's top, like the layer.
    private static func drawNinePart(_ image: CGImage, in rect: CGRect, key: LayerContent.Key, context: CGContext) {
        let crop = key.contentsRect.standardized
        let center = key.contentsCenter.standardized
        let scale = key.contentsScale > 0 && key.contentsScale.isFinite ? key.contentsScale : 1
        let natural = CGSize(width: CGFloat(image.width) * crop.width / scale, height: CGFloat(image.height) * crop.height / scale)
        // Source cuts in unit space of the cropped image, destination cuts in layer space.
        let sourceX = [0, max(0, min(1, center.minX)), max(0, min(1, center.maxX)), 1]
        let sourceY = [0, max(0, min(1, center.minY)), max(0, min(1, center.maxY)), 1]
        var left = sourceX[1] * natural.width, right = (1 - sourceX[2]) * natural.width
        var top = sourceY[1] * natural.height, bottom = (1 - sourceY[2]) * natural.height
        if left + right > rect.width, left + right > 0 {
            let shrink = rect.width / (left + right)
            left *= shrink
            right *= shrink
        }
        if top + bottom > rect.height, top + bottom > 0 {
            let shrink = rect.height / (top + bottom)
            top *= shrink
            bottom *= shrink
        }
        // Cuts fall on whole pixels: cells meeting inside a pixel would each
        // cover it partly and let the background show through as a seam.
        func snap(_ value: CGFloat) -> CGFloat { (value * key.scale).rounded() / key.scale }
        let destinationX = [rect.minX, rect.minX + left, rect.maxX - right, rect.maxX].map(snap)
        let destinationY = [rect.minY, rect.minY + top, rect.maxY - bottom, rect.maxY].map(snap)
        for column in 0..<3 {
            for row in 0..<3 {
                let cell = CGRect(x: destinationX[column], y: destinationY[row],
                                  width: destinationX[column + 1] - destinationX[column],
                                  height: destinationY[row + 1] - destinationY[row])
                let sourceCell = CGRect(x: crop.minX + sourceX[column] * crop.width, y: crop.minY + sourceY[row] * crop.height,
                                        width: (sourceX[column + 1] - sourceX[column]) * crop.width,
                                        height: (sourceY[row + 1] - sourceY[row]) * crop.height)
                guard cell.width > 0, cell.height > 0 else { continue }
                drawContents(image, in: cell, contentsRect: sourceCell, context: context)
            }
        }
    }
}

/// A `CGContext` over a raster buffer whose user space is a layer's space:
/// y down, `origin` at the buffer's top-left corner, `scale` pixels a point.
enum LayerDrawingContext {
    static func make(over buffer: RasterBuffer, origin: CGPoint, scale: CGFloat) -> CGContext? {
        let native = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue)
            .union(UInt32(littleEndian: 1) == 1 ? .byteOrder32Little : .byteOrder32Big)
        guard let context = CGContext(data: buffer.base, width: buffer.width, height: buffer.height,
                                      bitsPerComponent: 8, bytesPerRow: buffer.bytesPerRow,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: native.rawValue)
        else { return nil }
        // CoreGraphics' bitmap space is y up from the bottom row; flip it.
        context.translateBy(x: 0, y: CGFloat(buffer.height))
        context.scaleBy(x: 1, y: -1)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -origin.x, y: -origin.y)
        return context
    }
}
