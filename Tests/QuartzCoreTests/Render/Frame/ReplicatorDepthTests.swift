import XCTest
@testable import QuartzCore

/// `CAReplicatorLayer.preservesDepth` (Apple: whether the layer flattens
/// its sublayers into its plane or is treated like a transform layer).
final class ReplicatorDepthTests: GoldenSceneTestCase {
    /// Four copies, each 25 points right and 40 points farther away, tinted
    /// from white toward blue (less red, less green). Copy 0 is the nearest.
    func makeReceding(preservesDepth: Bool) -> CAReplicatorLayer {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.preservesDepth = preservesDepth
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeTranslation(25, 0, -40)
        replicator.instanceRedOffset = -0.3
        replicator.instanceGreenOffset = -0.3
        replicator.addSublayer(layer(CGRect(x: 20, y: 35, width: 50, height: 50), white))
        root.addSublayer(replicator)
        return replicator
    }

    func testCopiesAreDepthSortedWhenPreservingDepth() {
        makeScene()
        _ = makeReceding(preservesDepth: true)
        render("replicator-preserves-depth")
        // Where copies 0 and 1 overlap, the nearer copy 0 (white) is in front.
        let pixel = host.render(at: CACurrentMediaTime()).storage.pixel(x: 62, y: 60)
        XCTAssertEqual(pixel & 0xFF_FFFF, 0xFFFFFF)
    }

    func testCopiesAreFlattenedInOrderByDefault() {
        makeScene()
        _ = makeReceding(preservesDepth: false)
        render("replicator-flattened")
        // Flattened: the copies lose their depth (same size) and later copies cover earlier ones.
        // Copy 1 (red and green 0.7, blue 1) over copy 0.
        let pixel = host.render(at: CACurrentMediaTime()).storage.pixel(x: 62, y: 60)
        XCTAssertEqual(Int((pixel >> 16) & 0xFF), 0xB3, accuracy: 2)
        XCTAssertEqual(Int(pixel & 0xFF), 0xFF, accuracy: 2)
    }

    func testHitTestThroughADepthPreservingReplicatorReachesItsSublayer() {
        makeScene()
        let replicator = makeReceding(preservesDepth: true)
        CATransaction.commit()
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 60)) === replicator.sublayers?.first)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 10)) === replicator, "its own bounds still hit")
    }
}
