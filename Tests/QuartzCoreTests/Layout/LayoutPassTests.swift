import XCTest
@testable import QuartzCore

/// Appends its name to a shared journal whenever it lays out.
private final class JournalLayer: CALayer {
    var journal: Journal?
    override func layoutSublayers() {
        journal?.entries.append(name ?? "?")
        super.layoutSublayers()
    }
}

private final class Journal {
    var entries: [String] = []
}

/// A layout manager that records which layers it laid out.
private final class RecordingManager: CALayoutManager {
    var laidOut: [CALayer] = []
    var invalidated: [CALayer] = []
    var preferred: CGSize?
    func layoutSublayers(of layer: CALayer) { laidOut.append(layer) }
    func invalidateLayout(of layer: CALayer) { invalidated.append(layer) }
    func preferredSize(of layer: CALayer) -> CGSize { preferred ?? layer.bounds.size }
}

private final class LayingOutDelegate: CALayerDelegate {
    var laidOut: [CALayer] = []
    func layoutSublayers(of layer: CALayer) { laidOut.append(layer) }
}

/// A delegate that implements other methods but not `layoutSublayers(of:)`.
private final class DrawingOnlyDelegate: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// The layout pass: `setNeedsLayout`, `layoutIfNeeded`, `layoutSublayers`
/// and what marks a layer as needing layout.
final class LayoutPassTests: XCTestCase {
    private func journalLayer(_ name: String, _ journal: Journal) -> JournalLayer {
        let layer = JournalLayer()
        layer.name = name
        layer.journal = journal
        return layer
    }

    func testLayoutIfNeededLaysOutOnceAfterSetNeedsLayout() {
        let journal = Journal()
        let layer = journalLayer("a", journal)
        layer.layoutIfNeeded()
        journal.entries.removeAll()

        layer.layoutIfNeeded()
        XCTAssertEqual(journal.entries, [], "nothing is marked")
        layer.setNeedsLayout()
        XCTAssertTrue(layer.needsLayout())
        layer.layoutIfNeeded()
        XCTAssertEqual(journal.entries, ["a"])
        XCTAssertFalse(layer.needsLayout())
        layer.layoutIfNeeded()
        XCTAssertEqual(journal.entries, ["a"], "the mark is cleared")
    }

    func testDefaultLayoutSublayersAsksTheLayoutManager() {
        let layer = CALayer()
        let manager = RecordingManager()
        layer.layoutManager = manager
        XCTAssertTrue(layer.needsLayout(), "setting a layout manager marks the layer")
        layer.layoutIfNeeded()
        XCTAssertTrue(manager.laidOut.count == 1 && manager.laidOut[0] === layer)
    }

    /// Apple: the delegate's `layoutSublayers(of:)` when it implements it,
    /// instead of the layout manager.
    func testDelegateThatLaysOutReplacesTheLayoutManager() {
        let layer = CALayer()
        let manager = RecordingManager()
        let delegate = LayingOutDelegate()
        layer.layoutManager = manager
        layer.delegate = delegate
        layer.layoutIfNeeded()
        XCTAssertTrue(delegate.laidOut.count == 1 && delegate.laidOut[0] === layer)
        XCTAssertTrue(manager.laidOut.isEmpty)
    }

    func testDelegateWithoutLayoutLeavesItToTheLayoutManager() {
        let layer = CALayer()
        let manager = RecordingManager()
        let delegate = DrawingOnlyDelegate()
        layer.layoutManager = manager
        layer.delegate = delegate
        layer.layoutIfNeeded()
        XCTAssertEqual(manager.laidOut.count, 1)
    }

    func testSetNeedsLayoutInvalidatesTheManagersCache() {
        let layer = CALayer()
        let manager = RecordingManager()
        layer.layoutManager = manager
        layer.layoutIfNeeded()
        manager.invalidated.removeAll()
        layer.setNeedsLayout()
        XCTAssertTrue(manager.invalidated.count == 1 && manager.invalidated[0] === layer)
    }

    func testBoundsSizeChangeMarksNeedsLayoutButMovingDoesNot() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.layoutIfNeeded()
        layer.position = CGPoint(x: 40, y: 40)
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        XCTAssertFalse(layer.needsLayout())
        layer.bounds.size = CGSize(width: 20, height: 10)
        XCTAssertTrue(layer.needsLayout())
    }

    func testAddingASublayerMarksTheSuperlayer() {
        let layer = CALayer()
        layer.layoutIfNeeded()
        layer.addSublayer(CALayer())
        XCTAssertTrue(layer.needsLayout())
    }

    /// The pass goes top down through marked layers and skips clean ones.
    func testLayoutIfNeededRecursesIntoMarkedSublayersTopDown() {
        let journal = Journal()
        let root = journalLayer("root", journal)
        let child = journalLayer("child", journal), sibling = journalLayer("sibling", journal)
        let grandchild = journalLayer("grandchild", journal)
        root.addSublayer(child)
        root.addSublayer(sibling)
        child.addSublayer(grandchild)
        root.layoutIfNeeded()
        journal.entries.removeAll()

        grandchild.setNeedsLayout()
        root.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(journal.entries, ["root", "grandchild"])
        XCTAssertFalse(grandchild.needsLayout())
    }

    /// A layout that resizes a sublayer makes the sublayer lay out in the
    /// same pass, after its superlayer.
    func testSublayerResizedByLayoutIsLaidOutInTheSamePass() {
        let inner = RecordingManager()
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        child.layoutManager = inner
        parent.layoutManager = ResizingManager(size: CGSize(width: 50, height: 50))
        parent.layoutIfNeeded()
        inner.laidOut.removeAll()
        parent.setNeedsLayout()
        (parent.layoutManager as? ResizingManager)?.size = CGSize(width: 60, height: 50)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.bounds.size, CGSize(width: 60, height: 50))
        XCTAssertEqual(inner.laidOut.count, 1)
    }

    /// Fix: a subtree whose deep layer was marked while detached is laid out
    /// once it joins a tree and that tree's pass runs.
    func testMarkedLayerInAnInsertedSubtreeIsLaidOut() {
        let journal = Journal()
        let root = journalLayer("root", journal)
        let branch = journalLayer("branch", journal), leaf = journalLayer("leaf", journal)
        branch.addSublayer(leaf)
        branch.layoutIfNeeded()
        root.layoutIfNeeded()
        journal.entries.removeAll()

        leaf.setNeedsLayout()
        root.addSublayer(branch)
        root.layoutIfNeeded()
        XCTAssertEqual(journal.entries, ["root", "leaf"])
    }

    /// Fix: Apple's header: `layoutIfNeeded` "traverses upwards from the
    /// layer while the superlayer requires layout. Then layout the entire
    /// tree beneath that ancestor."
    func testLayoutIfNeededStartsAtTheHighestMarkedAncestor() {
        let journal = Journal()
        let root = journalLayer("root", journal)
        let parent = journalLayer("parent", journal), child = journalLayer("child", journal)
        root.addSublayer(parent)
        parent.addSublayer(child)
        root.layoutIfNeeded()
        journal.entries.removeAll()

        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        XCTAssertEqual(journal.entries, ["parent", "child"])
        XCTAssertFalse(parent.needsLayout())
    }

    /// The constraint layout manager, driven by the pass: resizing the
    /// superlayer relays out its sublayers at the next `layoutIfNeeded`.
    func testConstraintLayoutFollowsBoundsChangesThroughThePass() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.layoutManager = CAConstraintLayoutManager()
        let child = CALayer()
        child.constraints = [CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .midX),
                             CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX),
                             CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY),
                             CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY)]
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.frame, CGRect(x: 50, y: 0, width: 50, height: 100))
        parent.bounds.size = CGSize(width: 300, height: 40)
        XCTAssertEqual(child.frame, CGRect(x: 50, y: 0, width: 50, height: 100), "not before the pass")
        parent.layoutIfNeeded()
        XCTAssertEqual(child.frame, CGRect(x: 150, y: 0, width: 150, height: 40))
    }

    // MARK: - Preferred frame size

    func testPreferredFrameSizeAsksTheLayoutManager() {
        let layer = CALayer()
        let manager = RecordingManager()
        manager.preferred = CGSize(width: 12, height: 34)
        layer.layoutManager = manager
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 12, height: 34))
    }

    /// Fix: Apple: without a layout manager, "the size of the bounds rect
    /// mapped into the superlayer" — a quarter turn swaps width and height.
    func testPreferredFrameSizeIsTheBoundsMappedIntoTheSuperlayer() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 10)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 40, height: 10))
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 80, height: 30))
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        let size = layer.preferredFrameSize()
        XCTAssertEqual(size.width, 10, accuracy: 1e-9)
        XCTAssertEqual(size.height, 40, accuracy: 1e-9)
    }
}

/// Sets every sublayer's bounds size.
private final class ResizingManager: CALayoutManager {
    var size: CGSize
    init(size: CGSize) { self.size = size }
    func layoutSublayers(of layer: CALayer) {
        for sublayer in layer.sublayers ?? [] { sublayer.bounds.size = size }
    }
}
