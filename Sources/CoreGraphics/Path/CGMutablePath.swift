/// A mutable graphics path, Apple's `CGMutablePath`.
///
/// Every `transform:` parameter (default `.identity`) maps the points being
/// added before they are stored, so it affects only that addition.
/// Segments added while the path has no current point (a line, a curve or a
/// tangent arc on an empty path) are ignored, as Apple ignores them with a
/// "no current point" warning.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(storage: CGPathSnapshot())
    }

    /// A mutable path starting out with `storage`'s elements. Deliberately
    /// not an override of `CGPath.init(storage:)`: overriding every designated
    /// initializer would make `CGMutablePath` inherit `CGPath`'s convenience
    /// initializers (`CGMutablePath(rect:transform:)` …), which Apple's lacks.
    init(copying storage: CGPathSnapshot) {
        super.init(storage: storage)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.moveTo(point.applying(transform)))
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.addLineTo(point.applying(transform)))
    }

    /// Moves to the first point, then adds lines through the rest, as Apple
    /// documents; an empty array adds nothing.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        storage.append(.moveTo(first.applying(transform)))
        for point in points.dropFirst() { storage.append(.addLineTo(point.applying(transform))) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.addQuadCurveTo(control: control.applying(transform), end: end.applying(transform)))
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        storage.append(.addCurveTo(control1: control1.applying(transform),
                                   control2: control2.applying(transform), end: end.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start; the current
    /// point becomes that start. Does nothing when no subpath is open.
    public func closeSubpath() {
        storage.append(.closeSubpath)
    }

    /// Adds a closed rectangle subpath (see `CGPath(rect:transform:)` for the order).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendRect(rect, transform: transform)
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { storage.appendRect(rect, transform: transform) }
    }

    /// Adds a closed rounded-rectangle subpath; corner sizes are clamped to
    /// 0...half the rectangle (Apple crashes outside that range).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        storage.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                                  transform: transform)
    }

    /// Adds a closed ellipse subpath of four cubic Béziers, starting at the
    /// rectangle's right-most point, angles increasing.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendEllipse(in: rect, transform: transform)
    }

    /// Adds an arc from `startAngle` to `endAngle` (radians from the +x axis
    /// towards +y). `clockwise: false` goes with increasing angles, which is
    /// counterclockwise in a y-up space (and clockwise on a flipped, y-down
    /// screen). Preceded by a line from the current point to the arc's
    /// start, or a move-to on an empty path; the arc's end becomes the
    /// current point.
    ///
    /// The sweep, as CoreGraphics draws it: when `endAngle − startAngle`
    /// goes the requested way, exactly that, every turn kept (1.5π → 5.5π
    /// counterclockwise is two turns); equal angles add only the start
    /// point; otherwise the arc goes the requested way from the start point
    /// round to the end point, and a whole number of turns the wrong way
    /// (0 → 2π clockwise) is one full circle. Apple's header says that last
    /// case "draws nothing" but may draw the circle through round-off;
    /// code written for Apple relies on the circle (docs/behaviour.md,
    /// "Arcs"). A non-finite angle adds nothing; a sweep past 1,024 turns is
    /// cut to 1,024. Each is reported once through `CGDiagnostics`.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        storage.appendArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                          clockwise: clockwise, transform: transform)
    }

    /// Adds the arc of `radius` tangent to the line from the current point to
    /// `tangent1End` and to the line from `tangent1End` to `tangent2End`,
    /// preceded by a line to its first tangent point. Needs a current point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        storage.appendTangentArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius,
                                 transform: transform)
    }

    /// Adds an arc of `delta` radians from `startAngle`; a positive `delta`
    /// goes with increasing angles (counterclockwise in a y-up space), and
    /// the arc sweeps exactly `delta`, several turns when |`delta`| > 2π
    /// (Apple: "delta determines both the length of the arc and the
    /// direction"). A `delta` of 0 adds only the start point. Preceded by a
    /// line from the current point, or a move-to on an empty path.
    /// Non-finite input adds nothing; past 1,024 turns the sweep is cut to
    /// 1,024. Each is reported once through `CGDiagnostics`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        storage.appendArc(center: center, radius: radius, startAngle: startAngle, delta: delta,
                          transform: transform)
    }

    /// Appends every element of `path`, mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        // Read first: `path` may be `self`.
        let added = path.storage.applying(transform)
        storage.append(contentsOf: added)
    }
}
