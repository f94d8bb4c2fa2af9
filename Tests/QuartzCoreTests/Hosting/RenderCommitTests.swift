import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Commits carry plain snapshots of what changed, and the render tree built
/// from them evaluates animations exactly as `presentation()` does.
final class RenderCommitTests: ModelTestCase {
    func testFirstCommitCarriesTheWholeTreeThenOnlyChanges() {
        let host = CommitRecorder()
        let root = CALayer(), a = CALayer(), b = CALayer()
        root.addSublayer(a)
        a.addSublayer(b)
        CATransaction.flush()
        root.attach(to: host)
        CATransaction.flush()
        XCTAssertEqual(host.commits.count, 1)
        XCTAssertEqual(Set(host.commits[0].updates.map(\.id)), [root.layerID, a.layerID, b.layerID])
        XCTAssertEqual(host.commits[0].updates.first { $0.id == root.layerID }?.sublayers, [a.layerID])

        b.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(host.commits.count, 2)
        XCTAssertEqual(host.commits[1].updates.map(\.id), [b.layerID])
        XCTAssertEqual(host.commits[1].updates[0].state.opacity, 0.5)
        XCTAssertEqual(host.commits[1].sequence, 2)
    }

    /// A subtree built while detached is sent whole when it joins the tree.
    func testLayersNewToTheHostAreSentWhole() {
        let host = CommitRecorder()
        let root = CALayer()
        root.attach(to: host)
        CATransaction.flush()
        let branch = CALayer(), leaf = CALayer()
        branch.addSublayer(leaf)
        CATransaction.flush()
        XCTAssertEqual(host.commits.count, 1, "changes outside the hosted tree are not sent")
        root.addSublayer(branch)
        CATransaction.flush()
        XCTAssertEqual(Set(host.commits.last?.updates.map(\.id) ?? []), [root.layerID, branch.layerID, leaf.layerID])
    }

    func testRenderTreeAppliesCommitsAndForgetsRemovedLayers() {
        let host = CommitRecorder()
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        root.attach(to: host)
        CATransaction.flush()
        let tree = RenderTree()
        host.commits.forEach(tree.apply)
        XCTAssertEqual(tree.nodes.count, 2)
        child.removeFromSuperlayer()
        CATransaction.flush()
        host.commits.suffix(1).forEach(tree.apply)
        XCTAssertEqual(Set(tree.nodes.keys), [root.layerID])
    }

    func testMaskLayersTravelWithTheirOwner() {
        let host = CommitRecorder()
        let root = CALayer(), mask = CALayer()
        root.mask = mask
        root.attach(to: host)
        CATransaction.flush()
        XCTAssertEqual(host.commits.last?.updates.first { $0.id == root.layerID }?.mask, mask.layerID)
        mask.opacity = 0.25
        CATransaction.flush()
        XCTAssertEqual(host.commits.last?.updates.map(\.id), [mask.layerID], "a mask's changes reach its owner's host")
    }

    /// The render side evaluates the same animations to the same values.
    func testRenderSideEvaluationMatchesPresentation() throws {
        let host = CommitRecorder()
        let root = CALayer()
        root.attach(to: host)
        CATransaction.flush()
        root.position = CGPoint(x: 100, y: 40)
        let group = CAAnimationGroup()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0.2, 0.6]
        group.animations = [spin, fade]
        group.duration = 2
        root.add(group, forKey: "g")
        root.add(CASpringAnimation(keyPath: "position.x"), forKey: "s")
        CATransaction.flush()
        let tree = RenderTree()
        host.commits.forEach(tree.apply)
        let node = try XCTUnwrap(tree.nodes[root.layerID])
        for step in 1...6 {
            clock.advance(by: 0.3)
            let rendered = tree.presentedState(of: node, parentTime: CACurrentMediaTime()).state
            let presented = try XCTUnwrap(root.presentation())
            XCTAssertEqual(rendered.opacity, presented.opacity, accuracy: 1e-6, "step \(step)")
            XCTAssertEqual(rendered.position.x, presented.position.x, accuracy: 1e-9, "step \(step)")
            XCTAssertEqual(rendered.transform.m12, presented.transform.m12, accuracy: 1e-9, "step \(step)")
        }
    }

    func testNextAnimationTime() {
        let host = CommitRecorder()
        let root = CALayer()
        root.attach(to: host)
        CATransaction.flush()
        let tree = RenderTree()
        host.commits.forEach(tree.apply)
        XCTAssertNil(tree.nextAnimationTime(after: 1000))
        let later = CABasicAnimation(keyPath: "opacity")
        later.beginTime = CACurrentMediaTime() + 5
        later.duration = 1
        root.add(later, forKey: nil)
        CATransaction.flush()
        host.commits.suffix(1).forEach(tree.apply)
        XCTAssertEqual(tree.nextAnimationTime(after: 1000) ?? 0, 1005, accuracy: 1e-9)
        XCTAssertEqual(tree.nextAnimationTime(after: 1005.5) ?? 0, 1005.5, accuracy: 1e-9)
        XCTAssertNil(tree.nextAnimationTime(after: 1007))
    }

    /// An animation that has not begun, on a sublayer of a layer with its
    /// own timing: its begin time, in the sublayer's time, is mapped back to
    /// media time through every layer above it (speed 2 and a begin time on
    /// the parent: media 1000 is parent time (1000 - 990) x 2 = 20).
    func testNextAnimationTimeMapsABeginTimeThroughTheLayersAbove() {
        let host = CommitRecorder()
        let root = CALayer(), parent = CALayer(), child = CALayer()
        parent.speed = 2
        parent.beginTime = 990
        root.addSublayer(parent)
        parent.addSublayer(child)
        root.attach(to: host)
        let later = CABasicAnimation(keyPath: "opacity")
        later.beginTime = 30  // in the child's time, which is the parent's
        later.duration = 1
        child.add(later, forKey: nil)
        CATransaction.flush()
        let tree = RenderTree()
        host.commits.forEach(tree.apply)
        // Parent time 30 is media 990 + 30 / 2 = 1005.
        XCTAssertEqual(tree.nextAnimationTime(after: 1000) ?? 0, 1005, accuracy: 1e-9)
        XCTAssertEqual(tree.nextAnimationTime(after: 1005.2) ?? 0, 1005.2, accuracy: 1e-9)
        XCTAssertNil(tree.nextAnimationTime(after: 1006))
    }
}
