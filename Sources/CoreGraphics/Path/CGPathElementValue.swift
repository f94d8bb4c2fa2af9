/// One path element as a plain Swift value: a Lamina addition, not Apple API.
///
/// `CGPathElement` is Apple's pointer-based view, valid only inside an
/// enumeration callback. This enum carries the same information by value and
/// is `Sendable`, so the render thread and the animation engine can hold path
/// geometry (see `CGPathSnapshot`). The points of curves are listed in Apple's
/// order: control point(s) first, end point last.
public enum CGPathElementValue: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case moveTo(CGPoint)
    /// A straight line from the current point to the point.
    case addLineTo(CGPoint)
    /// A quadratic Bézier curve from the current point to `end`.
    case addQuadCurveTo(control: CGPoint, end: CGPoint)
    /// A cubic Bézier curve from the current point to `end`.
    case addCurveTo(control1: CGPoint, control2: CGPoint, end: CGPoint)
    /// A straight line back to the subpath's start, closing it.
    case closeSubpath

    /// Apple's element type for this element.
    public var type: CGPathElementType {
        switch self {
        case .moveTo: return .moveToPoint
        case .addLineTo: return .addLineToPoint
        case .addQuadCurveTo: return .addQuadCurveToPoint
        case .addCurveTo: return .addCurveToPoint
        case .closeSubpath: return .closeSubpath
        }
    }

    /// The element's points in Apple's order (controls first, end point last).
    public var points: [CGPoint] {
        switch self {
        case .moveTo(let point), .addLineTo(let point): return [point]
        case .addQuadCurveTo(let control, let end): return [control, end]
        case .addCurveTo(let control1, let control2, let end): return [control1, control2, end]
        case .closeSubpath: return []
        }
    }

    /// The point the element ends at, or nil for `closeSubpath` (which ends at
    /// the subpath's start, something only the whole path knows).
    public var endPoint: CGPoint? {
        switch self {
        case .moveTo(let point), .addLineTo(let point): return point
        case .addQuadCurveTo(_, let end), .addCurveTo(_, _, let end): return end
        case .closeSubpath: return nil
        }
    }

    /// The element with every point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPathElementValue {
        switch self {
        case .moveTo(let point):
            return .moveTo(point.applying(t))
        case .addLineTo(let point):
            return .addLineTo(point.applying(t))
        case .addQuadCurveTo(let control, let end):
            return .addQuadCurveTo(control: control.applying(t), end: end.applying(t))
        case .addCurveTo(let control1, let control2, let end):
            return .addCurveTo(control1: control1.applying(t), control2: control2.applying(t),
                               end: end.applying(t))
        case .closeSubpath:
            return .closeSubpath
        }
    }
}
