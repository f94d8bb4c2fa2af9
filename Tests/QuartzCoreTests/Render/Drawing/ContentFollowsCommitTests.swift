import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer whose animations leave its drawing alone (a move, a fade, a
/// filter input pulsing) keeps its content from frame to frame without its
/// key being built again (`LayerContentCache`), until a commit or a change
/// of scale; one whose animation changes its drawing gets the content of
/// each frame's state.
final class ContentFollowsCommitTests: ModelTestCase {
    private func ring() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.position = CGPoint(x: 30, y: 30)
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.cornerRadius = 8
        return layer
    }

    /// A ring in a shown root, on an inline host.
    private func showRing() -> (InlineRenderHost, CALayer, CALayer) {
        let host = InlineRenderHost(width: 100, height: 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let layer = ring()
        root.addSublayer(layer)
        root.attach(to: host)
        return (host, root, layer)
    }

    private func animate(_ layer: CALayer, _ keyPath: String, from: Any, to: Any) {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        layer.add(animation, forKey: keyPath)
    }

    func testTheNeutralKeysAreThoseTheContentKeyDoesNotRead() {
        func snapshot(_ keyPath: String) -> AnimationSnapshot {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.toValue = 1
            return animation.snapshot(reportingOn: nil)
        }
        for keyPath in ["position", "position.x", "opacity", "transform.scale", "filters.bloom.inputIntensity", "isHidden",
                        "shadowOpacity", "zPosition"] {
            XCTAssertTrue(snapshot(keyPath).leavesContentAlone, keyPath)
        }
        for keyPath in ["bounds", "bounds.size.width", "backgroundColor", "borderWidth", "borderColor", "cornerRadius",
                        "contentsRect", "contents", "path", "fillColor", "colors", "masksToBounds"] {
            XCTAssertFalse(snapshot(keyPath).leavesContentAlone, keyPath)
        }
        let group = CAAnimationGroup()
        let move = CABasicAnimation(keyPath: "position"), grow = CABasicAnimation(keyPath: "bounds")
        group.animations = [move]
        XCTAssertTrue(group.snapshot(reportingOn: nil).leavesContentAlone)
        group.animations = [move, grow]
        XCTAssertFalse(group.snapshot(reportingOn: nil).leavesContentAlone, "a child changes the drawing")
        XCTAssertFalse(CATransition().snapshot(reportingOn: nil).leavesContentAlone)
    }

    func testAMovingLayerKeepsItsContentUntilACommitOrANewScale() throws {
        let (host, root, moving) = showRing()
        animate(moving, "position", from: CGPoint(x: 30, y: 30), to: CGPoint(x: 70, y: 30))
        animate(moving, "opacity", from: 1, to: 0.5)
        CATransaction.flush()
        let cache = host.loop.compositor.contentCache
        let start = clock.now()
        host.render(at: start)
        let first = try XCTUnwrap(cache.allContents.first)
        let taken = cache.takenWithoutKey
        for step in 1...4 { host.render(at: start + Double(step) * 0.1) }
        XCTAssertEqual(cache.takenWithoutKey - taken, 4, "one for each later frame")
        XCTAssertTrue(try XCTUnwrap(cache.allContents.first) === first)

        // A commit that changes the drawing: a new content, from the new state.
        moving.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        let red = host.render(at: start + 0.5)
        let redContent = try XCTUnwrap(cache.allContents.first)
        XCTAssertFalse(redContent === first)
        XCTAssertEqual(redContent.key.borderColor, LayerColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let border = red.storage.pixel(x: 50, y: 21)  // faded to 0.75 by then
        XCTAssertEqual(border & 0xFFFF, 0, "the red border drawn: \(String(border, radix: 16))")
        XCTAssertGreaterThan((border >> 16) & 0xFF, 0x80)

        // A scale animation asks for more pixels a point: drawn again.
        animate(moving, "transform.scale", from: 1, to: 2)
        CATransaction.flush()
        host.render(at: clock.now() + 0.9)
        let scaled = try XCTUnwrap(cache.allContents.first)
        XCTAssertGreaterThan(scaled.key.scale, 1)
        XCTAssertFalse(scaled === redContent)
        withExtendedLifetime(root) {}
    }

    func testALayerWhoseDrawingAnimatesIsDrawnForEachFrame() throws {
        let (host, root, growing) = showRing()
        animate(growing, "borderWidth", from: 1, to: 6)
        CATransaction.flush()
        let cache = host.loop.compositor.contentCache
        let start = clock.now()
        let taken = cache.takenWithoutKey
        var widths: Set<CGFloat> = []
        for step in 0..<4 {
            host.render(at: start + Double(step) * 0.25)
            widths.insert(try XCTUnwrap(cache.allContents.first).key.borderWidth)
        }
        XCTAssertEqual(cache.takenWithoutKey, taken)
        XCTAssertEqual(widths.count, 4, "each frame's border width drawn: \(widths)")
        withExtendedLifetime(root) {}
    }
}
