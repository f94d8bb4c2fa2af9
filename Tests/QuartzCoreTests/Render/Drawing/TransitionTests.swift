import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `CATransition` drawn over a snapshot of the layer's old appearance.
final class TransitionTests: ModelTestCase {
    private func run(_ type: CATransitionType, _ subtype: CATransitionSubtype?, at fraction: Double) -> CGImage {
        let host = InlineRenderHost(width: 100, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 80, height: 20)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: CACurrentMediaTime())
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.add(transition, forKey: nil)
        CATransaction.commit()
        return host.render(at: CACurrentMediaTime() + fraction)
    }

    private func color(_ image: CGImage, _ x: Int, _ y: Int) -> UInt32 { image.storage.pixel(x: x, y: y) }

    func testPushFromRight() {
        let image = run(.push, .fromRight, at: 0.5)
        XCTAssertEqual(color(image, 20, 20), 0xFFFF_0000, "old content moving out to the left")
        XCTAssertEqual(color(image, 80, 20), 0xFF00_00FF, "new content coming in from the right")
        GoldenImage.assertMatches(image, named: "transition-push-from-right")
    }

    func testMoveInFromLeftCoversTheOldContent() {
        let image = run(.moveIn, .fromLeft, at: 0.25)
        XCTAssertEqual(color(image, 20, 20), 0xFF00_00FF, "new content a quarter of the way in")
        XCTAssertEqual(color(image, 80, 20), 0xFFFF_0000, "old content stays")
    }

    func testRevealFromTopUncoversTheNewContent() {
        let image = run(.reveal, .fromTop, at: 0.5)
        XCTAssertEqual(color(image, 50, 12), 0xFF00_00FF, "uncovered at the top")
        XCTAssertEqual(color(image, 50, 28), 0xFFFF_0000, "old content sliding down")
    }

    func testFadeCrossDissolves() {
        let image = run(.fade, nil, at: 0.5)
        let pixel = color(image, 50, 20)
        let red = (pixel >> 16) & 0xFF, blue = pixel & 0xFF
        XCTAssertEqual(Double(red), 127, accuracy: 20)
        XCTAssertEqual(Double(blue), 127, accuracy: 20)
    }

    func testAfterTheTransitionOnlyTheNewContentShows() {
        let image = run(.push, .fromRight, at: 1.5)
        XCTAssertEqual(color(image, 20, 20), 0xFF00_00FF)
        XCTAssertEqual(color(image, 80, 20), 0xFF00_00FF)
        XCTAssertEqual(color(image, 5, 5), 0xFF00_0000, "nothing outside the layer")
    }
}
