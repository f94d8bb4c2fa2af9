import XCTest
@testable import QuartzCore

final class CALayerGeometryTests: ModelTestCase {
    /// The programming guide's example: position and anchor point together
    /// place the bounds; moving the anchor point moves the frame, not the position.
    func testFrameDerivesFromPositionAnchorPointAndBounds() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 50, y: 50, width: 100, height: 100))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        XCTAssertEqual(layer.position, CGPoint(x: 100, y: 100))
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 100, width: 100, height: 100))
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    func testBoundsOriginDoesNotMoveTheFrame() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 30, y: 40, width: 10, height: 20)
        layer.position = CGPoint(x: 5, y: 10)
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 0, width: 10, height: 20))
    }

    /// With a transform the frame is the bounding box of the transformed bounds.
    func testFrameIsBoundingBoxOfTransformedBounds() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 200)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertEqual(layer.frame, CGRect(x: 175, y: 150, width: 50, height: 100), accuracy: 1e-9)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let side = (100 + 50) / 2.0.squareRoot()
        XCTAssertEqual(layer.frame, CGRect(x: 200 - side / 2, y: 200 - side / 2, width: side, height: side), accuracy: 1e-9)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 125, width: 200, height: 150), accuracy: 1e-9)
    }

    /// Setting the frame sets position and bounds size; nothing stores a frame.
    func testSettingFrameSetsPositionAndBoundsSize() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 5, width: 1, height: 1)
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 5, width: 40, height: 60))
        XCTAssertEqual(layer.position, CGPoint(x: 20, y: 50))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 40, height: 60))
        XCTAssertNil(layer.storage["frame"])
    }

    func testAffineTransformRoundTrips() {
        let layer = CALayer()
        let affine = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        layer.setAffineTransform(affine)
        XCTAssertEqual(layer.affineTransform(), affine)
        XCTAssertTrue(CATransform3DIsAffine(layer.transform))
    }

    private func makeTree() -> (root: CALayer, child: CALayer, grandchild: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.position = CGPoint(x: 200, y: 200)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 150, y: 150)
        let grandchild = CALayer()
        grandchild.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        grandchild.position = CGPoint(x: 10, y: 10)
        root.addSublayer(child)
        child.addSublayer(grandchild)
        return (root, child, grandchild)
    }

    func testConvertPointsAndRectsBetweenLayers() {
        let (root, child, grandchild) = makeTree()
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 100, y: 100))
        XCTAssertEqual(root.convert(CGPoint(x: 100, y: 100), to: child), CGPoint(x: 0, y: 0))
        XCTAssertEqual(grandchild.convert(CGPoint(x: 5, y: 5), to: root), CGPoint(x: 105, y: 105))
        XCTAssertEqual(root.convert(CGPoint(x: 105, y: 105), to: grandchild), CGPoint(x: 5, y: 5))
        XCTAssertEqual(child.convert(CGRect(x: 10, y: 10, width: 5, height: 5), from: grandchild),
                       CGRect(x: 10, y: 10, width: 5, height: 5))
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The child's top-left corner turns to its top-right around its center (150, 150).
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 200, y: 100), accuracy: 1e-9)
        XCTAssertEqual(root.convert(CGPoint(x: 200, y: 100), to: child), CGPoint(x: 0, y: 0), accuracy: 1e-9)
        XCTAssertEqual(child.convert(CGRect(x: 0, y: 0, width: 100, height: 10), to: root),
                       CGRect(x: 190, y: 100, width: 10, height: 100), accuracy: 1e-9)
    }

    /// The superlayer's `sublayerTransform` applies about its anchor point.
    func testSublayerTransformAppliesToSublayers() {
        let (root, child, _) = makeTree()
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // Child's origin was at (100, 100): scaled by 2 about (200, 200) -> (0, 0).
        XCTAssertEqual(child.convert(CGPoint.zero, to: root), CGPoint(x: 0, y: 0), accuracy: 1e-9)
        // The frame ignores the superlayer's sublayerTransform, as Apple's does.
        XCTAssertEqual(child.frame, CGRect(x: 100, y: 100, width: 100, height: 100))
    }

    /// `isGeometryFlipped` puts the sublayer space's origin at the bottom left.
    func testGeometryFlippedFlipsSublayerSpace() {
        let (root, child, _) = makeTree()
        root.isGeometryFlipped = true
        // Child's origin at y 100 measured from the bottom: 400 - 100 = 300 in
        // the unflipped space, and its y axis now grows upward.
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 100, y: 300), accuracy: 1e-9)
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 10), to: root), CGPoint(x: 100, y: 290), accuracy: 1e-9)
        XCTAssertEqual(root.convert(CGPoint(x: 100, y: 300), to: child), CGPoint.zero, accuracy: 1e-9)
    }

    func testHitTestFindsDeepestLayerThroughTransforms() {
        let (root, child, grandchild) = makeTree()
        XCTAssertTrue(root.hitTest(CGPoint(x: 105, y: 105)) === grandchild)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150)) === child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 500, y: 10)))
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The grandchild's square moved to the child's top-right corner.
        XCTAssertTrue(root.hitTest(CGPoint(x: 195, y: 105)) === grandchild)
        XCTAssertTrue(root.hitTest(CGPoint(x: 105, y: 105)) === child)
    }

    func testHitTestSkipsHiddenLayersAndHonoursMasksToBounds() {
        let (root, child, grandchild) = makeTree()
        grandchild.position = CGPoint(x: 150, y: 50)  // sticks out of child to the right
        XCTAssertTrue(root.hitTest(CGPoint(x: 250, y: 150)) === grandchild)
        child.masksToBounds = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 250, y: 150)) === root)
        child.masksToBounds = false
        grandchild.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 250, y: 150)) === root)
        child.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150)) === root)
    }

    /// Overlapping sublayers: the frontmost (higher zPosition, then later) wins.
    func testHitTestOrderFollowsZPositionThenOrder() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let a = CALayer(), b = CALayer()
        for layer in [a, b] {
            layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            root.addSublayer(layer)
        }
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === b)
        a.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === a)
    }

    func testContainsUsesBounds() {
        let layer = CALayer()
        layer.bounds = CGRect(x: -10, y: -10, width: 20, height: 20)
        XCTAssertTrue(layer.contains(CGPoint(x: -5, y: 5)))
        XCTAssertFalse(layer.contains(CGPoint(x: 15, y: 0)))
    }

    /// Perspective: a point converts through the projective map and back.
    func testConvertThroughPerspectiveRoundTrips() {
        let (root, child, _) = makeTree()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        child.transform = CATransform3DMakeRotation(0.6, 0, 1, 0)
        let p = child.convert(CGPoint(x: 80, y: 30), to: root)
        XCTAssertNotEqual(p, CGPoint(x: 180, y: 130))
        XCTAssertEqual(root.convert(p, to: child), CGPoint(x: 80, y: 30), accuracy: 1e-9)
    }
}
