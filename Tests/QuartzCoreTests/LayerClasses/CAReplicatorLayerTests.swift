import XCTest
@testable import QuartzCore
import LaminaTestSupport

final class CAReplicatorLayerTests: GoldenSceneTestCase {
    func testDefaults() {
        let replicator = CAReplicatorLayer()
        XCTAssertEqual(replicator.instanceCount, 1)
        XCTAssertEqual(replicator.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(replicator.instanceTransform))
        XCTAssertEqual(replicator.instanceColor, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertEqual(replicator.instanceRedOffset, 0)
        XCTAssertEqual(replicator.instanceAlphaOffset, 0)
        XCTAssertFalse(replicator.preservesDepth)
        replicator.setValue(3, forKey: "instanceCount")
        XCTAssertEqual(replicator.instanceCount, 3)
    }

    private func makeReplicator(count: Int) -> (CAReplicatorLayer, CALayer) {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        let dot = layer(CGRect(x: 10, y: 10, width: 30, height: 30), white)
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return (replicator, dot)
    }

    /// Copies are moved by one more instance transform and tinted by the
    /// instance colour plus one more offset each.
    func testCopiesAreTransformedAndTinted() {
        makeScene()
        let (replicator, _) = makeReplicator(count: 3)
        replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        replicator.instanceBlueOffset = -0.5
        render("replicator-copies")
        let image = host.loop.presenter.target.makeImage()
        XCTAssertLessThanOrEqual(GoldenImage.channelDifference(image.storage.pixel(x: 20, y: 20), 0xFFFF_80FF), 1,
                                 "first copy: white × (1, 0.5, 1)")
        XCTAssertEqual(Double(image.storage.pixel(x: 60, y: 20) & 0xFF), 128, accuracy: 1, "second: blue halved")
        XCTAssertEqual(image.storage.pixel(x: 100, y: 20) & 0xFF, 0x00, "third: no blue")
        XCTAssertEqual(image.storage.pixel(x: 140, y: 20), 0xFF00_0000, "only three copies")
    }

    /// Apple: the instance transform "is applied relative to the center of
    /// this layer", so a rotation turns the copies about the replicator's
    /// middle (the classic spinner), not about its top-left corner.
    func testInstanceTransformTurnsCopiesAboutTheReplicatorsCenter() {
        makeScene(width: 200, height: 160)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 20, y: 20, width: 160, height: 120)
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // A dot at the top middle; the centre is (80, 60) in the replicator.
        replicator.addSublayer(layer(CGRect(x: 70, y: 10, width: 20, height: 20), white))
        root.addSublayer(replicator)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        // In the root: the centre is (100, 80); the dot 40 above it, then
        // a quarter turn each (y grows downward: right, below, left).
        for (x, y) in [(100, 40), (140, 80), (100, 120), (60, 80)] {
            XCTAssertEqual(image.storage.pixel(x: x, y: y), 0xFFFF_FFFF, "a copy at (\(x), \(y))")
        }
        XCTAssertEqual(image.storage.pixel(x: 100, y: 80), 0xFF00_0000, "none in the middle")
    }

    func testZeroCopiesDrawNoSublayers() {
        makeScene()
        _ = makeReplicator(count: 0)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 20, y: 20), 0xFF00_0000)
    }

    /// Each copy runs the sublayers' animations one instance delay later.
    func testInstanceDelayOffsetsAnimations() {
        makeScene()
        let (replicator, dot) = makeReplicator(count: 2)
        replicator.instanceDelay = 0.5
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.fillMode = .both
        fade.beginTime = CACurrentMediaTime() + 0.001
        dot.add(fade, forKey: "fade")
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime() + 0.5)
        let first = Double(image.storage.pixel(x: 20, y: 20) & 0xFF), second = Double(image.storage.pixel(x: 60, y: 20) & 0xFF)
        XCTAssertEqual(first, 127, accuracy: 8, "half way")
        XCTAssertEqual(second, 0, accuracy: 8, "half a second behind: not started")
    }
}
