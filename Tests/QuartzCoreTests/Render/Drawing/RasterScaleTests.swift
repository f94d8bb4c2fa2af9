import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The scale a layer's drawing is rasterized at (`LayerContentCache.rasterScale`):
/// its largest on-screen scale in quarter steps; under perspective, never
/// past the detail of an image it shows alone with the linear filter.
final class RasterScaleTests: ModelTestCase {
    private func image(width: Int, height: Int) -> CGImage {
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.7, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage()!
    }

    /// `layer` scaled by `scale`, seen in perspective (a w that changes
    /// across it) or flat.
    private func node(_ layer: CALayer, scaledBy scale: CGFloat, perspective: Bool = true) -> DrawNode {
        var matrix = CATransform3DMakeScale(scale, scale, 1)
        if perspective { matrix.m14 = 0.001 }
        return DrawNode(id: DrawID(layer: 1), state: LayerState(layer: layer), matrix: matrix,
                        opacity: 1, clip: nil, isGroup: false)
    }

    func testAnImageAloneIsDrawnAtNoMoreThanItsOwnPixels() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.contents = image(width: 100, height: 50)
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 1.2)), 1, "one pixel a point: no more")
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 3)), 1)
        layer.contents = image(width: 300, height: 150)
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 1.6)), 1.75, "the image has the detail")
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 5)), 3, "up to its own three pixels a point")
        layer.contentsGravity = .center
        layer.contentsScale = 2
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 5)), 2, "at its own size: contentsScale")
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 5, perspective: false)), 5,
                       "flat: drawn at its scale, as the contents-filter goldens show it")
        layer.magnificationFilter = .nearest
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 5)), 5, "pixel art: drawn at its scale")
    }

    func testAnythingElseIsDrawnAtItsOnScreenScale() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.contents = image(width: 100, height: 50)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(layer, scaledBy: 1.2)), 1.25, "a background is drawn sharp")
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        plain.borderWidth = 2
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(plain, scaledBy: 2.1)), 2.25)
        XCTAssertEqual(LayerContentCache.rasterScale(for: node(plain, scaledBy: 0.5)), 1, "never below one")
    }

    /// A layer moved toward the eye under perspective: w is the same
    /// everywhere (0.8), so it shows 1.25 times as large; its drawing is
    /// rasterized at that scale and seen as such by the contents filter,
    /// as for the same layer scaled by 1.25 without perspective.
    func testALayerMovedAlongZIsDrawnAtTheScaleItShowsAt() {
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        plain.borderWidth = 2
        var towardTheEye = CATransform3DIdentity
        towardTheEye.m44 = 0.8
        let moved = DrawNode(id: DrawID(layer: 1), state: LayerState(layer: plain), matrix: towardTheEye,
                             opacity: 1, clip: nil, isGroup: false)
        XCTAssertEqual(LayerContentCache.rasterScale(for: moved), 1.25)
        XCTAssertEqual(LayerContentCache.screenScale(for: moved), 1.25, accuracy: 1e-12)
        // An image alone is still drawn at no more than its own detail (cover
        // flow's middle cover at rest shows its image unchanged), up to the
        // scale it shows at when it has more.
        let picture = CALayer()
        picture.bounds = plain.bounds
        picture.contents = image(width: 100, height: 50)
        let shown = DrawNode(id: DrawID(layer: 2), state: LayerState(layer: picture), matrix: towardTheEye,
                             opacity: 1, clip: nil, isGroup: false)
        XCTAssertEqual(LayerContentCache.rasterScale(for: shown), 1, "one pixel a point: no more")
        picture.contents = image(width: 300, height: 150)
        let detailed = DrawNode(id: DrawID(layer: 2), state: LayerState(layer: picture), matrix: towardTheEye,
                                opacity: 1, clip: nil, isGroup: false)
        XCTAssertEqual(LayerContentCache.rasterScale(for: detailed), 1.25, "the image has the detail: its scale on screen")
        // Away from the eye it shows smaller: never below one.
        var away = CATransform3DIdentity
        away.m44 = 1.5
        let far = DrawNode(id: DrawID(layer: 3), state: LayerState(layer: plain), matrix: away,
                           opacity: 1, clip: nil, isGroup: false)
        XCTAssertEqual(LayerContentCache.rasterScale(for: far), 1)
        XCTAssertEqual(LayerContentCache.screenScale(for: far), 1 / 1.5, accuracy: 1e-12)
    }
}
