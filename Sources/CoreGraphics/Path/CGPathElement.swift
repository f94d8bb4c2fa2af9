/// The kind of a path element, Apple's `CGPathElementType`.
///
/// The raw values match Apple's `kCGPathElement…` constants.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath; one point.
    case moveToPoint = 0
    /// A straight line from the current point; one point.
    case addLineToPoint = 1
    /// A quadratic Bézier curve; two points: the control point, then the end point.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve; three points: two control points, then the end point.
    case addCurveToPoint = 3
    /// Closes the current subpath; no points.
    case closeSubpath = 4
}

/// One element of a path as Apple hands it to `applyWithBlock(_:)` and
/// `apply(info:function:)`.
///
/// `points` is only valid for the duration of the callback, as on Apple
/// platforms; copy the points out if you need them later.
public struct CGPathElement {
    /// The element's kind, which says how many entries of `points` are valid.
    public var type: CGPathElementType
    /// The element's points (0 to 3 of them, see `CGPathElementType`).
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which regions are inside a path, Apple's `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the winding number is non-zero.
    case winding = 0
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}

/// The block type of `CGPath.applyWithBlock(_:)`.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

/// The callback type of `CGPath.apply(info:function:)`.
///
/// Apple's is `@convention(c)`; Swift on Linux cannot represent a pointer to
/// this Swift struct in a C function type, so Lamina's is a plain Swift
/// function type. Closure literals without captures (the only kind a C
/// function type accepts) work unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void
