/// Building the current path. Points are in user space and are mapped
/// through the CTM as they are added (changing the CTM later does not move
/// them), as in Quartz. Segments that need a current point are ignored on
/// an empty path, and elements with non-finite coordinates are ignored and
/// reported. Arcs, ellipses and rectangles are built exactly as
/// `CGMutablePath` builds them.
extension CGContext {
    /// Discards the current path.
    public func beginPath() {
        devicePath = CGPathSnapshot()
    }

    public func move(to point: CGPoint) {
        appendUserElement(.moveTo(point))
    }

    public func addLine(to point: CGPoint) {
        appendUserElement(.addLineTo(point))
    }

    /// Moves to the first point, then adds lines through the rest; an empty
    /// array adds nothing.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        appendUserElement(.addCurveTo(control1: control1, control2: control2, end: end))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        appendUserElement(.addQuadCurveTo(control: control, end: end))
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        devicePath.append(.closeSubpath)
    }

    /// Adds an arc from `startAngle` to `endAngle` (radians from +x towards
    /// +y), preceded by a line from the current point. `clockwise: false`
    /// increases the angle: counterclockwise in the default y-up space,
    /// clockwise on screen in a flipped one. The sweep follows
    /// `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`:
    /// every turn kept in the requested direction, a whole number of turns
    /// the wrong way (`CGContextAddArc(c, x, y, r, 0, 2*M_PI, 1)`) one full
    /// circle, anything else the wrong way the way round to the end point.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        appendChecked { $0.appendArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                                     clockwise: clockwise, transform: gstate.ctm) }
    }

    /// Adds the arc of `radius` tangent to the line from the current point
    /// to `tangent1End` and the line from there to `tangent2End`, preceded
    /// by a line to its first tangent point. Needs a current point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        appendChecked { $0.appendTangentArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius,
                                            transform: gstate.ctm) }
    }

    /// Adds a closed rectangle subpath.
    public func addRect(_ rect: CGRect) {
        appendChecked { $0.appendRect(rect, transform: gstate.ctm) }
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// Adds a closed ellipse subpath fitting `rect`.
    public func addEllipse(in rect: CGRect) {
        appendChecked { $0.appendEllipse(in: rect, transform: gstate.ctm) }
    }

    /// Adds every element of `path`, read in user space.
    public func addPath(_ path: CGPath) {
        let mapped = path.snapshot.applying(gstate.ctm)
        appendChecked { $0.append(contentsOf: mapped) }
    }

    /// True when the current path has no elements.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point in user space; `.zero` when the path is empty.
    public var currentPointOfPath: CGPoint {
        devicePath.isEmpty ? .zero : devicePath.currentPoint.applying(gstate.ctm.inverted())
    }

    /// The smallest rectangle in user space holding every point of the
    /// current path, control points included (Apple documents that);
    /// `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        devicePath.applying(gstate.ctm.inverted()).boundingBox
    }

    // MARK: Helpers

    /// Appends one user-space element, mapped through the CTM.
    private func appendUserElement(_ element: CGPathElementValue) {
        appendChecked { $0.append(element.applying(gstate.ctm)) }
    }

    /// Lets `add` build the addition on a scratch path that starts at the
    /// current point, then appends it when every new point is finite.
    private func appendChecked(_ add: (inout CGPathSnapshot) -> Void) {
        var addition = CGPathSnapshot()
        let seeded = devicePath.hasCurrentPoint
        if seeded { addition.append(.moveTo(devicePath.currentPoint)) }
        add(&addition)
        let added = addition.elements.dropFirst(seeded ? 1 : 0)
        guard added.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
            return reportOnce("ignored path elements with non-finite coordinates")
        }
        for element in added { devicePath.append(element) }
    }
}
