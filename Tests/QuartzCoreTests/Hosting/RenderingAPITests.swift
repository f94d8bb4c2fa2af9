import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `CARenderer`, `render(in:)`, backing stores and text layers, rendered.
final class RenderingAPITests: ModelTestCase {
    private func argbContext(width: Int, height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// The pixel at (x, y) from the top of a BGRA context, as (r, g, b, a).
    private func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let bytes = context.data!.advanced(by: y * context.bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
        return (bytes[2], bytes[1], bytes[0], bytes[3])
    }

    func testCARendererDrawsFramesAtChosenTimes() {
        let context = argbContext(width: 100, height: 80)
        let renderer = CARenderer(cgContext: context)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(dot)
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        XCTAssertEqual(renderer.updateBounds(), CGRect(x: 0, y: 0, width: 100, height: 80))
        renderer.render()
        renderer.endFrame()
        XCTAssertTrue(pixel(context, 5, 5) == (255, 0, 0, 255), "dot at the top left")
        XCTAssertTrue(pixel(context, 50, 50) == (0, 0, 255, 255))
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "nothing animates")

        // The tree is visible: this change animates implicitly over 0.25 s.
        dot.position = CGPoint(x: 90, y: 10)
        CATransaction.flush()
        let start = CACurrentMediaTime()
        renderer.beginFrame(atTime: start + 0.125)
        XCTAssertEqual(renderer.nextFrameTime(), start + 0.125, accuracy: 1e-9, "animating: the next frame is due now")
        renderer.render()
        renderer.endFrame()
        XCTAssertFalse(pixel(context, 5, 5) == (255, 0, 0, 255), "the dot left the corner")
        renderer.beginFrame(atTime: start + 1)
        renderer.render()
        renderer.endFrame()
        XCTAssertTrue(pixel(context, 85, 5) == (255, 0, 0, 255), "at its new place")
        XCTAssertTrue(pixel(context, 5, 5) == (0, 0, 255, 255))
    }

    func testAddUpdateRedrawsMore() {
        let context = argbContext(width: 40, height: 40)
        let renderer = CARenderer(cgContext: context)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: 1)
        renderer.render()
        renderer.endFrame()
        context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        renderer.beginFrame(atTime: 2)
        XCTAssertEqual(renderer.updateBounds(), .null)
        renderer.addUpdate(CGRect(x: 0, y: 0, width: 10, height: 10))
        renderer.render()
        renderer.endFrame()
        XCTAssertTrue(pixel(context, 5, 5) == (255, 255, 255, 255))
        XCTAssertTrue(pixel(context, 20, 20) == (0, 0, 0, 255))
    }

    func testRenderInContextDrawsTheModelTree() {
        let context = CGContext.makeLayerContext(width: 60, height: 40, scale: 1)!
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        root.render(in: context)
        let image = context.makeImage()!
        XCTAssertEqual(image.storage.pixel(x: 2, y: 2), 0xFFFF_0000, "red at the top left, upright in a layer context")
        XCTAssertEqual(image.storage.pixel(x: 30, y: 30), 0xFF00_FF00)
    }

    func testDrawInContextFillsTheBackingStore() throws {
        let layer = CALayer()
        let painter = Painter()
        layer.delegate = painter
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 20)
        XCTAssertEqual(image.storage.pixel(x: 1, y: 1), 0xFFFF_0000, "the top-left point's square")
        XCTAssertEqual(image.storage.pixel(x: 30, y: 15), 0)
    }

    func testTextLayerDrawsOnCommitAndShowsInFrames() {
        let host = InlineRenderHost(width: 200, height: 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let text = CATextLayer()
        text.string = "Movies"
        text.fontSize = 32
        text.frame = CGRect(x: 10, y: 10, width: 180, height: 40)
        root.addSublayer(text)
        root.attach(to: host)
        CATransaction.flush()
        XCTAssertNotNil(text.contents as? CGImage, "drawn at commit")
        let image = host.render(at: CACurrentMediaTime())
        var ink = 0
        for y in 0..<60 { for x in 0..<200 where image.storage.pixel(x: x, y: y) & 0xFF > 0x80 { ink += 1 } }
        XCTAssertGreaterThan(ink, 200, "white glyphs on black")
        GoldenImage.assertMatches(image, named: "text-layer", tolerance: 40)
    }
}

/// `render(in:)` and `CARenderer` draw the model tree as it stands: a text
/// layer shows its text though it was never committed or shown.
final class UncommittedTextTests: ModelTestCase {
    private func textTree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let text = CATextLayer()
        text.string = "Movies"
        text.fontSize = 32
        text.frame = CGRect(x: 10, y: 10, width: 180, height: 40)
        root.addSublayer(text)
        return root
    }

    private func ink(_ image: CGImage) -> Int {
        var ink = 0
        for y in 0..<image.height { for x in 0..<image.width where image.storage.pixel(x: x, y: y) & 0xFF > 0x80 { ink += 1 } }
        return ink
    }

    func testRenderInContextDrawsTextNeverCommitted() throws {
        let context = try XCTUnwrap(CGContext.makeLayerContext(width: 200, height: 60, scale: 1))
        textTree().render(in: context)
        XCTAssertGreaterThan(ink(try XCTUnwrap(context.makeImage())), 200, "white glyphs on black")
    }

    func testCARendererDrawsTextNeverCommitted() throws {
        let context = try XCTUnwrap(CGContext.makeLayerContext(width: 200, height: 60, scale: 1))
        let renderer = CARenderer(cgContext: context)
        let root = textTree()
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        renderer.endFrame()
        XCTAssertGreaterThan(ink(try XCTUnwrap(context.makeImage())), 200, "white glyphs on black")
        withExtendedLifetime(root) {}
    }
}

final class Painter: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
    }
}
