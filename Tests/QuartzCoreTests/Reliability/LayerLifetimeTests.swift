import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Layers removed from a tree are freed once committed: nothing in the
/// transaction, the lifecycle or a host keeps them.
final class LayerLifetimeTests: ModelTestCase {
    func testRemovedLayersAreFreedAfterTheCommit() {
        let host = InlineRenderHost(width: 32, height: 32)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        root.attach(to: host)
        CATransaction.flush()
        weak var weakLayer: CALayer?
        weak var weakAnimation: CAAnimation?
        do {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = CGColor(gray: 1, alpha: 1)
            root.addSublayer(layer)
            layer.position = CGPoint(x: 20, y: 20)  // an implicit animation
            CATransaction.flush()
            host.render(at: CACurrentMediaTime())
            _ = layer.presentation()
            weakLayer = layer
            weakAnimation = layer.animation(forKey: "position")
            layer.removeFromSuperlayer()
            CATransaction.flush()
            host.render(at: CACurrentMediaTime() + 1)
            advance(1)
            CATransaction.flush()  // the end of the animation is a change too
        }
        XCTAssertNil(weakLayer, "the layer is freed")
        XCTAssertNil(weakAnimation, "its animation is freed")
    }
}
