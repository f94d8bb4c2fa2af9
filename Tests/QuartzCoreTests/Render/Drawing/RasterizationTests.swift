import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `shouldRasterize` keeps a subtree as one bitmap while only the layer moves.
final class RasterizationTests: ModelTestCase {
    func testRasterizedSubtreeIsReusedWhileItMovesAndRedrawnWhenItChanges() {
        let host = InlineRenderHost(width: 100, height: 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.shouldRasterize = true
        let badge = CALayer()
        badge.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        badge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.addSublayer(badge)
        root.addSublayer(card)
        root.attach(to: host)
        CATransaction.flush()
        var image = host.render(at: 1)
        let cache = host.loop.compositor.rasterizationCache
        let first = cache.content(forTesting: card.layerID)
        XCTAssertNotNil(first)
        XCTAssertEqual(image.storage.pixel(x: 8, y: 8), 0xFFFF_0000)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.position = CGPoint(x: 70, y: 30)
        card.opacity = 0.5
        CATransaction.commit()
        image = host.render(at: 2)
        XCTAssertTrue(cache.content(forTesting: card.layerID) === first, "moved and faded: the same bitmap")
        XCTAssertEqual(Double(image.storage.pixel(x: 58, y: 18) >> 24), 128, accuracy: 2, "drawn at half opacity as one image")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        badge.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        image = host.render(at: 3)
        XCTAssertFalse(cache.content(forTesting: card.layerID) === first, "a sublayer changed: redrawn")
        XCTAssertEqual(Double((image.storage.pixel(x: 58, y: 18) >> 8) & 0xFF), 128, accuracy: 2, "green badge now")
    }
}

extension RasterizationCache {
    func content(forTesting id: UInt64) -> LayerContent? { contentForTesting(DrawID(layer: id)) }
}
