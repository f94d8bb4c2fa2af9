/// Painting paths and shapes. Each call that paints the current path
/// clears it, as Apple documents; so do the rectangle and ellipse
/// conveniences, which paint a path of their own.
extension CGContext {
    /// Fills the current path (open subpaths count as closed) with the fill
    /// colour, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(takePath(), rule: rule)
    }

    /// Strokes the current path with the stroke colour and line attributes,
    /// then clears the path.
    public func strokePath() {
        stroke(takePath())
    }

    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = takePath()
        switch mode {
        case .fill: fill(path, rule: .winding)
        case .eoFill: fill(path, rule: .evenOdd)
        case .stroke: stroke(path)
        case .fillStroke:
            fill(path, rule: .winding)
            stroke(path)
        case .eoFillStroke:
            fill(path, rule: .evenOdd)
            stroke(path)
        }
    }

    /// Fills `rect` (in user space) with the fill colour.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Fills every rectangle with the fill colour.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    /// Strokes the outline of `rect`.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` `width` units wide; the state's line
    /// width is unchanged afterwards.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = gstate.lineWidth
        setLineWidth(width)
        stroke(rect)
        gstate.lineWidth = saved
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a line from each even-indexed point to the next one (an odd
    /// last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent (black for the `noneSkip…` layouts), within
    /// the clip. The current path is kept.
    public func clear(_ rect: CGRect) {
        guard cairo.setMatrix(gstate.ctm.concatenating(deviceToCairo)) else { return }
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else {
            return reportOnce("ignored clear of non-finite rectangle \(rect)")
        }
        cairo.setBlendMode(.clear)
        cairo.setAntialias(gstate.shouldAntialias && antialiasingAllowed)
        cairo.setPath(rect: rect.standardized)
        cairo.setFillRule(.winding)
        drawing(in: affectedArea(userExtents: cairo.fillExtents)) { cairo.fill() }
    }

    // MARK: Helpers

    /// The current path, which is cleared.
    private func takePath() -> CGPathSnapshot {
        defer { devicePath = CGPathSnapshot() }
        return devicePath
    }

    /// Fills `path` (in device space) with the fill colour under `rule`.
    func fill(_ path: CGPathSnapshot, rule: CGPathFillRule) {
        guard !path.isEmpty else { return }
        cairo.setMatrix(deviceToCairo)
        cairo.setPath(path)
        cairo.setFillRule(rule)
        applyCompositing()
        applySource(gstate.fillColor)
        drawing(in: affectedArea(userExtents: cairo.fillExtents)) { cairo.fill() }
    }

    /// Strokes `path` (in device space) under the CTM, so line widths and
    /// dashes are in user units. Draws nothing under a singular CTM.
    func stroke(_ path: CGPathSnapshot) {
        guard !path.isEmpty else { return }
        cairo.setMatrix(deviceToCairo)
        cairo.setPath(path) // cairo keeps the path in device space from here
        guard cairo.setMatrix(gstate.ctm.concatenating(deviceToCairo)) else {
            cairo.clearPath()
            return
        }
        applyCompositing()
        applyStrokeAttributes()
        applySource(gstate.strokeColor)
        drawing(in: affectedArea(userExtents: cairo.strokeExtents)) { cairo.stroke() }
    }
}
