import XCTest
@testable import QuartzCore

final class DisplayAndDelegateTests: ModelTestCase {
    func testSetNeedsDisplayAndDelegateDisplay() {
        let layer = CALayer()
        let delegate = DisplayingDelegate()
        layer.delegate = delegate
        XCTAssertFalse(layer.needsDisplay())
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        XCTAssertEqual(delegate.displayed, 1)
        XCTAssertEqual(layer.contents as? String, "drawn by the delegate")
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.displayed, 1, "nothing marked, nothing drawn")
    }

    func testNeedsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertFalse(layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertTrue(layer.needsDisplay())
    }

    /// `needsDisplay(forKey:)` marks the layer when a key it names changes.
    func testNeedsDisplayForKey() {
        let layer = GaugeLayer()
        layer.setValue(0.3, forKey: "level")
        XCTAssertTrue(layer.needsDisplay())
        XCTAssertFalse(CALayer.needsDisplay(forKey: "level"))
    }

    /// A delegate that implements nothing leaves the layer to its defaults:
    /// the default implementations exist, and the layer knows they ran.
    func testDelegateDefaultsLeaveTheLayerItsOwnBehaviour() {
        let layer = CALayer()
        let delegate = EmptyDelegate()
        layer.delegate = delegate
        XCTAssertFalse(layer.delegateImplemented { $0.display(layer) })
        XCTAssertFalse(layer.delegateImplemented { $0.layoutSublayers(of: layer) })
        XCTAssertNil(delegate.action(for: layer, forKey: "position"))
        delegate.layerWillDraw(layer)
        XCTAssertTrue(layer.delegate === delegate, "held weakly but alive here")
    }

    func testDelegateIsWeak() {
        let layer = CALayer()
        do {
            let delegate = EmptyDelegate()
            layer.delegate = delegate
            XCTAssertNotNil(layer.delegate)
        }
        XCTAssertNil(layer.delegate)
    }
}

final class DisplayingDelegate: CALayerDelegate {
    var displayed = 0
    func display(_ layer: CALayer) {
        displayed += 1
        layer.contents = "drawn by the delegate"
    }
}

final class EmptyDelegate: CALayerDelegate {}

final class GaugeLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
}
