/// The name of one of Core Animation's predefined timing functions.
///
/// Apple imports `CAMediaTimingFunctionName` as a typed string constant
/// (`NS_TYPED_ENUM`), so it has `init(rawValue:)` and the raw values are the
/// strings behind `kCAMediaTimingFunctionLinear` and friends.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Linear pacing: the animation progresses evenly over its duration.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Ease-in pacing: the animation begins slowly and speeds up.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ease-out pacing: the animation begins quickly and slows down.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Ease-in-ease-out pacing: slow at both ends, fastest in the middle.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default pacing (used by implicit animations and transactions).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A function that defines the pacing of an animation as a timing curve.
///
/// The curve is a cubic Bézier from (0, 0) to (1, 1) with two control points.
/// It maps an input time normalized to `[0, 1]` to an output progress, which
/// may leave `[0, 1]` when a control point's y does (overshoot).
///
/// Apple's class is an `NSObject` subclass. Here it is a `final`, immutable,
/// `Sendable` class instead: the render thread receives timing functions
/// inside commits, and Swift 6 can only prove that safe for a final class
/// with immutable stored properties (an `NSObject` subclass cannot be
/// `Sendable` without `@unchecked`). Nobody subclasses it in practice, and the
/// documented API (`init(name:)`, `init(controlPoints:_:_:_:)`,
/// `getControlPoint(at:values:)`) is unchanged. Equality and hashing compare
/// the control points, so `.default` equals a custom function with the same
/// points. Safe to use from any thread.
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    // Stored as Float, the precision Apple's API takes and hands back.
    private let c1x: Float
    private let c1y: Float
    private let c2x: Float
    private let c2y: Float

    /// Creates a timing function modeled as a cubic Bézier curve whose end
    /// points are (0, 0) and (1, 1) and whose control points are
    /// (`c1x`, `c1y`) and (`c2x`, `c2y`).
    ///
    /// The y values may lie outside `[0, 1]` to overshoot. Evaluation clamps
    /// the x values to `[0, 1]` (so that time never runs backwards within
    /// the curve); `getControlPoint(at:values:)` returns them as given.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
    }

    /// Creates one of the predefined timing functions.
    ///
    /// Control points (the values Apple's predefined functions report through
    /// `getControlPoint(at:values:)`):
    /// linear (0, 0, 1, 1), easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1),
    /// easeInEaseOut (0.42, 0, 0.58, 1), default (0.25, 0.1, 0.25, 1).
    /// An unknown name gives the linear function (Apple's behaviour there is
    /// undocumented; linear is the neutral choice).
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Writes the x and y of control point `idx` to `ptr[0]` and `ptr[1]`.
    ///
    /// `idx` must be between 0 and 3: 0 is (0, 0), 1 and 2 are the control
    /// points given at creation, 3 is (1, 1). For any other index nothing is
    /// written.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    public var description: String {
        "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y))"
    }

    /// The two inner control points as Doubles, as given at creation.
    package var controlPoints: (c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        (Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// The output progress for input time `x` (normally in `[0, 1]`).
    ///
    /// Solves the curve's x(t) = `x` for the Bézier parameter t to about
    /// 1e-12 (Newton's method, falling back to bisection when the slope is
    /// too flat), then returns y(t). The result is within 1e-7 of the exact
    /// curve except right at points where x(t) has zero slope and y(t) does
    /// not (a vertical tangent, e.g. control points (1, 0, 0, 1) at 0.5):
    /// there Double rounding in x(t) alone moves the answer by ~1e-5.
    ///
    /// Outside the curve's domain the end points hold: `x <= 0` (and NaN)
    /// gives 0, `x >= 1` gives 1. Callers pass fractions already clamped by
    /// the fill mode, so this only guards against stray input; Apple
    /// documents the domain as `[0, 1]` and does not say it extrapolates.
    package func evaluate(_ x: Double) -> Double {
        curve.evaluate(x)
    }

    /// The curve in power-basis form; compiled animations keep it so that
    /// a frame does not rebuild it (`CompiledAnimation`).
    var curve: UnitBezier {
        UnitBezier(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }
}
