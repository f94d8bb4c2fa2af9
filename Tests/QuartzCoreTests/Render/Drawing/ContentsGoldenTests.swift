import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Golden images of `contents` with each gravity, `contentsRect`,
/// `contentsCenter` and `contentsScale`.
final class ContentsGoldenTests: ModelTestCase {
    /// 40x30 image in four quadrants: red top left, green top right, blue
    /// bottom left, white bottom right, with a 2 px yellow frame (to see
    /// nine-part edges keep their size).
    static let quadrants: CGImage = CGImage(storage: PixelStorage(width: 40, height: 30) { base, stride in
        for y in 0..<30 {
            for x in 0..<40 {
                let pixel: UInt32
                if x < 2 || y < 2 || x >= 38 || y >= 28 { pixel = 0xFFFF_FF00 }
                else if y < 15 { pixel = x < 20 ? 0xFFFF_0000 : 0xFF00_FF00 }
                else { pixel = x < 20 ? 0xFF00_00FF : 0xFFFF_FFFF }
                base.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    })

    private func render(_ name: String, configure: (CALayer) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let host = InlineRenderHost(width: 120, height: 90)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 15, width: 80, height: 60)
        layer.borderWidth = 1
        layer.borderColor = CGColor(gray: 0.6, alpha: 1)
        layer.contents = Self.quadrants
        configure(layer)
        root.addSublayer(layer)
        root.attach(to: host)
        CATransaction.flush()
        GoldenImage.assertMatches(host.render(at: CACurrentMediaTime()), named: name, file: file, line: line)
    }

    func testResizeIsUpright() {
        render("contents-resize") { _ in }
    }

    func testCenterGravityOverflowsWithoutMasksToBounds() {
        render("contents-center") { $0.contentsGravity = .center; $0.bounds.size = CGSize(width: 30, height: 20) }
    }

    func testCornerGravities() {
        render("contents-bottom-right") { $0.contentsGravity = .bottomRight }
        render("contents-top-left") { $0.contentsGravity = .topLeft }
    }

    func testAspectGravities() {
        render("contents-resize-aspect") { $0.contentsGravity = .resizeAspect; $0.bounds.size = CGSize(width: 80, height: 30) }
        render("contents-resize-aspect-fill") {
            $0.contentsGravity = .resizeAspectFill
            $0.masksToBounds = true
            $0.bounds.size = CGSize(width: 80, height: 30)
        }
    }

    func testContentsRectShowsPartOfTheImage() {
        render("contents-rect") { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) }
    }

    func testContentsCenterStretchesOnlyTheMiddle() {
        render("contents-center-nine-part") {
            $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            $0.bounds.size = CGSize(width: 100, height: 70)
        }
    }

    func testContentsScaleHalvesNaturalSize() {
        render("contents-scale") { $0.contentsGravity = .center; $0.contentsScale = 2 }
    }
}

/// A layer showing an image at its own pixel size is composited straight
/// from the image: exact pixels, and one source shared by every such layer.
final class ContentsSharingTests: ModelTestCase {
    func testImageAtItsPixelSizeIsDrawnExactlyAndShared() {
        let host = InlineRenderHost(width: 120, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        var layers: [CALayer] = []
        for index in 0..<2 {
            let layer = CALayer()
            layer.frame = CGRect(x: 5 + index * 60, y: 5, width: 40, height: 30)
            layer.contents = ContentsGoldenTests.quadrants
            root.addSublayer(layer)
            layers.append(layer)
        }
        root.attach(to: host)
        CATransaction.flush()
        let image = host.render(at: CACurrentMediaTime())
        for y in 0..<30 {
            for x in 0..<40 {
                XCTAssertEqual(image.storage.pixel(x: 5 + x, y: 5 + y), ContentsGoldenTests.quadrants.storage.pixel(x: x, y: y))
                XCTAssertEqual(image.storage.pixel(x: 65 + x, y: 5 + y), ContentsGoldenTests.quadrants.storage.pixel(x: x, y: y))
            }
        }
        let cache = host.loop.compositor.contentCache
        XCTAssertTrue(cache.sharedSourceCount == 1, "both layers read the same image")
    }
}
