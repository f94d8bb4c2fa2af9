import XCTest
@testable import QuartzCore

/// Bad input never crashes or hangs: it is ignored with one logged message
/// naming the layer and the key path.
final class BadInputTests: ModelTestCase {
    func testWrongTypesAreIgnoredAndReported() {
        let layer = CALayer()
        layer.name = "menu"
        layer.position = CGPoint(x: 1, y: 2)
        layer.setValue("left", forKey: "position")
        layer.setValue(CGSize(width: 1, height: 1), forKey: "bounds")
        layer.setValue("opaque", forKey: "opacity")
        layer.setValue(12, forKey: "backgroundColor")
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 2))
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertTrue(diagnostics.contains("layer \"menu\", key path \"position\""))
        XCTAssertTrue(diagnostics.contains("key path \"bounds\""))
        XCTAssertTrue(diagnostics.contains("key path \"opacity\""))
        XCTAssertTrue(diagnostics.contains("key path \"backgroundColor\""))
    }

    func testNonFiniteGeometryIsRefused() {
        let layer = CALayer()
        layer.position = CGPoint(x: 5, y: 5)
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        layer.cornerRadius = .nan
        var transform = CATransform3DIdentity
        transform.m11 = .infinity
        layer.transform = transform
        layer.setValue(Double.nan, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 5, y: 5))
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertTrue(diagnostics.contains("non-finite"))
    }

    func testUnknownKeyPathsAreReported() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
        layer.setValue(1, forKeyPath: "position.z")
        layer.setValue(1, forKeyPath: "bounds.size.depth")
        layer.setValue(1, forKeyPath: "transform.rotation.w")
        layer.setValue(1, forKeyPath: "nothing.here")
        XCTAssertEqual(layer.position, .zero)
        XCTAssertTrue(diagnostics.contains("\"position.z\""))
        XCTAssertTrue(diagnostics.contains("\"bounds.size.depth\""))
        XCTAssertTrue(diagnostics.contains("\"transform.rotation.w\""))
        XCTAssertTrue(diagnostics.contains("\"nothing.here\""))
    }

    func testEachProblemIsReportedOnce() {
        let layer = CALayer()
        for _ in 0..<5 { layer.setValue("x", forKey: "opacity") }
        XCTAssertEqual(diagnostics.all.filter { $0.contains("\"opacity\"") }.count, 1)
    }

    func testNegativeSizesAreKeptButReported() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -10, height: 5)
        XCTAssertEqual(layer.bounds.size.width, -10)
        XCTAssertTrue(diagnostics.contains("negative size"))
    }

    func testCommitWithoutBeginIsIgnored() {
        CATransaction.commit()
        XCTAssertTrue(diagnostics.contains("without a matching begin"))
    }

    func testAnimationWithoutKeyPathIsReported() {
        let layer = CALayer()
        layer.add(CABasicAnimation(), forKey: "nothing")
        XCTAssertTrue(diagnostics.contains("has no keyPath"))
        XCTAssertNotNil(layer.animation(forKey: "nothing"))
    }
}
