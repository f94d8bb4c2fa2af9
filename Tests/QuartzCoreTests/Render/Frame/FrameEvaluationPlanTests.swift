import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The evaluation phase through a plan (`FrameEvaluationPlan`): for a tree
/// unchanged since the last frame, only the animated layers are evaluated,
/// with the same result and the same presented states as the full walk.
final class FrameEvaluationPlanTests: ModelTestCase {
    private func square(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return layer
    }

    private func fade(_ layer: CALayer, beginningAfter delay: CFTimeInterval = 0) {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 2
        if delay > 0 { animation.beginTime = CACurrentMediaTime() + delay }
        layer.add(animation, forKey: "fade")
    }

    /// A tree with every case the plan must follow: ancestors with timings
    /// of their own (speed, offset, begin time), an animated layer with
    /// static sublayers (one of them hidden, with a sublayer), one whose
    /// `isHidden` is animated above static sublayers, animated layers under
    /// a hidden static one (not evaluated), an animated mask, and an
    /// animation that has not begun.
    private func makeScene(on host: InlineRenderHost) -> (root: CALayer, animated: [CALayer]) {
        let root = square(CGRect(x: 0, y: 0, width: 100, height: 100))
        let slow = square(CGRect(x: 0, y: 0, width: 50, height: 50))
        slow.speed = 0.5
        slow.timeOffset = 0.3
        let shifted = square(CGRect(x: 0, y: 0, width: 40, height: 40))
        shifted.beginTime = 0.2
        shifted.speed = 3
        slow.addSublayer(shifted)
        root.addSublayer(slow)

        let fading = square(CGRect(x: 0, y: 0, width: 10, height: 10))
        shifted.addSublayer(fading)

        let fadingParent = square(CGRect(x: 10, y: 0, width: 20, height: 20))
        let staticChild = square(CGRect(x: 0, y: 0, width: 5, height: 5))
        let hiddenChild = square(CGRect(x: 5, y: 0, width: 5, height: 5))
        hiddenChild.isHidden = true
        hiddenChild.addSublayer(square(CGRect(x: 0, y: 0, width: 2, height: 2)))
        fadingParent.addSublayer(staticChild)
        fadingParent.addSublayer(hiddenChild)
        slow.addSublayer(fadingParent)

        let blinking = square(CGRect(x: 50, y: 0, width: 20, height: 20))
        let blinkingChild = square(CGRect(x: 0, y: 0, width: 5, height: 5))
        blinkingChild.addSublayer(square(CGRect(x: 0, y: 0, width: 2, height: 2)))
        blinking.addSublayer(blinkingChild)
        root.addSublayer(blinking)

        let hiddenParent = square(CGRect(x: 0, y: 50, width: 20, height: 20))
        hiddenParent.isHidden = true
        let underHidden = square(CGRect(x: 0, y: 0, width: 5, height: 5))
        hiddenParent.addSublayer(underHidden)
        root.addSublayer(hiddenParent)

        let masked = square(CGRect(x: 50, y: 50, width: 40, height: 40))
        let mask = square(CGRect(x: 0, y: 0, width: 20, height: 20))
        masked.mask = mask
        root.addSublayer(masked)

        let later = square(CGRect(x: 80, y: 0, width: 10, height: 10))
        root.addSublayer(later)

        root.attach(to: host)
        fade(fading)
        fade(fadingParent)
        blink(blinking)
        fade(underHidden)
        fade(mask)
        fade(later, beginningAfter: 0.7)
        CATransaction.flush()
        return (root, [fading, fadingParent, blinking, mask, later])
    }

    func testAPlanGivesTheWalksResultAndLeavesTheSameStates() throws {
        let host = InlineRenderHost(width: 100, height: 100)
        let (root, animated) = makeScene(on: host)
        let tree = host.loop.tree
        let plan = try XCTUnwrap(FrameEvaluationPlan.make(for: tree))
        XCTAssertTrue(plan.holds(for: tree))
        let start = clock.now()
        var layerCounts: Set<Int> = []
        for step in 0..<24 {
            let time = start + Double(step) * 0.1
            let walked = FrameEvaluation.evaluate(tree, at: time)
            let walkedStates = try animated.map { layer -> LayerState in
                let localTime = try XCTUnwrap(tree.localTime(of: layer.layerID, at: time))
                return try XCTUnwrap(tree.view(of: layer.layerID)).withPresentedState(at: localTime) { copy $0 }
            }
            // Evaluated at another time in between, so the plan's states are its own.
            _ = FrameEvaluation.evaluate(tree, at: time + 0.05)
            let planned = plan.evaluate(at: time)
            XCTAssertEqual(planned, walked, "at step \(step)")
            layerCounts.insert(walked.layers)
            for (layer, walkedState) in zip(animated, walkedStates) {
                let localTime = try XCTUnwrap(tree.localTime(of: layer.layerID, at: time))
                let view = try XCTUnwrap(tree.view(of: layer.layerID))
                XCTAssertTrue(view.holdsEvaluation(at: localTime), "\(layer.name ?? "") at step \(step)")
                XCTAssertEqual(view.withPresentedState(at: localTime) { copy $0 }, walkedState, "at step \(step)")
            }
        }
        XCTAssertEqual(layerCounts.count, 2, "the blinking layer's sublayers are visited only while it shows: \(layerCounts)")

        root.sublayers?.last?.opacity = 0.5
        CATransaction.flush()
        XCTAssertFalse(plan.holds(for: tree), "a commit ends the plan")
        withExtendedLifetime(root) {}
    }

    /// An animated layer under another one: the first one's presented
    /// `isHidden` decides whether the second is evaluated; no plan.
    func testNoPlanForAnAnimatedLayerUnderAnAnimatedOne() {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = square(CGRect(x: 0, y: 0, width: 40, height: 40))
        let outer = square(CGRect(x: 0, y: 0, width: 20, height: 20))
        let inner = square(CGRect(x: 0, y: 0, width: 10, height: 10))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        root.attach(to: host)
        blink(outer)
        fade(inner)
        CATransaction.flush()
        XCTAssertNil(FrameEvaluationPlan.make(for: host.loop.tree))

        // Without the outer animation there is one.
        outer.removeAllAnimations()
        CATransaction.flush()
        XCTAssertNotNil(FrameEvaluationPlan.make(for: host.loop.tree))
        withExtendedLifetime(root) {}
    }

    /// The compositor walks the first frame of a generation, makes a plan on
    /// the second and uses it until the next commit; where no plan can be
    /// made it walks every frame, and tries once a generation.
    func testTheCompositorPlansFromTheSecondFrameOfAGeneration() throws {
        let host = InlineRenderHost(width: 100, height: 100)
        let (root, _) = makeScene(on: host)
        let compositor = host.loop.compositor
        let tree = host.loop.tree
        let start = clock.now()
        let planned = compositor.evaluationPlanner.framesPlanned
        var frames: [Compositor.Frame] = []
        for step in 0..<4 { frames.append(compositor.prepare(tree, mediaTime: start + Double(step) / 60)) }
        XCTAssertEqual(compositor.evaluationPlanner.framesPlanned - planned, 3, "the second frame on")
        XCTAssertEqual(frames.map(\.runningAnimations), frames.map { _ in 4 },
                       "the fades of the layer, the parent and the mask, and the blink; not the one under a hidden layer")

        root.sublayers?.last?.opacity = 0.5
        CATransaction.flush()
        _ = compositor.prepare(tree, mediaTime: start + 0.1)
        XCTAssertEqual(compositor.evaluationPlanner.framesPlanned - planned, 3, "the first frame after a commit walks")
        _ = compositor.prepare(tree, mediaTime: start + 0.12)
        XCTAssertEqual(compositor.evaluationPlanner.framesPlanned - planned, 4)
        withExtendedLifetime(root) {}
    }
}
