import CoreGraphics
import XCTest

/// Rectangles, rounded rectangles and ellipses.
final class CGPathShapeTests: XCTestCase {
    private let k = 0.552_284_749_830_793_4 // quarter-circle Bézier handle, in radii

    func testAddRectStartsAtMinCornerAndGoesCounterclockwise() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(2, 4)]), (.addLineToPoint, [pt(10, 4)]), (.addLineToPoint, [pt(10, 20)]),
            (.addLineToPoint, [pt(2, 20)]), (.closeSubpath, []),
        ])
    }

    func testAddRectWithNegativeSizeUsesStandardizedCorners() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 20, width: -8, height: -16))
        XCTAssertEqual(path.elements.first, .moveTo(pt(2, 4)))
        XCTAssertEqual(path.boundingBox, CGRect(x: 2, y: 4, width: 8, height: 16))
    }

    func testAddRectAppliesTransform() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 1), transform: CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(0, 0)]), (.addLineToPoint, [pt(0, 2)]), (.addLineToPoint, [pt(-1, 2)]),
            (.addLineToPoint, [pt(-1, 0)]), (.closeSubpath, []),
        ])
    }

    func testAddNullRectAddsNothing() {
        let path = CGMutablePath()
        path.addRect(.null)
        path.addEllipse(in: .null)
        path.addRoundedRect(in: .null, cornerWidth: 1, cornerHeight: 1)
        XCTAssertTrue(path.isEmpty)
    }

    func testAddRectsAddsOneClosedSubpathEach() {
        let path = CGMutablePath()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)],
                      transform: CGAffineTransform(translationX: 1, y: 0))
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint,
                                           .closeSubpath, .moveToPoint, .addLineToPoint, .addLineToPoint,
                                           .addLineToPoint, .closeSubpath])
        XCTAssertEqual(path.elements[5], .moveTo(pt(6, 5)))
    }

    func testRectInitializerMatchesAddRect() {
        var t = CGAffineTransform(scaleX: 2, y: 3)
        let rect = CGRect(x: 1, y: 1, width: 4, height: 5)
        let mutable = CGMutablePath()
        mutable.addRect(rect, transform: t)
        XCTAssertEqual(CGPath(rect: rect, transform: &t), mutable)
        let plain = CGMutablePath()
        plain.addRect(rect)
        XCTAssertEqual(CGPath(rect: rect, transform: nil), plain)
    }

    func testAddEllipseMatchesApplesElementList() {
        // Apple's element list for this rectangle: starts at (maxX, midY),
        // angles increasing, four cubic curves, close.
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 40, y: 40, width: 200, height: 40))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(240, 60)]),
            (.addCurveToPoint, [pt(240, 71.045695), pt(195.228475, 80), pt(140, 80)]),
            (.addCurveToPoint, [pt(84.771525, 80), pt(40, 71.045695), pt(40, 60)]),
            (.addCurveToPoint, [pt(40, 48.954305), pt(84.771525, 40), pt(140, 40)]),
            (.addCurveToPoint, [pt(195.228475, 40), pt(240, 48.954305), pt(240, 60)]),
            (.closeSubpath, []),
        ])
    }

    func testCircleFromEllipseStaysOnTheCircle() {
        let path = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        for segment in path.snapshot.segments where segment.kind == .curve {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let p = segment.point(at: t)
                XCTAssertEqual(hypot(p.x, p.y), 10, accuracy: 10 * 0.0003, "at t=\(t)")
            }
        }
    }

    func testEllipseInitializerAppliesTransform() {
        var t = CGAffineTransform(translationX: 5, y: 0)
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2, height: 2), transform: &t)
        XCTAssertEqual(path.elements.first, .moveTo(pt(7, 1)))
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 5, y: 0, width: 2, height: 2))
    }

    func testAddRoundedRectElementList() {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5)
        let kx = 10 * k, ky = 5 * k
        XCTAssertElements(path, [
            (.moveToPoint, [pt(100, 5)]),
            (.addLineToPoint, [pt(100, 45)]),
            (.addCurveToPoint, [pt(100, 45 + ky), pt(90 + kx, 50), pt(90, 50)]),
            (.addLineToPoint, [pt(10, 50)]),
            (.addCurveToPoint, [pt(10 - kx, 50), pt(0, 45 + ky), pt(0, 45)]),
            (.addLineToPoint, [pt(0, 5)]),
            (.addCurveToPoint, [pt(0, 5 - ky), pt(10 - kx, 0), pt(10, 0)]),
            (.addLineToPoint, [pt(90, 0)]),
            (.addCurveToPoint, [pt(90 + kx, 0), pt(100, 5 - ky), pt(100, 5)]),
            (.closeSubpath, []),
        ])
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    func testRoundedRectCornersAreClampedAndZeroEdgesDropped() {
        // Corners larger than half the rectangle become a capsule: no
        // straight lines left on the short sides.
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 20), cornerWidth: 80, cornerHeight: 30)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint,
                                           .addCurveToPoint, .closeSubpath])
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 20))
    }

    func testRoundedRectWithZeroCornersIsAPlainRect() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let path = CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 5, transform: nil)
        XCTAssertEqual(path, CGPath(rect: rect, transform: nil))
        XCTAssertTrue(path.isRect(nil))
        let negative = CGPath(roundedRect: rect, cornerWidth: -3, cornerHeight: -3, transform: nil)
        XCTAssertEqual(negative, CGPath(rect: rect, transform: nil))
    }

    func testRoundedRectInitializerMatchesAddRoundedRect() {
        var t = CGAffineTransform(rotationAngle: 0.5)
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let mutable = CGMutablePath()
        mutable.addRoundedRect(in: rect, cornerWidth: 4, cornerHeight: 6, transform: t)
        XCTAssertEqual(CGPath(roundedRect: rect, cornerWidth: 4, cornerHeight: 6, transform: &t), mutable)
    }
}

extension CGPathShapeTests {
    func testRoundedRectWithHalfHeightCornersHasNoVerticalEdgesEvenWithRounding() {
        // 0.1 + 0.2 style rounding must not leave a stray, almost-zero line.
        let rect = CGRect(x: 0.1, y: 0.2, width: 10.3, height: 0.7)
        let path = CGPath(roundedRect: rect, cornerWidth: 1, cornerHeight: 0.35, transform: nil)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                                           .addCurveToPoint, .addLineToPoint, .addCurveToPoint, .closeSubpath])
    }
}
