import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A frame reads the render tree through `RenderTree.NodeView`s, which
/// retain nothing, and starts loading the data of the nodes it visits next
/// (`NodeView.prefetchAhead`). A view must read exactly what its node
/// holds, and the evaluation walk the benchmark times
/// (`RenderLoop.evaluateAnimations`), which walks as a frame does, must
/// visit every layer at its own local time.
final class RenderTreeViewTests: ModelTestCase {
    private var root: CALayer?

    private func fade(from: Double, to: Double, duration: Double = 2) -> AnimationSnapshot {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.repeatCount = 2
        return animation.snapshot(reportingOn: nil)
    }

    func testAViewReadsWhatItsNodeHolds() {
        var state = LayerState()
        state.zPosition = 3
        state.opacity = 0.9
        state.timing = MediaTiming(beginTime: 1.5, speed: 2, timeOffset: 0.25)
        let animations = [fade(from: 0.2, to: 0.6), fade(from: 1, to: 0, duration: 0.5)]
        let node = RenderTree.Node(state: state, sublayers: [4, 5, 6], mask: 9, animations: animations)
        defer { withExtendedLifetime(node) {} }  // a view does not keep its node alive
        let view = node.view
        XCTAssertEqual(view.zPosition, 3)
        XCTAssertEqual(view.mask, 9)
        XCTAssertTrue(view.hasAnimations)
        XCTAssertEqual(view.animations.map(\.id), animations.map(\.id))
        XCTAssertEqual(view.withSublayers { Array($0) }, [4, 5, 6])
        XCTAssertEqual(view.localTime(fromParent: 10), (10 - 1.5) * 2 + 0.25)
        for time in [0.1, 0.7, 1.9, 3.5, 5] {
            var expected = state
            AnimationEvaluator.apply(animations, to: &expected, layerTime: time)
            XCTAssertEqual(view.withPresentedState(at: time) { copy $0 }, expected, "at \(time)")
            let running = animations.filter { $0.timing.isRunning(atLayerTime: time) }.count
            XCTAssertEqual(view.runningAnimationCount(atLayerTime: time), running, "at \(time)")
        }

        let still = RenderTree.Node(state: state, sublayers: [], mask: nil, animations: [])
        XCTAssertFalse(still.view.hasAnimations)
        XCTAssertNil(still.view.mask)
        XCTAssertEqual(still.view.withPresentedState(at: 1) { copy $0 }, state)
        // A hint only: any mix of nodes, with or without animations, or none.
        withExtendedLifetime(still) {
            RenderTree.NodeView.prefetchAhead(next: still.view, second: view, third: nil)
            RenderTree.NodeView.prefetchAhead(next: nil, second: still.view, third: view)
            XCTAssertEqual(view.withPresentedState(at: 0.7) { $0.opacity }, node.withPresentedState(at: 0.7) { $0.opacity })
        }
    }

    /// Three levels, each layer on its own timing, some animated: the walk
    /// visits all of them, each at the local time its ancestors give it.
    func testTheEvaluationWalkVisitsEveryLayerAtItsOwnTime() throws {
        let host = InlineRenderHost(width: 120, height: 90)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        for index in 0..<5 {
            let child = CALayer()
            child.frame = CGRect(x: index * 20, y: 0, width: 18, height: 40)
            child.timeOffset = Double(index) * 0.3
            child.speed = index.isMultiple(of: 2) ? 1 : 0.5
            for grand in 0..<2 {
                let grandchild = CALayer()
                grandchild.frame = CGRect(x: 0, y: grand * 20, width: 18, height: 18)
                grandchild.opacity = 0.5
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = 0.1 * Double(grand + 1)
                animation.toValue = 1.0
                animation.duration = 1 + Double(index)
                animation.isRemovedOnCompletion = false
                if index != 3 { grandchild.add(animation, forKey: "fade") }
                child.addSublayer(grandchild)
            }
            root.addSublayer(child)
        }
        self.root = root
        root.attach(to: host)
        defer { root.detachFromHost() }
        CATransaction.flush()
        let start = CACurrentMediaTime()
        _ = host.loop.renderFrame(at: start)

        let tree = host.loop.tree
        for time in [start + 0.2, start + 1.4, start + 3.9] {
            var layers = 0, running = 0, opacitySum = 0.0
            func visit(_ id: UInt64, parentTime: Double) throws {
                let node = try XCTUnwrap(tree.nodes[id])
                // Worked out apart from the views: the timing and the general evaluator.
                let localTime = node.state.timing.localTime(fromParent: parentTime)
                var state = node.state
                AnimationEvaluator.apply(node.animations, to: &state, layerTime: localTime)
                layers += 1
                opacitySum += Double(state.opacity)
                running += node.animations.filter { $0.timing.isRunning(atLayerTime: localTime) }.count
                for sublayer in node.sublayers { try visit(sublayer, parentTime: localTime) }
            }
            try visit(try XCTUnwrap(tree.rootID), parentTime: time)
            let result = host.loop.evaluateAnimations(at: time)
            XCTAssertEqual(result.layers, 16)
            XCTAssertEqual(result.layers, layers)
            XCTAssertEqual(result.runningAnimations, running, "at +\(time - start)")
            // What the phase left in the nodes: each one's presented state at its local time.
            var presentedSum = 0.0
            func sumPresented(_ id: UInt64, parentTime: Double) throws {
                let node = try XCTUnwrap(tree.view(of: id))
                let (state, localTime) = tree.presentedState(of: node, parentTime: parentTime)
                presentedSum += Double(state.opacity)
                for sublayer in try XCTUnwrap(tree.nodes[id]).sublayers { try sumPresented(sublayer, parentTime: localTime) }
            }
            try sumPresented(try XCTUnwrap(tree.rootID), parentTime: time)
            XCTAssertEqual(presentedSum, opacitySum, accuracy: 1e-9, "at +\(time - start)")
        }
        XCTAssertGreaterThan(host.loop.evaluateAnimations(at: start + 0.2).runningAnimations, 0)
    }
}
