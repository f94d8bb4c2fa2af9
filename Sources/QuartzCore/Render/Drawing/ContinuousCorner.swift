import Foundation

/// One corner of a continuous (`cornerCurve = .continuous`) rounded
/// rectangle: three cubics from a point 1.528665·r along the edge the path
/// arrives by to the same distance along the edge it leaves by.
///
/// The points are the widely copied iOS 7+ `UIBezierPath(roundedRect:…)`
/// constants (the PaintCode / Mike Swanson / Manfred Schwind reverse
/// engineering; the research notes in docs/behaviour.md): a cubic easing off
/// the edge, a near-circular cubic, and its mirror image.
///
/// Apple's curve for a corner cut back because its side is too short is
/// private. Lamina's: on a side where the corner may reach only `reach`
/// radii (1...1.528665), the half of the corner by that side (its start,
/// the first cubic and the middle cubic's first control point) is blended
/// linearly, point by point, between the continuous corner's and a quarter
/// circle's (drawn as three 30° cubics, the same structure), by how far
/// `reach` is from 1. At full reach it is the continuous corner exactly, at
/// a reach of one radius (r = side / 2) the circle exactly, and the
/// control polygon stays convex in between. Each side blends on its own, as
/// UIKit clamps side by side: a wide continuous capsule keeps its smooth
/// lead-in along its long sides and has round ends.
struct ContinuousCorner {
    /// How far the corner reaches along the edge the path arrives by, and
    /// along the one it leaves by, in radii.
    let reachIn: CGFloat, reachOut: CGFloat
    /// Whether the corner is rounded at all (`maskedCorners`).
    let isRounded: Bool

    /// The first half of the continuous corner (normalised by r: along the
    /// arriving edge from the corner, and inward); the second half is its
    /// mirror image across the diagonal.
    private static let continuousHalf: [CGPoint] = [
        CGPoint(x: RoundedRectPath.continuousExpansion, y: 0),
        CGPoint(x: 1.08849296, y: 0), CGPoint(x: 0.86840694, y: 0), CGPoint(x: 0.63149379, y: 0.07491139),
        CGPoint(x: 0.37282383, y: 0.16905956),
    ]

    /// The same five points of a quarter circle of radius 1 centred at
    /// (1, 1), cut into three 30° cubics with the usual handle length
    /// 4/3·tan(7.5°).
    private static let circularHalf: [CGPoint] = {
        let k = 4.0 / 3.0 * tan(Double.pi / 24)
        let cos30 = 3.0.squareRoot() / 2, sin30 = 0.5
        let joint = CGPoint(x: 1 - sin30, y: 1 - cos30)
        return [
            CGPoint(x: 1, y: 0), CGPoint(x: 1 - k, y: 0),
            CGPoint(x: joint.x + k * cos30, y: joint.y - k * sin30), joint,
            CGPoint(x: joint.x - k * cos30, y: joint.y + k * sin30),
        ]
    }()

    /// All ten points of a corner (start, then three cubics' controls and
    /// ends) from a half.
    private static func whole(_ half: [CGPoint]) -> [CGPoint] {
        half + half.reversed().map { CGPoint(x: $0.y, y: $0.x) }
    }

    private static let continuousPoints = whole(continuousHalf)
    private static let circularPoints = whole(circularHalf)

    /// Adds a line to the corner's start and its three cubics to `path`:
    /// `corner` is the rectangle's corner point, `back` the unit vector
    /// from it back along the arriving edge, `on` the one along the leaving
    /// edge. A corner that is not rounded is a line to `corner`.
    func add(to path: CGMutablePath, corner: CGPoint, back: CGPoint, on: CGPoint, radius r: CGFloat) {
        guard isRounded else { return path.addLine(to: corner) }
        let span = RoundedRectPath.continuousExpansion - 1
        let blendIn = max(0, min(1, (reachIn - 1) / span)), blendOut = max(0, min(1, (reachOut - 1) / span))
        let points = (0..<10).map { index -> CGPoint in
            let circle = Self.circularPoints[index], smooth = Self.continuousPoints[index]
            // The half of the corner by the arriving edge follows that
            // side's blend, the half by the leaving edge the other's.
            let blend = index < 5 ? blendIn : blendOut
            let x = circle.x + (smooth.x - circle.x) * blend, y = circle.y + (smooth.y - circle.y) * blend
            return CGPoint(x: corner.x + r * (x * back.x + y * on.x), y: corner.y + r * (x * back.y + y * on.y))
        }
        path.addLine(to: points[0])
        path.addCurve(to: points[3], control1: points[1], control2: points[2])
        path.addCurve(to: points[6], control1: points[4], control2: points[5])
        path.addCurve(to: points[9], control1: points[7], control2: points[8])
    }
}
