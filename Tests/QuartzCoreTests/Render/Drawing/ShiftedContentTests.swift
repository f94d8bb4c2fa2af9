import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer resting at a fractional position, or turned, is drawn through
/// its transform once and then placed at whole pixels
/// (`LayerContent.shiftedCopy`, `transformedCopy`), with the pixels of
/// compositing it through the bilinear filter each frame.
final class ShiftedContentTests: ModelTestCase {
    private var root: CALayer?

    /// A turned layer that fades while something moves over it: its
    /// transformed copy is made once and every frame matches a fresh one.
    func testATurnedFadingLayerIsDrawnThroughItsTransformOnce() {
        let (width, height) = (200, 160)
        func scene(on host: RenderHost) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
            let turned = CALayer()
            turned.frame = CGRect(x: 40, y: 40, width: 120, height: 70)
            turned.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
            turned.borderWidth = 4
            turned.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            turned.transform = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1),
                                                   CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0)))
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.3
            fade.duration = 1
            turned.add(fade, forKey: "fade")
            root.addSublayer(turned)
            root.attach(to: host)
            CATransaction.flush()
            return root
        }
        let host = InlineRenderHost(width: width, height: height)
        let root = scene(on: host)
        var frames: [CGImage] = []
        for step in 0..<4 { frames.append(host.render(at: 1000 + Double(step) * 0.2)) }
        XCTAssertEqual(host.loop.compositor.contentCache.transformedCopyCount, 1)
        for (step, frame) in frames.enumerated() {
            let fresh = InlineRenderHost(width: width, height: height)
            let freshRoot = scene(on: fresh)
            let expected = fresh.render(at: 1000 + Double(step) * 0.2)
            // Within 2 levels: pixman rounds the map's translation to 16.16
            // fixed point, and moved to the copy's origin it rounds apart by
            // up to 1/65536 of a pixel, which can tip a bilinear weight.
            XCTAssertEqual(GoldenImage.differingPixels(frame, expected, tolerance: 2), 0, "frame \(step)")
            freshRoot.detachFromHost()
        }
        root.detachFromHost()
    }

    /// The same with `.nearest` contents and hard top and bottom edges
    /// (`EdgeCoverageSampler`): the copy is made once, every frame matches a
    /// fresh one exactly, and a change of edges alone (which keeps the
    /// bitmap) is drawn at once: the copy is kept for one sampling.
    func testATurnedLayerKeepsItsCopyForOneSampling() {
        let (width, height) = (200, 160)
        func scene(on host: RenderHost, edges: CAEdgeAntialiasingMask) -> (root: CALayer, turned: CALayer) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
            let turned = CALayer()
            turned.frame = CGRect(x: 50, y: 40, width: 96, height: 80)
            turned.contents = ContentsFilterGoldenTests.pixelArt
            turned.magnificationFilter = .nearest
            turned.edgeAntialiasingMask = edges
            turned.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.3
            fade.duration = 2
            turned.add(fade, forKey: "fade")
            root.addSublayer(turned)
            root.attach(to: host)
            CATransaction.flush()
            return (root, turned)
        }
        func fresh(edges: CAEdgeAntialiasingMask, at time: CFTimeInterval) -> CGImage {
            let host = InlineRenderHost(width: width, height: height)
            let made = scene(on: host, edges: edges)
            defer { made.root.detachFromHost() }
            return host.render(at: time)
        }
        let leftAndRight: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
        let host = InlineRenderHost(width: width, height: height)
        let (root, turned) = scene(on: host, edges: leftAndRight)
        for step in 0..<3 {
            let time = 1000 + Double(step) * 0.2
            XCTAssertEqual(GoldenImage.differingPixels(host.render(at: time), fresh(edges: leftAndRight, at: time), tolerance: 0), 0,
                           "frame \(step)")
        }
        XCTAssertEqual(host.loop.compositor.contentCache.transformedCopyCount, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        turned.edgeAntialiasingMask = .all
        CATransaction.commit()
        for step in 3..<6 {
            let time = 1000 + Double(step) * 0.2
            XCTAssertEqual(GoldenImage.differingPixels(host.render(at: time), fresh(edges: .all, at: time), tolerance: 0), 0,
                           "frame \(step), all edges antialiased")
        }
        root.detachFromHost()
    }

    func testARestingLayerAtAFractionalPositionIsResampledOnceWithTheSamePixels() {
        let (width, height) = (160, 100)
        let host = InlineRenderHost(width: width, height: height)
        let root = CALayer()
        self.root = root  // a host does not own its root layer
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        let resting = CALayer()
        resting.frame = CGRect(x: 20.3, y: 15.6, width: 90, height: 40)
        resting.backgroundColor = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.8)
        resting.borderWidth = 3
        resting.borderColor = CGColor(gray: 1, alpha: 1)
        resting.cornerRadius = 9
        // Blinks over the resting layer, so every frame redraws it.
        let blinker = CALayer()
        blinker.frame = CGRect(x: 60, y: 30, width: 70, height: 50)
        blinker.backgroundColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(resting)
        root.addSublayer(blinker)
        root.attach(to: host)
        CATransaction.flush()
        let blink = CABasicAnimation(keyPath: "opacity")
        blink.fromValue = 0.1
        blink.toValue = 0.9
        blink.duration = 0.5
        blink.repeatCount = .infinity
        blinker.add(blink, forKey: "blink")
        CATransaction.flush()

        let start = CACurrentMediaTime()
        var frames: [CGImage] = []
        for step in 0..<4 {
            frames.append(host.render(at: start + Double(step) * 0.1))
        }
        XCTAssertEqual(host.loop.compositor.contentCache.shiftedCopyCount, 1, "the resting layer keeps a shifted copy")
        for (step, frame) in frames.enumerated() {
            let fresh = InlineRenderHost(width: width, height: height)
            root.attach(to: fresh)
            CATransaction.flush()
            let expected = fresh.render(at: start + Double(step) * 0.1)
            XCTAssertEqual(fresh.loop.compositor.contentCache.shiftedCopyCount, 0, "a single frame draws directly")
            XCTAssertEqual(GoldenImage.differingPixels(frame, expected, tolerance: 0), 0, "frame \(step)")
        }
    }
}
