import XCTest
@testable import QuartzCore

/// A layer resting at a fractional position is resampled once and then
/// placed at whole pixels (`LayerContent.shiftedCopy`), with exactly the
/// pixels of compositing it through the bilinear filter.
final class ShiftedContentTests: ModelTestCase {
    private var root: CALayer?

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
            var differing = 0
            for y in 0..<height {
                for x in 0..<width where frame.storage.pixel(x: x, y: y) != expected.storage.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            XCTAssertEqual(differing, 0, "frame \(step)")
        }
    }
}
