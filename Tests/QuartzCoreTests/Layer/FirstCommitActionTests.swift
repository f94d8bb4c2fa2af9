import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer the render server does not have yet does not animate
/// implicitly: changed in the transaction that adds it to a shown tree, it
/// appears as set, as on Apple, where layers not yet connected to the
/// render server take no implicit animation (material-motion's
/// motion-animator-objc #57 measured it; flowkey's UIKit-cross-platform
/// #172 does the same). The next transaction's changes animate.
final class FirstCommitActionTests: ModelTestCase {
    private var host: InlineRenderHost?

    /// A root attached to a render host, committed once.
    private func hostedRoot() -> CALayer {
        let host = InlineRenderHost(width: 100, height: 100)
        self.host = host
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.attach(to: host)
        CATransaction.flush()
        return root
    }

    func testChangesInTheTransactionThatAddsALayerDoNotAnimate() throws {
        let root = hostedRoot()
        let layer = CALayer()
        root.addSublayer(layer)
        layer.position = CGPoint(x: 30, y: 40)
        layer.opacity = 0.5
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        XCTAssertNil(layer.animationKeys(), "not on the render server yet: no implicit animation")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 30, y: 40), "shown as set")
        // Committed: the next change animates from what is shown.
        layer.position = CGPoint(x: 60, y: 40)
        let move = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(move.fromValue as? CGPoint, CGPoint(x: 30, y: 40))
    }

    func testALayerCommittedWhileHeadlessDoesNotAnimateInTheTransactionThatShowsIt() {
        let root = hostedRoot()
        let layer = CALayer()
        layer.opacity = 0.8
        CATransaction.flush()  // committed, but in no shown tree
        root.addSublayer(layer)
        layer.opacity = 0.3
        XCTAssertNil(layer.animationKeys())
        CATransaction.flush()
        layer.opacity = 0.6
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
    }

    func testALayerTakenOutAndPutBackIsNewToTheRenderServer() {
        let root = hostedRoot()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.removeFromSuperlayer()
        CATransaction.flush()  // the render server lets it go
        root.addSublayer(layer)
        layer.opacity = 0.4
        XCTAssertNil(layer.animationKeys(), "put back in the transaction that changes it")
        CATransaction.flush()
        layer.opacity = 0.9
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
    }

    func testSublayersOfAnAddedSubtreeAreNewToo() {
        let root = hostedRoot()
        let group = CALayer(), child = CALayer()
        group.addSublayer(child)
        root.addSublayer(group)
        child.position = CGPoint(x: 5, y: 5)
        XCTAssertNil(child.animationKeys())
        CATransaction.flush()
        child.position = CGPoint(x: 15, y: 5)
        XCTAssertEqual(child.animationKeys(), ["position"])
    }

    func testTheOrderInActionStillRunsForANewLayer() {
        let root = hostedRoot()
        let layer = CALayer()
        let fade = CATransition()
        fade.type = .fade
        layer.actions = [kCAOnOrderIn: fade]
        root.addSublayer(layer)
        XCTAssertEqual(layer.animationKeys(), [kCATransition], "inserting a layer runs its onOrderIn action")
    }

    /// Only the implicit animation waits for the render server: an action
    /// the layer's delegate or `actions` gives runs for a new layer too
    /// (UIKit's views, inserted inside an animation block, animate so).
    func testActionsTheDelegateOrActionsGiveStillRunForANewLayer() throws {
        final class Giver: NSObject, CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                guard event == "opacity" else { return nil }
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                return fade
            }
        }
        let root = hostedRoot()
        let giver = Giver()
        let viaDelegate = CALayer()
        viaDelegate.delegate = giver
        root.addSublayer(viaDelegate)
        viaDelegate.opacity = 0.5
        XCTAssertEqual((viaDelegate.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? Int, 0)
        let viaActions = CALayer()
        let slide = CABasicAnimation(keyPath: "position")
        slide.duration = 2
        viaActions.actions = ["position": slide]
        root.addSublayer(viaActions)
        viaActions.position = CGPoint(x: 10, y: 10)
        XCTAssertEqual(viaActions.animation(forKey: "position")?.duration, 2)
        // The search itself answers nil where only the implicit animation would have.
        let plain = CALayer()
        root.addSublayer(plain)
        XCTAssertNil(plain.action(forKey: "opacity"))
        CATransaction.flush()
        XCTAssertNotNil(plain.action(forKey: "opacity"), "shown: the implicit animation")
        withExtendedLifetime(giver) {}
    }

    func testATreeShownWithoutAHostCountsACommittedLayerAsShown() {
        let root = makeVisibleRoot()
        let layer = CALayer()
        root.addSublayer(layer)
        layer.opacity = 0.5
        XCTAssertNil(layer.animationKeys())
        CATransaction.flush()
        layer.opacity = 0.7
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
        withExtendedLifetime(root) {}
    }
}
