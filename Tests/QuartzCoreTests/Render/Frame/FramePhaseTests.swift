import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A frame in phases (`Compositor`): the evaluation phase works out every
/// shown layer's presented state once, and the draw list is built from it.
final class FramePhaseTests: ModelTestCase {
    private func fade(_ layer: CALayer, duration: CFTimeInterval = 1) {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = duration
        layer.add(animation, forKey: "fade")
    }

    private func square(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return layer
    }

    /// After the evaluation phase every animated layer that is shown holds
    /// its presented state at its local time; a hidden layer's sublayers are
    /// not evaluated, and a commit forgets what was evaluated.
    func testEvaluationLeavesEachShownLayersStateForTheLaterPhases() throws {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = square(CGRect(x: 0, y: 0, width: 40, height: 40))
        let shown = square(CGRect(x: 0, y: 0, width: 10, height: 10))
        let hiddenParent = square(CGRect(x: 20, y: 0, width: 10, height: 10))
        hiddenParent.isHidden = true
        let underHidden = square(CGRect(x: 0, y: 0, width: 5, height: 5))
        hiddenParent.addSublayer(underHidden)
        root.addSublayer(shown)
        root.addSublayer(hiddenParent)
        root.attach(to: host)
        fade(shown)
        fade(underHidden)
        CATransaction.flush()
        host.render(at: clock.now())

        let tree = host.loop.tree
        let time = clock.now() + 0.5
        let result = FrameEvaluation.evaluate(tree, at: time)
        XCTAssertEqual(result.layers, 3, "the root, the shown square and the hidden parent; not what is under it")
        XCTAssertEqual(result.runningAnimations, 1)
        XCTAssertTrue(try XCTUnwrap(tree.view(of: shown.layerID)).holdsEvaluation(at: time))
        XCTAssertFalse(try XCTUnwrap(tree.view(of: underHidden.layerID)).holdsEvaluation(at: time))
        let frame = host.loop.compositor.prepare(tree, mediaTime: time)
        XCTAssertEqual(frame.runningAnimations, 1)
        XCTAssertTrue(try XCTUnwrap(tree.view(of: shown.layerID)).holdsEvaluation(at: time))

        shown.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        XCTAssertFalse(try XCTUnwrap(tree.view(of: shown.layerID)).holdsEvaluation(at: time),
                       "a commit that changes the layer forgets its evaluation")
        withExtendedLifetime(root) {}
    }

    /// The draw list shows the states the evaluation phase worked out: an
    /// animated layer's node carries its presented opacity at the frame's time.
    func testTheDrawListCarriesThePresentedStates() throws {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = square(CGRect(x: 0, y: 0, width: 40, height: 40))
        let shown = square(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSublayer(shown)
        root.attach(to: host)
        fade(shown)
        CATransaction.flush()
        let begin = try XCTUnwrap(shown.animation(forKey: "fade")).beginTime
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: begin + 0.25)
        let node = try XCTUnwrap(frame.root?.children.first { $0.id.layer == shown.layerID })
        XCTAssertEqual(node.state.opacity, 0.25, accuracy: 1e-6)
        withExtendedLifetime(root) {}
    }

    /// Each drawing of a layer has its own `DrawID`: a replicator's copies,
    /// and copies of copies (a replicator inside another one's copies), all
    /// differ, while the first copy is the layer itself.
    func testEveryDrawingOfALayerHasItsOwnID() throws {
        let host = InlineRenderHost(width: 120, height: 120)
        let root = square(CGRect(x: 0, y: 0, width: 120, height: 120))
        let outer = CAReplicatorLayer()
        outer.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        outer.instanceCount = 3
        outer.instanceTransform = CATransform3DMakeTranslation(0, 40, 0)
        let inner = CAReplicatorLayer()
        inner.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        inner.instanceCount = 3
        inner.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        let dot = square(CGRect(x: 5, y: 5, width: 10, height: 10))
        inner.addSublayer(dot)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        root.attach(to: host)
        CATransaction.flush()
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: clock.now())
        var dots: [DrawID] = []
        func collect(_ node: DrawNode) {
            if node.id.layer == dot.layerID { dots.append(node.id) }
            node.children.forEach(collect)
        }
        try collect(XCTUnwrap(frame.root))
        XCTAssertEqual(dots.count, 9)
        XCTAssertEqual(Set(dots).count, 9, "nine drawings, nine ids: \(dots)")
        XCTAssertEqual(dots.first, DrawID(layer: dot.layerID), "the first copy of the first copy is the layer itself")
        // A still frame after it: every drawing matched its record, nothing damaged.
        let still = host.loop.compositor.prepare(host.loop.tree, mediaTime: clock.now() + 1)
        XCTAssertEqual(still.damage, [])
        withExtendedLifetime(root) {}
    }

    func testCopyPathsAreNeverTheLayersOwnAndDoNotCollide() {
        XCTAssertEqual(ReplicatorCopies.path(0, replicator: 5, copy: 0), 0, "the first copy is the layer")
        XCTAssertEqual(ReplicatorCopies.path(77, replicator: 5, copy: 0), 77)
        XCTAssertNotEqual(ReplicatorCopies.path(0, replicator: 5, copy: 1), ReplicatorCopies.path(0, replicator: 6, copy: 1),
                          "the same copy number of two replicators")
        var seen = Set<UInt64>([0])
        for outer in 0..<64 {
            let parent = ReplicatorCopies.path(0, replicator: 5, copy: outer)
            for copy in 1..<ReplicatorState.maximumCount {
                let path = ReplicatorCopies.path(parent, replicator: 6, copy: copy)
                XCTAssertNotEqual(path, 0)
                XCTAssertTrue(seen.insert(path).inserted, "copy \(copy) of copy \(outer) collides")
            }
        }
    }

    /// A rasterized layer inside a replicator's copy is kept as its own
    /// bitmap under the copy's id (its layer found in the tree by `DrawID.layer`).
    func testARasterizedLayerInACopyIsCached() throws {
        let host = InlineRenderHost(width: 120, height: 40)
        let root = square(CGRect(x: 0, y: 0, width: 120, height: 40))
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        let card = square(CGRect(x: 0, y: 0, width: 30, height: 30))
        card.shouldRasterize = true
        card.addSublayer(square(CGRect(x: 5, y: 5, width: 10, height: 10)))
        replicator.addSublayer(card)
        root.addSublayer(replicator)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: clock.now())
        let cache = host.loop.compositor.rasterizationCache
        XCTAssertNotNil(cache.contentForTesting(DrawID(layer: card.layerID)))
        XCTAssertNotNil(cache.contentForTesting(DrawID(layer: card.layerID, copy: ReplicatorCopies.path(0, replicator: replicator.layerID, copy: 1))))
        withExtendedLifetime(root) {}
    }
}
