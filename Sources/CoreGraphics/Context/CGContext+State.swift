/// The graphics state: Apple's setters, each changing only the current state.
extension CGContext {
    /// Pushes a copy of the graphics state (CTM, clip, colours, line
    /// attributes, alpha, blend mode, antialiasing, interpolation quality).
    /// The current path is not part of it.
    public func saveGState() {
        savedStates.append(gstate)
        cairo.save()
    }

    /// Pops the graphics state saved last; without one it does nothing and
    /// reports the unbalanced call.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else {
            reportOnce("restoreGState() without a matching saveGState()")
            return
        }
        gstate = saved
        cairo.restore()
    }

    // MARK: Transform

    /// The current transformation matrix: user space to device space
    /// (identity for a new bitmap context).
    public var ctm: CGAffineTransform { gstate.ctm }

    /// Applies `transform` to user space before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        gstate.ctm = transform.concatenating(gstate.ctm)
    }

    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (counterclockwise in the default y-up space).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    // MARK: Colour

    public func setFillColor(_ color: CGColor) {
        gstate.fillColor = GraphicsState.Color(color)
    }

    public func setStrokeColor(_ color: CGColor) {
        gstate.strokeColor = GraphicsState.Color(color)
    }

    /// Components are clamped to 0...1 (NaN: 0).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(gray: gray, alpha: alpha))
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(gray: gray, alpha: alpha))
    }

    /// The opacity everything is drawn with, clamped to 0...1.
    public func setAlpha(_ alpha: CGFloat) {
        gstate.alpha = CGColor.clampComponent(alpha)
    }

    /// How what is drawn combines with what is there. `.plusDarker` has no
    /// cairo operator and draws as `.normal` (reported once).
    public func setBlendMode(_ mode: CGBlendMode) {
        gstate.blendMode = mode
    }

    // MARK: Lines

    /// The stroke width in user units at stroke time; negative or
    /// non-finite widths are ignored (reported).
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return reportOnce("ignored line width \(width)") }
        gstate.lineWidth = width
    }

    public func setLineCap(_ cap: CGLineCap) { gstate.lineCap = cap }

    public func setLineJoin(_ join: CGLineJoin) { gstate.lineJoin = join }

    /// Where mitred joins become bevels; non-finite limits are ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return reportOnce("ignored miter limit \(limit)") }
        gstate.miterLimit = limit
    }

    /// Dashes strokes: painted and unpainted lengths alternate, starting
    /// `phase` units into the pattern. Empty (or all-zero) lengths draw
    /// solid lines; negative or non-finite values are ignored (reported).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return reportOnce("ignored line dash \(lengths) at phase \(phase)")
        }
        gstate.dashLengths = lengths.contains { $0 > 0 } ? lengths : []
        gstate.dashPhase = phase
    }

    // MARK: Quality

    /// Whether shapes are antialiased (part of the graphics state).
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        gstate.shouldAntialias = shouldAntialias
    }

    /// Whether antialiasing is allowed at all; it happens only when this and
    /// `setShouldAntialias` both say so. Not part of the graphics state.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        antialiasingAllowed = allowsAntialiasing
    }

    /// How images are resampled when drawn scaled (part of the graphics state).
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }

    // MARK: Applying the state to cairo

    /// Sets cairo's operator and antialiasing from the state.
    func applyCompositing() {
        if !cairo.setBlendMode(gstate.blendMode) {
            reportOnce("blend mode \(gstate.blendMode) is not supported; drawing with .normal")
        }
        cairo.setAntialias(gstate.shouldAntialias && antialiasingAllowed)
    }

    /// Sets cairo's line attributes from the state.
    func applyStrokeAttributes() {
        cairo.setLineWidth(gstate.lineWidth)
        cairo.setLineCap(gstate.lineCap)
        cairo.setLineJoin(gstate.lineJoin)
        cairo.setMiterLimit(gstate.miterLimit)
        cairo.setDash(gstate.dashLengths, phase: gstate.dashPhase)
    }

    /// Makes `color`, faded by the state's alpha, cairo's source.
    func applySource(_ color: GraphicsState.Color) {
        cairo.setSourceColor(red: color.red, green: color.green, blue: color.blue,
                             alpha: color.alpha * gstate.alpha)
    }
}
