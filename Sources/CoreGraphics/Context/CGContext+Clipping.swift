/// Clipping: each call intersects the clip (part of the graphics state)
/// with a new area; `saveGState()`/`restoreGState()` undo it.
extension CGContext {
    /// Intersects the clip with the area the current path fills under
    /// `rule`, then clears the path. An empty path clips everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = devicePath
        devicePath = CGPathSnapshot()
        cairo.setMatrix(deviceToCairo)
        cairo.setPath(path)
        cairo.setFillRule(rule)
        cairo.setAntialias(gstate.shouldAntialias && antialiasingAllowed)
        cairo.clip()
    }

    /// Intersects the clip with `rect` (in user space). The current path is kept.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects`. The current path is kept.
    public func clip(to rects: [CGRect]) {
        var area = CGPathSnapshot()
        for rect in rects { area.appendRect(rect.standardized, transform: gstate.ctm) }
        guard area.elements.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
            return reportOnce("ignored clip to non-finite rectangles \(rects)")
        }
        cairo.setMatrix(deviceToCairo)
        cairo.setPath(area)
        cairo.setFillRule(.winding)
        cairo.setAntialias(gstate.shouldAntialias && antialiasingAllowed)
        cairo.clip()
    }

    /// The bounds of the clip in user space; the whole bitmap when nothing
    /// was clipped.
    public var boundingBoxOfClipPath: CGRect {
        cairo.setMatrix(deviceToCairo)
        let device = cairo.clipExtents
        guard CairoContext.isInvertible(gstate.ctm) else { return .null }
        return device.applying(gstate.ctm.inverted())
    }
}
