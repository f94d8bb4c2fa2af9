import XCTest
@testable import QuartzCore

final class CALayerSublayerTests: ModelTestCase {
    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    private func names(_ layer: CALayer) -> [String] { (layer.sublayers ?? []).map { $0.name ?? "?" } }

    func testInsertionAndOrdering() {
        let root = CALayer()
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, at: 1)
        XCTAssertEqual(names(root), ["a", "b", "c"])
        root.insertSublayer(d, below: a)
        XCTAssertEqual(names(root), ["d", "a", "b", "c"])
        root.insertSublayer(e, above: c)
        XCTAssertEqual(names(root), ["d", "a", "b", "c", "e"])
        root.insertSublayer(d, above: b)  // moving within the same superlayer
        XCTAssertEqual(names(root), ["a", "b", "d", "c", "e"])
        root.insertSublayer(named("z"), at: 99)  // clamped to the end
        XCTAssertEqual(names(root).last, "z")
        XCTAssertTrue(a.superlayer === root)
    }

    func testAddingMovesLayerFromItsOldSuperlayer() {
        let first = CALayer(), second = CALayer(), child = named("child")
        first.addSublayer(child)
        second.addSublayer(child)
        XCTAssertNil(first.sublayers)
        XCTAssertEqual(names(second), ["child"])
        XCTAssertTrue(child.superlayer === second)
    }

    func testRemoveAndReplace() {
        let root = CALayer()
        let a = named("a"), b = named("b"), c = named("c")
        root.sublayers = [a, b]
        root.replaceSublayer(a, with: c)
        XCTAssertEqual(names(root), ["c", "b"])
        XCTAssertNil(a.superlayer)
        b.removeFromSuperlayer()
        XCTAssertEqual(names(root), ["c"])
        XCTAssertNil(b.superlayer)
        root.sublayers = nil
        XCTAssertNil(c.superlayer)
        XCTAssertNil(root.sublayers)
    }

    func testCyclesAreRefusedWithAMessage() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        child.addSublayer(root)
        root.addSublayer(root)
        XCTAssertNil(root.superlayer)
        XCTAssertTrue(diagnostics.contains("cycle"))
    }

    func testReplacingALayerThatIsNotASublayerIsReported() {
        let root = CALayer()
        root.replaceSublayer(CALayer(), with: CALayer())
        XCTAssertNil(root.sublayers)
        XCTAssertTrue(diagnostics.contains("not a sublayer"))
    }

    /// Order-in and order-out actions run for layers joining or leaving a
    /// visible tree, a replacement runs `kCATransition`, and the superlayer's
    /// `"sublayers"` action runs on every edit.
    func testTreeEditsRunOrderActionsInVisibleTrees() {
        let root = makeVisibleRoot()
        let recorder = ActionRecorder()
        let a = CALayer(), b = CALayer()
        a.delegate = recorder
        b.delegate = recorder
        root.delegate = recorder
        root.addSublayer(a)
        XCTAssertEqual(recorder.events, ["sublayers", kCAOnOrderIn])
        recorder.events.removeAll()
        root.replaceSublayer(a, with: b)
        XCTAssertEqual(recorder.events.filter { $0 != "sublayers" }, [kCAOnOrderOut, kCAOnOrderIn, kCATransition])
        recorder.events.removeAll()
        let hidden = CALayer()
        hidden.delegate = recorder
        CALayer().addSublayer(hidden)  // not visible: no actions
        XCTAssertEqual(recorder.events, [])
    }
}

/// A layer delegate that records which action keys were asked for.
final class ActionRecorder: CALayerDelegate {
    var events: [String] = []
    var answers: [String: CAAction] = [:]
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        events.append(event)
        return answers[event]
    }
}
