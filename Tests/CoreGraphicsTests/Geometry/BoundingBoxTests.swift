import XCTest
@testable import CoreGraphics

/// `CGRect(boundingPoints:)` and `BoundingBox`, which the render server uses
/// for every layer's corners every frame.
final class BoundingBoxTests: XCTestCase {
    func testTheBoxHoldsEveryPoint() {
        XCTAssertNil(CGRect(boundingPoints: []))
        XCTAssertEqual(CGRect(boundingPoints: [CGPoint(x: 3, y: -2)]), CGRect(x: 3, y: -2, width: 0, height: 0))
        let points = [CGPoint(x: 3, y: -2), CGPoint(x: -1.5, y: 4), CGPoint(x: 10, y: 0.25), CGPoint(x: 2, y: 7)]
        XCTAssertEqual(CGRect(boundingPoints: points), CGRect(x: -1.5, y: -2, width: 11.5, height: 9))
    }

    /// NaN falls out as `Sequence.min()` and `max()` let it (the box once
    /// came from them).
    func testNaNFallsOutAsMinAndMaxLetIt() {
        let values: [CGFloat] = [1, .nan, -3, 8, .nan, .infinity, -.infinity, 0]
        for a in values {
            for b in values {
                for c in values {
                    let points = [CGPoint(x: a, y: c), CGPoint(x: b, y: a), CGPoint(x: c, y: b)]
                    let xs = points.map(\.x), ys = points.map(\.y)
                    let box = CGRect(boundingPoints: points)!
                    let expected = (minX: xs.min()!, maxX: xs.max()!, minY: ys.min()!, maxY: ys.max()!)
                    XCTAssertTrue(box.origin.x.isNaN ? expected.minX.isNaN : box.origin.x == expected.minX, "\(points)")
                    XCTAssertTrue(box.origin.y.isNaN ? expected.minY.isNaN : box.origin.y == expected.minY, "\(points)")
                    let width = expected.maxX - expected.minX, height = expected.maxY - expected.minY
                    XCTAssertTrue(box.size.width.isNaN ? width.isNaN : box.size.width == width, "\(points)")
                    XCTAssertTrue(box.size.height.isNaN ? height.isNaN : box.size.height == height, "\(points)")
                }
            }
        }
    }
}
