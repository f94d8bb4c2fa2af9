import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Subtrees nothing changes until the next commit keep their draw nodes
/// from frame to frame (`StaticSubtreeCache`), and the frames drawn with
/// them are the frames drawn afresh.
final class StaticSubtreeTests: ModelTestCase {
    private let size = (width: 200, height: 120)
    private var roots: [CALayer] = []

    private func makeRoot(on host: RenderHost) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        roots.append(root)
        root.attach(to: host)
        return root
    }

    private func square(_ frame: CGRect, red: CGFloat) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: red, green: 0.5, blue: 1 - red, alpha: 0.8)
        return layer
    }

    /// Moves `layer`'s `position.x` from 25 to `x` over a second, from now, and commits.
    private func slide(_ layer: CALayer, toX x: Double) {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 25
        move.toValue = x
        move.duration = 1
        layer.add(move, forKey: "move")
        CATransaction.flush()
    }

    /// An animation that shows `layer` (hidden) from `delay` seconds on, for 0.3 s.
    private func show(_ layer: CALayer, after delay: Double) {
        let show = CABasicAnimation(keyPath: "hidden")
        show.fromValue = false
        show.toValue = false
        show.beginTime = CACurrentMediaTime() + delay
        show.duration = 0.3
        layer.add(show, forKey: "show")
    }

    /// Renders the frame for `time` on `host`, with the subtrees it keeps,
    /// and checks it against the same frame drawn afresh.
    private func assertFrameMatchesFresh(_ host: RecordingRenderHost, at time: CFTimeInterval, step: Int,
                                         file: StaticString = #filePath, line: UInt = #line) {
        let incremental = host.inline.render(at: time)
        XCTAssertEqual(GoldenImage.differingPixels(incremental, host.freshFrame(at: time), tolerance: 0), 0,
                       "frame \(step)", file: file, line: line)
    }

    /// The still siblings of a moving layer are built once; the moving one
    /// and its ancestors every frame; a commit rebuilds everything once.
    func testStillSiblingsOfAMovingLayerAreBuiltOnce() throws {
        let host = InlineRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        let still = (0..<3).map { square(CGRect(x: 10 + $0 * 40, y: 10, width: 30, height: 30), red: 0.3 * CGFloat($0)) }
        still.forEach(root.addSublayer)
        let nested = square(CGRect(x: 5, y: 5, width: 10, height: 10), red: 1)
        still[2].addSublayer(nested)
        let moving = square(CGRect(x: 10, y: 60, width: 30, height: 30), red: 0.9)
        root.addSublayer(moving)
        slide(moving, toX: 175)
        let compositor = host.loop.compositor, tree = host.loop.tree
        let start = CACurrentMediaTime()

        func children(at time: CFTimeInterval) throws -> [DrawNode] {
            try XCTUnwrap(compositor.prepare(tree, mediaTime: time).root).children
        }
        let first = try children(at: start + 0.1), second = try children(at: start + 0.2)
        XCTAssertEqual(first.count, 4)
        for index in 0..<3 { XCTAssertTrue(first[index] === second[index], "still layer \(index) kept") }
        XCTAssertTrue(first[2].children[0] === second[2].children[0], "with its sublayer")
        XCTAssertFalse(first[3] === second[3], "the moving layer is built again")
        XCTAssertEqual(compositor.prepare(tree, mediaTime: start + 0.3).layerCount, 6, "kept layers still counted")

        CATransaction.begin()
        CATransaction.setDisableActions(true)  // no implicit fade: still again after the commit
        still[1].backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        let afterCommit = try children(at: start + 0.4)
        for index in 0..<3 { XCTAssertFalse(second[index] === afterCommit[index], "a commit rebuilds layer \(index)") }
        XCTAssertEqual(afterCommit[1].state.backgroundColor, LayerColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
        let later = try children(at: start + 0.5)
        XCTAssertTrue(afterCommit[1] === later[1], "and keeps it again from then on")
    }

    /// A kept layer's content is found once, when its node is built, and
    /// taken from the node in every later frame (`DrawNode.memoizedContent`);
    /// so is the still root's, made from its shell. Only the moving layer's
    /// is looked up, once a frame, though the root is asked twice (whether
    /// it paints the damage opaque, and to draw it) and the still squares
    /// under the moving one are drawn every frame.
    func testKeptLayersContentIsLookedUpOnce() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        (0..<3).forEach { root.addSublayer(square(CGRect(x: 10 + $0 * 40, y: 40, width: 50, height: 40), red: 0.3 * CGFloat($0))) }
        let moving = square(CGRect(x: 10, y: 50, width: 30, height: 20), red: 0.9)
        root.addSublayer(moving)
        slide(moving, toX: 150)
        let cache = host.inline.loop.compositor.contentCache
        let start = CACurrentMediaTime()
        assertFrameMatchesFresh(host, at: start + 0.1, step: 0)
        for step in 1...5 {
            let before = cache.lookUps
            assertFrameMatchesFresh(host, at: start + 0.1 + Double(step) * 0.1, step: step)
            XCTAssertEqual(cache.lookUps - before, 1, "frame \(step): only the moving layer's content looked up")
        }
    }

    /// Still layers inside a moving one move with it (their inputs change:
    /// built again), beside still ones, a hidden one and one an animation
    /// will show; commits change a still layer between frames. Every frame
    /// is the frame drawn afresh.
    func testFramesWithKeptSubtreesMatchFreshFrames() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        let carrier = square(CGRect(x: 10, y: 10, width: 60, height: 60), red: 0.2)
        carrier.addSublayer(square(CGRect(x: 10, y: 10, width: 20, height: 20), red: 0.8))
        root.addSublayer(carrier)
        let still = square(CGRect(x: 120, y: 20, width: 40, height: 40), red: 0.5)
        still.addSublayer(square(CGRect(x: 5, y: 5, width: 12, height: 12), red: 1))
        root.addSublayer(still)
        let hidden = square(CGRect(x: 90, y: 80, width: 30, height: 20), red: 0.7)
        hidden.isHidden = true
        root.addSublayer(hidden)
        let revealed = square(CGRect(x: 140, y: 80, width: 30, height: 20), red: 0.1)
        revealed.isHidden = true
        root.addSublayer(revealed)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 40, y: 40)
        move.toValue = CGPoint(x: 95.5, y: 70.25)
        move.duration = 1
        carrier.add(move, forKey: "move")
        show(revealed, after: 0.5)
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for step in 0...10 {
            if step == 4 || step == 7 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                still.backgroundColor = CGColor(red: 0.1 * CGFloat(step), green: 0.9, blue: 0.2, alpha: 1)
                CATransaction.commit()
            }
            let time = start + Double(step) * 0.1
            assertFrameMatchesFresh(host, at: time, step: step)
        }
        XCTAssertGreaterThan(host.inline.loop.compositor.staticSubtrees.count, 0, "frames kept subtrees")
    }

    /// A still container whose only sublayer is hidden, with an animation
    /// that shows it later, is not kept as static: the sublayer appears on
    /// time (`DrawListBuilder` takes a hidden sublayer's animations into account
    /// when it decides whether its superlayer is static).
    func testAStillContainerOfAHiddenLayerAnAnimationWillShowIsNotKept() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        let container = square(CGRect(x: 20, y: 20, width: 100, height: 60), red: 0.3)
        let hidden = square(CGRect(x: 10, y: 10, width: 30, height: 20), red: 0.9)
        hidden.isHidden = true
        container.addSublayer(hidden)
        root.addSublayer(container)
        show(hidden, after: 0.5)
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for step in 0...9 {
            let time = start + Double(step) * 0.1
            assertFrameMatchesFresh(host, at: time, step: step)
        }
    }

    /// A still layer above a changing one (a container of a moving layer,
    /// the root) is made from what its first build worked out
    /// (`StaticSubtreeCache.Shell`), with the same record while its
    /// sublayers are the same; only its sublayers are built again. Frames
    /// match fresh ones while a sublayer moves, hides and shows, and after
    /// a commit.
    func testStillParentsOfChangingLayersAreMadeFromTheirShells() throws {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        let container = square(CGRect(x: 20, y: 10, width: 150, height: 100), red: 0.3)
        container.masksToBounds = true
        root.addSublayer(container)
        let moving = square(CGRect(x: 0, y: 10, width: 30, height: 30), red: 0.9)
        container.addSublayer(moving)
        let blinking = square(CGRect(x: 60, y: 50, width: 30, height: 30), red: 0.6)
        container.addSublayer(blinking)
        container.addSublayer(square(CGRect(x: 100, y: 60, width: 20, height: 20), red: 0.1))
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: -10, y: 25)
        move.toValue = CGPoint(x: 170.5, y: 80.25)
        move.duration = 1
        moving.add(move, forKey: "move")
        let blink = CAKeyframeAnimation(keyPath: "hidden")
        blink.values = [false, true, false]
        blink.keyTimes = [0, 0.3, 0.6]
        blink.calculationMode = .discrete
        blink.duration = 1
        blinking.add(blink, forKey: "blink")
        CATransaction.flush()
        let compositor = host.inline.loop.compositor, tree = host.inline.loop.tree
        let start = CACurrentMediaTime()
        func rootNode(at time: CFTimeInterval) throws -> DrawNode {
            try XCTUnwrap(compositor.prepare(tree, mediaTime: time).root)
        }
        let first = try rootNode(at: start + 0.05), second = try rootNode(at: start + 0.1)
        XCTAssertFalse(first === second, "a new node each frame")
        XCTAssertTrue(first.record === second.record, "the root's record kept: its sublayers are the same")
        XCTAssertTrue(first.children[0].record === second.children[0].record, "and the container's")
        XCTAssertGreaterThanOrEqual(compositor.staticSubtrees.shellsTaken, 2)
        let hiddenFrame = try rootNode(at: start + 0.4)
        XCTAssertEqual(hiddenFrame.children[0].children.count, 2, "the blinking layer hidden")
        XCTAssertFalse(hiddenFrame.children[0].record === first.children[0].record, "other sublayers: a record of its own")

        // The frames prepared above were not drawn: start the drawing afresh.
        compositor.invalidateAll()
        for step in 0...12 {
            if step == 8 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                container.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 1)
                CATransaction.commit()
            }
            let time = start + Double(step) * 0.09
            assertFrameMatchesFresh(host, at: time, step: step)
        }
    }

    /// A layer whose animation has not begun yet is not static: when the
    /// animation begins, its frames show it.
    func testALayerWaitingForItsAnimationIsBuiltEveryFrame() throws {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let root = makeRoot(on: host)
        let waiting = square(CGRect(x: 20, y: 20, width: 40, height: 40), red: 0.4)
        root.addSublayer(waiting)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.2
        fade.toValue = 0.2
        fade.beginTime = CACurrentMediaTime() + 0.3
        fade.duration = 10
        waiting.add(fade, forKey: "fade")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        let before = host.inline.render(at: start + 0.1)
        let after = host.inline.render(at: start + 0.5)
        XCTAssertEqual(GoldenImage.differingPixels(after, host.freshFrame(at: start + 0.5), tolerance: 0), 0)
        XCTAssertGreaterThan(GoldenImage.differingPixels(before, after, tolerance: 2), 1000, "the fade shows when it begins")
    }
}

/// The render loop asks for the next tick while the last frame had
/// animations running, without walking the tree, and still sleeps once the
/// end state has been drawn.
final class RunningFrameSchedulingTests: ModelTestCase {
    private var root: CALayer?

    func testALoopKeepsDrawingWhileAnimationsRunAndSleepsAfterTheEndState() {
        let host = InlineRenderHost(width: 80, height: 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(layer)
        self.root = root
        root.attach(to: host)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.2
        fade.duration = 0.1
        fade.isRemovedOnCompletion = false
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let loop = host.loop, start = CACurrentMediaTime()
        func isFrameDue(_ action: FrameScheduler.Action) -> Bool {
            if case .sleep(nil) = action { return false }
            return true
        }
        XCTAssertEqual(loop.renderFrame(at: start + 0.05).runningAnimations, 1)
        let walks = loop.treeWalks
        XCTAssertTrue(isFrameDue(loop.nextAction(now: start + 0.05)), "running: the next tick is due")
        // Long after the end, with no frame in between: one frame is still
        // due, to show the end state.
        XCTAssertTrue(isFrameDue(loop.nextAction(now: start + 0.5)), "the end state is still to be drawn")
        XCTAssertEqual(loop.treeWalks, walks, "answered from the last frame, without walking the tree")
        XCTAssertEqual(loop.renderFrame(at: start + 0.5).runningAnimations, 0)
        XCTAssertEqual(loop.nextAction(now: start + 0.5), .sleep(until: nil), "drawn: the loop sleeps")
        XCTAssertEqual(loop.treeWalks, walks + 1, "nothing ran at that frame: the tree is walked")
        XCTAssertEqual(loop.nextAction(now: start + 0.6), .sleep(until: nil))
    }
}
