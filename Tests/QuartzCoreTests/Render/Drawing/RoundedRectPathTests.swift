import XCTest
@testable import QuartzCore

/// The outline `cornerCurve` gives a layer's rounded bounds
/// (`RoundedRectPath`, `ContinuousCorner`).
final class RoundedRectPathTests: XCTestCase {
    private let rect = CGRect(x: 10, y: 20, width: 200, height: 100)

    /// The straight stretches of the outline: each line element's start and end.
    private func lines(of path: CGPath) -> [(CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint)] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let point): (current, start) = (point, point)
            case .addLineTo(let point):
                result.append((current, point))
                current = point
            case .closeSubpath: result.append((current, start))
            default: current = element.endPoint ?? current
            }
        }
        return result
    }

    private func curves(of path: CGPath) -> [[CGPoint]] {
        path.elements.compactMap { if case .addCurveTo(let a, let b, let end) = $0 { [a, b, end] } else { nil } }
    }

    /// Each continuous corner starts 1.528665·r from the corner along both
    /// its edges: the straight part of the top edge runs from minX + 1.528665·r
    /// to maxX − 1.528665·r, and of the right edge likewise.
    func testAContinuousCornerReachesTheExpansionFactorTimesTheRadiusAlongEachEdge() {
        let r: CGFloat = 10
        let path = RoundedRectPath.path(rect, radius: r, corners: .all, curve: .continuous)
        let reach = 1.528665 * r
        let segments = lines(of: path)
        let top = try! XCTUnwrap(segments.first { $0.0.y == rect.minY && $0.1.y == rect.minY && $0.1.x > $0.0.x })
        XCTAssertEqual(top.0.x, rect.minX + reach, accuracy: 1e-9)
        XCTAssertEqual(top.1.x, rect.maxX - reach, accuracy: 1e-9)
        let right = try! XCTUnwrap(segments.first { $0.0.x == rect.maxX && $0.1.x == rect.maxX && $0.1.y > $0.0.y })
        XCTAssertEqual(right.0.y, rect.minY + reach, accuracy: 1e-9)
        XCTAssertEqual(right.1.y, rect.maxY - reach, accuracy: 1e-9)
        // Three cubics a corner, the first leaving the edge along it and
        // ending at Apple's point (0.63149379, 0.07491139)·r from the corner.
        let cubics = curves(of: path)
        XCTAssertEqual(cubics.count, 12)
        XCTAssertEqual(cubics[0][0].y, rect.minY, accuracy: 1e-9)
        XCTAssertEqual(cubics[0][2].x, rect.maxX - 0.63149379 * r, accuracy: 1e-9)
        XCTAssertEqual(cubics[0][2].y, rect.minY + 0.07491139 * r, accuracy: 1e-9)
        XCTAssertEqual(RoundedRectPath.continuousExpansion, CALayer.cornerCurveExpansionFactor(.continuous))
    }

    /// The circular curve keeps its quarter circles: straight edges stop one
    /// radius from the corner.
    func testACircularCornerReachesOneRadius() {
        let path = RoundedRectPath.path(rect, radius: 10, corners: .all, curve: .circular)
        let top = try! XCTUnwrap(lines(of: path).first { $0.0.y == rect.minY && $0.1.y == rect.minY })
        XCTAssertEqual(top.0.x, rect.minX + 10, accuracy: 1e-9)
        XCTAssertEqual(top.1.x, rect.maxX - 10, accuracy: 1e-9)
    }

    /// Past r = side / (2 · 1.528665) the corners of that side meet in its
    /// middle, and at r = side / 2 the corner is a quarter circle: a
    /// continuous circle is a circle (within the cubics' error).
    func testContinuousCornersMeetMidSideAndBecomeACircleAtHalfTheSide() {
        let square = CGRect(x: 0, y: 0, width: 100, height: 100)
        let nearThreshold = RoundedRectPath.path(square, radius: 40, corners: .all, curve: .continuous)
        for segment in lines(of: nearThreshold) {
            XCTAssertEqual(segment.0.x, segment.1.x, accuracy: 1e-9, "no straight stretch is left")
            XCTAssertEqual(segment.0.y, segment.1.y, accuracy: 1e-9, "no straight stretch is left")
        }
        let circle = RoundedRectPath.path(square, radius: 50, corners: .all, curve: .continuous)
        for cubic in curves(of: circle) {
            let end = cubic[2]
            XCTAssertEqual(hypot(end.x - 50, end.y - 50), 50, accuracy: 1e-9, "the joints lie on the circle")
        }
        // Points along the curves stay on the circle.
        let polygon = circle.flattened(tolerance: 0.01).flatMap { $0 }
        for point in polygon {
            XCTAssertEqual(hypot(point.x - 50, point.y - 50), 50, accuracy: 0.02)
        }
    }

    /// Just below the threshold the corner is still the continuous one,
    /// exactly; just above it, barely different (the blend is continuous).
    func testTheBlendIsContinuousAtTheThreshold() {
        let square = CGRect(x: 0, y: 0, width: 100, height: 100)
        let threshold = 50 / RoundedRectPath.continuousExpansion
        let below = curves(of: RoundedRectPath.path(square, radius: threshold, corners: .all, curve: .continuous))
        let above = curves(of: RoundedRectPath.path(square, radius: threshold + 1e-6, corners: .all, curve: .continuous))
        XCTAssertEqual(below[0][2].x, 100 - 0.63149379 * threshold, accuracy: 1e-9)
        for (a, b) in zip(below.joined(), above.joined()) {
            XCTAssertEqual(a.x, b.x, accuracy: 1e-4)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-4)
        }
    }

    /// `maskedCorners` leaves the other corners square, and a lone rounded
    /// corner on a side reaches its full 1.528665·r.
    func testMaskedCornersStaySquare() {
        let path = RoundedRectPath.path(rect, radius: 40, corners: [.layerMaxXMinYCorner], curve: .continuous)
        XCTAssertEqual(curves(of: path).count, 3)
        XCTAssertEqual(path.elements.first, .moveTo(CGPoint(x: rect.minX, y: rect.minY)))
        let top = try! XCTUnwrap(lines(of: path).first { $0.0.y == rect.minY && $0.1.y == rect.minY })
        XCTAssertEqual(top.1.x, rect.maxX - 1.528665 * 40, accuracy: 1e-9)
    }
}
