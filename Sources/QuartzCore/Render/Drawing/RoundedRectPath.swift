/// The outline of a layer's bounds rounded by `cornerRadius`, on the corners
/// of `maskedCorners`, with the curve of `cornerCurve`: what its background
/// fills, its border strokes, `masksToBounds` clips to and a shadow without
/// a `shadowPath` is cast by.
enum RoundedRectPath {
    /// `CALayerCornerCurve` as the render server keeps it; a curve Apple
    /// does not define is drawn circular.
    enum Curve: UInt8, Sendable {
        case circular, continuous

        init(_ curve: CALayerCornerCurve) { self = curve == .continuous ? .continuous : .circular }
    }

    /// How far along each edge a continuous corner reaches, in radii:
    /// `CALayer.cornerCurveExpansionFactor(.continuous)`.
    static let continuousExpansion: CGFloat = 1.528665

    /// `rect` with its `corners` rounded by `radius` (at most half the
    /// shorter side) along `curve`; minY is the top in layer space.
    static func path(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: Curve) -> CGPath {
        let r = max(0, min(radius.isFinite ? radius : 0, rect.width / 2, rect.height / 2))
        guard r > 0, !corners.isEmpty else { return CGPath(rect: rect, transform: nil) }
        switch curve {
        case .circular: return circular(rect, radius: r, corners: corners)
        case .continuous: return continuous(rect, radius: r, corners: corners)
        }
    }

    /// Quarter circles, as `CGPath(roundedRect:…)` draws them.
    private static func circular(_ rect: CGRect, radius r: CGFloat, corners: CACornerMask) -> CGPath {
        func cornerRadius(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? r : 0 }
        let topLeft = cornerRadius(.layerMinXMinYCorner), topRight = cornerRadius(.layerMaxXMinYCorner)
        let bottomLeft = cornerRadius(.layerMinXMaxYCorner), bottomRight = cornerRadius(.layerMaxXMaxYCorner)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: rect.minX + topLeft, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - topRight, y: rect.minY))
        if topRight > 0 {
            path.addArc(tangent1End: CGPoint(x: rect.maxX, y: rect.minY), tangent2End: CGPoint(x: rect.maxX, y: rect.maxY), radius: topRight)
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - bottomRight))
        if bottomRight > 0 {
            path.addArc(tangent1End: CGPoint(x: rect.maxX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.maxY), radius: bottomRight)
        }
        path.addLine(to: CGPoint(x: rect.minX + bottomLeft, y: rect.maxY))
        if bottomLeft > 0 {
            path.addArc(tangent1End: CGPoint(x: rect.minX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.minY), radius: bottomLeft)
        }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + topLeft))
        if topLeft > 0 {
            path.addArc(tangent1End: CGPoint(x: rect.minX, y: rect.minY), tangent2End: CGPoint(x: rect.maxX, y: rect.minY), radius: topLeft)
        }
        path.closeSubpath()
        return path
    }

    /// Apple's continuous corners: each reaches `continuousExpansion`·r
    /// along both its edges and is three cubics (`ContinuousCorner`).
    /// Where the two corners of a side would together reach past its middle
    /// (r > side / (2 · 1.528665)), both are cut back to the middle and
    /// their halves on that side turn towards a circle (`ContinuousCorner`
    /// says how), as UIKit's CA-matching path clamps them side by side.
    private static func continuous(_ rect: CGRect, radius r: CGFloat, corners: CACornerMask) -> CGPath {
        let topLeft = corners.contains(.layerMinXMinYCorner), topRight = corners.contains(.layerMaxXMinYCorner)
        let bottomLeft = corners.contains(.layerMinXMaxYCorner), bottomRight = corners.contains(.layerMaxXMaxYCorner)
        /// How far (in radii) the corners reach along a side of `length`,
        /// rounded at both ends or at one.
        func reach(_ length: CGFloat, bothRounded: Bool) -> CGFloat {
            max(1, min(continuousExpansion, (bothRounded ? length / 2 : length) / r))
        }
        let top = reach(rect.width, bothRounded: topLeft && topRight)
        let bottom = reach(rect.width, bothRounded: bottomLeft && bottomRight)
        let left = reach(rect.height, bothRounded: topLeft && bottomLeft)
        let right = reach(rect.height, bothRounded: topRight && bottomRight)
        // Each corner clockwise on screen (y down), from the edge the path
        // arrives along to the one it leaves along: its point, and unit
        // vectors back along the first edge and on along the second.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: rect.minX + (topLeft ? top * r : 0), y: rect.minY))
        ContinuousCorner(reachIn: top, reachOut: right, isRounded: topRight)
            .add(to: path, corner: CGPoint(x: rect.maxX, y: rect.minY), back: CGPoint(x: -1, y: 0), on: CGPoint(x: 0, y: 1), radius: r)
        ContinuousCorner(reachIn: right, reachOut: bottom, isRounded: bottomRight)
            .add(to: path, corner: CGPoint(x: rect.maxX, y: rect.maxY), back: CGPoint(x: 0, y: -1), on: CGPoint(x: -1, y: 0), radius: r)
        ContinuousCorner(reachIn: bottom, reachOut: left, isRounded: bottomLeft)
            .add(to: path, corner: CGPoint(x: rect.minX, y: rect.maxY), back: CGPoint(x: 1, y: 0), on: CGPoint(x: 0, y: -1), radius: r)
        ContinuousCorner(reachIn: left, reachOut: top, isRounded: topLeft)
            .add(to: path, corner: CGPoint(x: rect.minX, y: rect.minY), back: CGPoint(x: 0, y: 1), on: CGPoint(x: 1, y: 0), radius: r)
        path.closeSubpath()
        return path
    }
}
