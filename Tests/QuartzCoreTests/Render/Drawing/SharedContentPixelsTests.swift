import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Layers whose drawings are the same (an equal `LayerContent.Key`: the
/// same contents image, bounds, gravity, scale...) share one bitmap
/// (`LayerContentCache.drawn`), as cover flow's covers and their
/// reflections do; a layer whose drawing changes gets its own again, and
/// what each keeps between frames stays its own.
final class SharedContentPixelsTests: ModelTestCase {
    private static let (width, height) = (220, 160)

    /// An opaque 40x30 picture, drawn up to the layers' 70x50 bounds (so
    /// each layer's content is a bitmap drawn for it, not the image itself).
    private static func picture() -> CGImage {
        let context = CGContext(data: nil, width: 40, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        context.setFillColor(CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1))
        context.fillEllipse(in: CGRect(x: 6, y: 4, width: 22, height: 18))
        return context.makeImage()!
    }

    /// A cover turned in perspective with its faint mirror image under it,
    /// and a layer beside, facing the viewer (all three drawn at the
    /// image's detail: equal keys), showing `images` in turn (the
    /// same image: shared; copies with the same pixels: drawn apart).
    private func scene(on host: RenderHost, images: [CGImage]) -> (root: CALayer, layers: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        root.sublayerTransform = perspective
        let cover = CALayer()
        cover.frame = CGRect(x: 30, y: 20, width: 70, height: 50)
        cover.contents = images[0]
        cover.contentsGravity = .resizeAspectFill
        cover.transform = CATransform3DMakeRotation(0.6, 0, 1, 0)
        let mirror = CALayer()
        mirror.frame = CGRect(x: 0, y: 54, width: 70, height: 50)
        mirror.contents = images[1]
        mirror.contentsGravity = .resizeAspectFill
        mirror.transform = CATransform3DMakeScale(1, -1, 1)
        mirror.opacity = 0.3
        cover.addSublayer(mirror)
        let beside = CALayer()
        beside.frame = CGRect(x: 130, y: 30, width: 70, height: 50)
        beside.contents = images[2]
        beside.contentsGravity = .resizeAspectFill
        root.addSublayer(cover)
        root.addSublayer(beside)
        root.attach(to: host)
        CATransaction.flush()
        return (root, [cover, mirror, beside])
    }

    /// The contents drawn from an image, in the cache of `host`.
    private func imageContents(in host: InlineRenderHost) -> [LayerContent] {
        host.loop.compositor.contentCache.allContents.filter { $0.key.contents != nil }
    }

    /// The frame with one image shared by all three is the frame with three
    /// images of the same pixels, each drawn apart, pixel for pixel; the
    /// three read one bitmap.
    func testLayersShowingTheSameDrawingShareOneBitmapWithTheSamePixels() {
        let image = Self.picture()
        let shared = InlineRenderHost(width: Self.width, height: Self.height)
        let (root, _) = scene(on: shared, images: [image, image, image])
        defer { root.detachFromHost() }
        let apart = InlineRenderHost(width: Self.width, height: Self.height)
        let copies = [image, Self.picture(), Self.picture()]
        let (apartRoot, _) = scene(on: apart, images: copies)
        defer { apartRoot.detachFromHost() }
        for step in 0..<3 {
            let time = 1000 + Double(step) / 60
            XCTAssertEqual(GoldenImage.differingPixels(shared.render(at: time), apart.render(at: time), tolerance: 0), 0,
                           "frame \(step)")
        }
        let sharedContents = imageContents(in: shared)
        XCTAssertEqual(sharedContents.count, 3, "each layer keeps a content of its own")
        // An image alone is drawn at no more than its own detail
        // (`LayerContentCache.rasterScale`): turned or facing, the same key.
        XCTAssertEqual(Set(sharedContents.map(\.key.scale)), [1], "drawn at the image's detail, whatever the turn")
        XCTAssertTrue(sharedContents.count == 3 && sharedContents[0].sharesPixels(with: sharedContents[1])
                      && sharedContents[1].sharesPixels(with: sharedContents[2]), "the three read one bitmap")
        let apartContents = imageContents(in: apart)
        XCTAssertEqual(apartContents.count, 3)
        XCTAssertFalse(apartContents[0].sharesPixels(with: apartContents[1]), "other images: drawn apart")
        XCTAssertFalse(apartContents[1].sharesPixels(with: apartContents[2]), "other images: drawn apart")
    }

    /// A shared bitmap is dropped by a layer whose drawing changes (its
    /// bounds, its image), and the others keep showing theirs: each frame
    /// matches a fresh scene's.
    func testALayerWhoseDrawingChangesStopsSharing() throws {
        let image = Self.picture(), other = Self.picture()
        let host = InlineRenderHost(width: Self.width, height: Self.height)
        let (root, layers) = scene(on: host, images: [image, image, image])
        defer { root.detachFromHost() }
        _ = host.render(at: 1000)
        let changes: [(String, (CALayer, CALayer, CALayer) -> Void)] = [
            ("the cover's bounds", { cover, _, _ in cover.bounds.size = CGSize(width: 64, height: 50) }),
            ("the reflection's image", { _, mirror, _ in mirror.contents = other }),
        ]
        var time = 1000.0
        for (index, (change, apply)) in changes.enumerated() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            apply(layers[0], layers[1], layers[2])
            CATransaction.commit()
            CATransaction.flush()
            time += 1.0 / 60
            let frame = host.render(at: time)
            let fresh = InlineRenderHost(width: Self.width, height: Self.height)
            let (freshRoot, freshLayers) = scene(on: fresh, images: [image, image, image])
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (number, (_, freshChange)) in changes.enumerated() where number <= index {
                freshChange(freshLayers[0], freshLayers[1], freshLayers[2])
            }
            CATransaction.commit()
            CATransaction.flush()
            XCTAssertEqual(GoldenImage.differingPixels(frame, fresh.render(at: time), tolerance: 0), 0, "after \(change)")
            freshRoot.detachFromHost()
        }
        let contents = imageContents(in: host)
        let cover = try XCTUnwrap(contents.first { $0.key.bounds.width == 64 })
        let mirror = try XCTUnwrap(contents.first { $0.key.contents === other })
        XCTAssertFalse(mirror.sharesPixels(with: cover), "each drawn apart once their drawings differ")
        XCTAssertEqual(host.loop.compositor.contentCache.drawnFromImageCount, 3, "the first drawing is forgotten")
    }
}
