import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer turned under perspective is drawn wherever its corners project,
/// whatever the canvas. A 160x160 layer at (20, 20) in a 200x200 tree,
/// turned 5° about y under `m34 = -1/500`, was drawn only down to y 97 of
/// the 180 its corners reach: the perspective map, scaled up for pixman's
/// 16.16 fixed point, overflowed it in the lower rows, which pixman (and
/// the projective sampler after it) then left out.
///
/// Each case is a golden image, drawn inline, on a render thread, through
/// `CARenderer` and through `render(in:)`, and is checked by numbers
/// against the corners worked out from the layer's properties
/// (`ProjectedQuad`): the drawn box is theirs within a pixel, and the
/// pixels 2 pixels inside them are the layer's.
final class PerspectiveCoverageTests: GoldenSceneTestCase {
    private static let size = 200
    private static let black: UInt32 = 0xFF00_0000

    /// The common idiom: perspective `m34 = -1/distance`, then a turn by
    /// `degrees` about the axis (x, y, 0).
    private func turn(_ degrees: CGFloat, about x: CGFloat, _ y: CGFloat, distance: CGFloat) -> CATransform3D {
        var transform = CATransform3DIdentity
        transform.m34 = -1.0 / distance
        return CATransform3DRotate(transform, degrees * .pi / 180, x, y, 0)
    }

    /// A 200x200 black scene with a 160x160 layer at (20, 20) under `transform`.
    private func turnedLayer(_ transform: CATransform3D, color: CGColor?) -> CALayer {
        makeScene(width: Self.size, height: Self.size)
        let turned = layer(CGRect(x: 20, y: 20, width: 160, height: 160), color)
        turned.transform = transform
        root.addSublayer(turned)
        return turned
    }

    func testTurned5DegreesAboutYUnderPerspective500() {
        let turned = turnedLayer(turn(5, about: 0, 1, distance: 500), color: red)
        checkEveryWay("turned-5-about-y-500", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000)])
    }

    func testTurned5DegreesAboutXUnderPerspective500() {
        let turned = turnedLayer(turn(5, about: 1, 0, distance: 500), color: red)
        checkEveryWay("turned-5-about-x-500", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000)])
    }

    func testTurned5DegreesAboutYUnderPerspective1000() {
        let turned = turnedLayer(turn(5, about: 0, 1, distance: 1000), color: red)
        checkEveryWay("turned-5-about-y-1000", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000)])
    }

    func testTurned5DegreesAboutYUnderPerspective200() {
        let turned = turnedLayer(turn(5, about: 0, 1, distance: 200), color: red)
        checkEveryWay("turned-5-about-y-200", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000)])
    }

    func testTurned5DegreesAboutXUnderPerspective200() {
        let turned = turnedLayer(turn(5, about: 1, 0, distance: 200), color: red)
        checkEveryWay("turned-5-about-x-200", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000)])
    }

    /// A layer with a sublayer over its lower half (where the cut fell):
    /// both drawn in full, each its colour.
    func testALayerWithASublayerTurnedUnderPerspective() {
        let turned = turnedLayer(turn(5, about: 1, 0, distance: 500), color: red)
        let lower = layer(CGRect(x: 20, y: 90, width: 120, height: 60), blue)
        turned.addSublayer(lower)
        checkEveryWay("sublayer-turned-5-about-x-500", quads: [(ProjectedQuad(of: turned, in: root), 0xFFFF_0000),
                                                              (ProjectedQuad(of: lower, in: root), 0xFF00_00FF)])
    }

    /// A layer showing an image (cover flow's covers: drawn straight from
    /// the image): every pixel inside is the image sampled where the
    /// corners' map sends it.
    func testAnImageLayerTurnedUnderPerspective() {
        let turned = turnedLayer(turn(5, about: 0, 1, distance: 500), color: nil)
        turned.contents = Self.gradient
        let quad = ProjectedQuad(of: turned, in: root)
        checkEveryWay("image-turned-5-about-y-500", quads: []) { image in
            self.checkAgainstCorners(image, quad) { centre, pixel in
                Self.isGradient(pixel, at: quad.layerPoint(at: centre))
            }
        }
    }

    /// Release builds sample perspective layers with
    /// `ProjectiveBilinearSampler` (cover flow's covers too, drawn straight
    /// from their image), where debug builds leave them to pixman: the
    /// layer's draw node from the frame, composited through it over the
    /// same pixels, gives the same golden.
    func testTheProjectiveSamplerDrawsTheSameGoldens() throws {
        for (name, contents) in [("turned-5-about-y-500", nil), ("image-turned-5-about-y-500", Self.gradient)] {
            let turned = turnedLayer(turn(5, about: 0, 1, distance: 500), color: contents == nil ? red : nil)
            turned.contents = contents
            CATransaction.commit()
            host.render(at: CACurrentMediaTime())
            let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: CACurrentMediaTime())
            let node = try XCTUnwrap(frame.root?.children.first)
            let content = try XCTUnwrap(LayerContentCache().content(for: node))
            let whole = PixelRect(x: 0, y: 0, width: Self.size, height: Self.size)
            let target = RasterBuffer(width: Self.size, height: Self.size)
            let image = try XCTUnwrap(PixmanImage(buffer: target))
            image.composite(try XCTUnwrap(PixmanImage(solidPixel: Self.black)), mask: nil, operation: PIXMAN_OP_SRC, rect: whole)
            // The area the frame repaints the layer in: its coverage.
            let clip = try XCTUnwrap(node.coverage?.intersection(whole))
            content.composite(node: node, into: image, mask: nil, clip: clip, usingSwiftKernels: true)
            GoldenImage.assertMatches(target.makeImage(), named: name)
        }
    }

    /// 160x160, opaque: red is 40 + x and green 40 + y at pixel (x, y), so
    /// the colour anywhere inside says where it was sampled.
    private static let gradient = CGImage(storage: PixelStorage(width: 160, height: 160) { base, stride in
        for y in 0..<160 {
            for x in 0..<160 {
                let pixel = 0xFF00_0080 | UInt32(40 + x) << 16 | UInt32(40 + y) << 8
                base.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    })

    /// Whether `pixel` is the gradient sampled bilinearly at `point`
    /// (layer points, one a pixel; pixel centres at half points), within
    /// 3 levels.
    private static func isGradient(_ pixel: UInt32, at point: CGPoint) -> Bool {
        let red = CGFloat(pixel >> 16 & 0xFF), green = CGFloat(pixel >> 8 & 0xFF)
        return pixel >> 24 == 0xFF && abs(red - (40 + point.x - 0.5)) <= 3 && abs(green - (40 + point.y - 0.5)) <= 3
    }

    /// The scene drawn every way, each compared with the golden `name`;
    /// the inline frame is also checked against `quads` (each filled with
    /// its colour; later ones drawn over earlier ones, the first the
    /// whole drawing's outline), or by `check`.
    private func checkEveryWay(_ name: String, quads: [(ProjectedQuad, UInt32)],
                               check: ((CGImage) -> Void)? = nil, file: StaticString = #filePath, line: UInt = #line) {
        CATransaction.commit()
        let inline = host.render(at: CACurrentMediaTime())
        GoldenImage.assertMatches(inline, named: name, file: file, line: line)
        if let check { check(inline) }
        for (index, (quad, color)) in quads.enumerated() {
            // Inside a quad, its colour, unless a later quad covers the pixel.
            let over = quads.dropFirst(index + 1).map(\.0)
            checkAgainstCorners(inline, quad, checkingBox: index == 0, file: file, line: line) { centre, pixel in
                pixel == color || over.contains { $0.depthInside(centre) > -2 }
            }
        }
        guard let threaded = RenderThreadFrames.firstFrame(of: root, width: Self.size, height: Self.size) else {
            return XCTFail("\(name): the render thread presented no frame", file: file, line: line)
        }
        GoldenImage.assertMatches(threaded, named: name, file: file, line: line)
        GoldenImage.assertMatches(throughRenderer(), named: name, file: file, line: line)
        let context = CGContext.makeLayerContext(width: Self.size, height: Self.size, scale: 1)!
        root.render(in: context)
        GoldenImage.assertMatches(context.makeImage()!, named: name, file: file, line: line)
    }

    /// The tree drawn by a `CARenderer` into a bitmap context.
    private func throughRenderer() -> CGImage {
        let context = CGContext(data: nil, width: Self.size, height: Self.size, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        renderer.layer = nil
        return context.makeImage()!
    }

    /// The drawn box is `quad`'s within a pixel (when `checkingBox`), and
    /// `expected` accepts every pixel 2 pixels inside it.
    private func checkAgainstCorners(_ image: CGImage, _ quad: ProjectedQuad, checkingBox: Bool = true,
                                     file: StaticString = #filePath, line: UInt = #line,
                                     expected: (CGPoint, UInt32) -> Bool) {
        let drawn = DrawnPixels(image: image, background: Self.black)
        if checkingBox { XCTAssertNil(drawn.boxMismatch(with: quad), file: file, line: line) }
        let inside = drawn.strays(inside: quad, inset: 2, expected: expected)
        XCTAssertGreaterThan(inside.checked, 1000, "pixels inside the quad", file: file, line: line)
        XCTAssertEqual(inside.count, 0, "pixels inside the quad not the layer's, first \(inside.first)", file: file, line: line)
    }
}
