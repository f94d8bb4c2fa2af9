import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Golden images of `magnificationFilter` and `minificationFilter`: pixel
/// art magnified 8x shows hard square pixels with `.nearest` and the blur
/// of the bilinear filter with `.linear`, whether the layer's bounds, its
/// transform or both magnify it, turned or not; a fine pattern minified.
final class ContentsFilterGoldenTests: GoldenSceneTestCase {
    /// 8x8 pixel art: a yellow face with dark eyes and mouth on blue.
    static let pixelArt: CGImage = {
        let rows = [
            "bbyyyybb",
            "byyyyyyb",
            "yykyykyy",
            "yyyyyyyy",
            "ykyyyyky",
            "yykkkkyy",
            "byyyyyyb",
            "bbyyyybb",
        ]
        let colours: [Character: UInt32] = ["b": 0xFF20_40C0, "y": 0xFFF0_D020, "k": 0xFF20_1010]
        return CGImage(storage: PixelStorage(width: 8, height: 8) { base, stride in
            for (y, row) in rows.enumerated() {
                for (x, key) in row.enumerated() {
                    base.storeBytes(of: colours[key]!, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        })
    }()

    /// 64x64 one-pixel black and white checks, with a red diagonal.
    static let fineChecks: CGImage = CGImage(storage: PixelStorage(width: 64, height: 64) { base, stride in
        for y in 0..<64 {
            for x in 0..<64 {
                let pixel: UInt32 = x == y ? 0xFFFF_0000 : ((x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000)
                base.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    })

    /// Four ways to magnify the pixel art 8x, in a row: by the bounds
    /// (64x64 pt), by the transform (8x8 pt scaled 8), by both at a scale
    /// past the content cache's largest (4x4 pt scaled 16), and turned
    /// (16x16 pt scaled 4 and rotated 20°).
    private func addMagnified(filter: CALayerContentsFilter) {
        func art(_ size: CGFloat) -> CALayer {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            layer.contents = Self.pixelArt
            layer.magnificationFilter = filter
            root.addSublayer(layer)
            return layer
        }
        art(64).position = CGPoint(x: 42, y: 42)
        let scaled = art(8)
        scaled.position = CGPoint(x: 122, y: 42)
        scaled.transform = CATransform3DMakeScale(8, 8, 1)
        let beyond = art(4)
        beyond.position = CGPoint(x: 202, y: 42)
        beyond.transform = CATransform3DMakeScale(16, 16, 1)
        let turned = art(16)
        turned.position = CGPoint(x: 290, y: 42)
        turned.transform = CATransform3DRotate(CATransform3DMakeScale(4, 4, 1), .pi / 9, 0, 0, 1)
    }

    func testNearestMagnificationShowsHardPixels() {
        makeScene(width: 340, height: 84, background: CGColor(gray: 0.5, alpha: 1))
        addMagnified(filter: .nearest)
        render("magnified-nearest")
    }

    func testLinearMagnificationBlurs() {
        makeScene(width: 340, height: 84, background: CGColor(gray: 0.5, alpha: 1))
        addMagnified(filter: .linear)
        render("magnified-linear")
    }

    /// `.nearest` pixels are pixel art's own colours, each 8x8 block one
    /// colour; `.linear` blends them.
    func testNearestBlocksAreTheImagesPixels() {
        makeScene(width: 340, height: 84, background: CGColor(gray: 0.5, alpha: 1))
        addMagnified(filter: .nearest)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        for (originX, originY) in [(10, 10), (90, 10), (170, 10)] {
            for y in 0..<64 {
                for x in 0..<64 {
                    XCTAssertEqual(image.storage.pixel(x: originX + x, y: originY + y),
                                   Self.pixelArt.storage.pixel(x: x / 8, y: y / 8), "(\(originX + x), \(originY + y))")
                }
            }
        }
    }

    /// The 64x64 checks drawn 16x16: `.nearest` picks one pixel in four
    /// each way (hard black, white or red), `.linear` blends them.
    func testMinification() {
        makeScene(width: 100, height: 40, background: CGColor(red: 0.2, green: 0.3, blue: 0.6, alpha: 1))
        for (index, filter) in [CALayerContentsFilter.nearest, .linear].enumerated() {
            let small = CALayer()
            small.frame = CGRect(x: 10 + CGFloat(index) * 50, y: 10, width: 16, height: 16)
            small.contents = Self.fineChecks
            small.minificationFilter = filter
            root.addSublayer(small)
            // Turned, so that the compositor minifies too (the image is
            // drawn 16x16 first).
            let turned = CALayer()
            turned.frame = CGRect(x: 30 + CGFloat(index) * 50, y: 10, width: 16, height: 16)
            turned.contents = Self.fineChecks
            turned.minificationFilter = filter
            turned.transform = CATransform3DMakeRotation(.pi / 7, 0, 0, 1)
            root.addSublayer(turned)
        }
        render("minified-nearest-linear")
    }

    /// Which filter applies depends on the image's scale on screen:
    /// `magnificationFilter = .nearest` leaves a minified image linear, and
    /// `.trilinear` draws as `.linear`.
    func testTheFilterFollowsTheScaleAndTrilinearIsLinear() {
        func draw(size: CGFloat, magnification: CALayerContentsFilter,
                  minification: CALayerContentsFilter = .linear) -> CGImage {
            makeScene(width: 80, height: 80)
            let layer = CALayer()
            layer.frame = CGRect(x: 3, y: 3, width: size, height: size)
            layer.contents = size < 64 ? Self.fineChecks : Self.pixelArt
            layer.magnificationFilter = magnification
            layer.minificationFilter = minification
            root.addSublayer(layer)
            CATransaction.commit()
            return host.render(at: CACurrentMediaTime())
        }
        let minifiedLinear = draw(size: 16, magnification: .linear)
        XCTAssertEqual(GoldenImage.differingPixels(draw(size: 16, magnification: .nearest), minifiedLinear, tolerance: 0), 0,
                       "minified: the magnification filter does not apply")
        XCTAssertGreaterThan(GoldenImage.differingPixels(draw(size: 16, magnification: .linear, minification: .nearest),
                                                         minifiedLinear, tolerance: 0), 0)
        XCTAssertEqual(GoldenImage.differingPixels(draw(size: 64, magnification: .trilinear), draw(size: 64, magnification: .linear),
                                                   tolerance: 0), 0)
        XCTAssertEqual(GoldenImage.differingPixels(draw(size: 16, magnification: .linear, minification: .trilinear),
                                                   minifiedLinear, tolerance: 0), 0)
    }

    /// A change of filter alone redraws the layer (the filter is part of
    /// its content's key).
    func testChangingTheFilterRedraws() {
        makeScene(width: 80, height: 80)
        let layer = CALayer()
        layer.frame = CGRect(x: 8, y: 8, width: 64, height: 64)
        layer.contents = Self.pixelArt
        root.addSublayer(layer)
        CATransaction.commit()
        let linear = host.render(at: CACurrentMediaTime())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.magnificationFilter = .nearest
        CATransaction.commit()
        let nearest = host.render(at: CACurrentMediaTime())
        XCTAssertGreaterThan(GoldenImage.differingPixels(linear, nearest, tolerance: 8), 100)
        XCTAssertEqual(nearest.storage.pixel(x: 8 + 3, y: 8 + 3), Self.pixelArt.storage.pixel(x: 0, y: 0))
    }
}
