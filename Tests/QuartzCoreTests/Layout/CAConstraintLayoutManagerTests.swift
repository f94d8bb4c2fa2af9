import XCTest
@testable import QuartzCore

/// Collects what `CADiagnostics` reports while a test runs.
private final class DiagnosticLog: Sendable {
    private let storage = LockedValue<[String]>([])

    var messages: [String] { storage.withLock { $0 } }

    /// Installs the log as the handler (which also forgets earlier messages,
    /// so a problem reported by another test is reported again here).
    func install() {
        CADiagnostics.setHandler { message in self.storage.withLock { $0.append(message) } }
    }

    func count(containing text: String) -> Int { messages.filter { $0.contains(text) }.count }
}

/// A layer that prefers a size other than its bounds, as a text layer does.
private final class SizedLayer: CALayer {
    var preferred = CGSize(width: 70, height: 15)
    override func preferredFrameSize() -> CGSize { preferred }
}

private func named(_ name: String, bounds: CGSize = .zero) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.bounds = CGRect(origin: .zero, size: bounds)
    return layer
}

private func constraint(_ attribute: CAConstraintAttribute, _ source: String, _ sourceAttribute: CAConstraintAttribute,
                        scale: CGFloat = 1, offset: CGFloat = 0) -> CAConstraint {
    CAConstraint(attribute: attribute, relativeTo: source, attribute: sourceAttribute, scale: scale, offset: offset)
}

final class CAConstraintLayoutManagerTests: XCTestCase {
    private let log = DiagnosticLog()

    override func setUp() {
        super.setUp()
        log.install()
    }

    override func tearDown() {
        CADiagnostics.setHandler(nil)
        super.tearDown()
    }

    /// A superlayer of the given size using the constraint layout manager.
    private func container(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.layoutManager = CAConstraintLayoutManager()
        return layer
    }

    // MARK: - Apple's examples

    /// Core Animation Programming Guide, "Building a Layer Hierarchy",
    /// Listing 4-2 (Figure 4-2): layerA keeps its size and stays centred;
    /// layerB matches layerA's width and midpoint, its maxY is 10 points short
    /// of layerA's minY and its minY 10 points past the superlayer's minY.
    /// The listing never sets layerB's size: the constraints give it.
    func testGuideListing4_2() {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)  // the guide leaves this to the app

        // Create and set a constraint layout manager for the parent layer.
        theLayer.layoutManager = CAConstraintLayoutManager.layoutManager()

        // Create the first sublayer.
        let layerA = CALayer()
        layerA.name = "layerA"
        layerA.bounds = CGRect(x: 0.0, y: 0.0, width: 100.0, height: 25.0)
        layerA.borderWidth = 2.0

        // Keep layerA centered by pinning its midpoint to its parent's midpoint.
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        theLayer.addSublayer(layerA)

        // Create the second sublayer
        let layerB = CALayer()
        layerB.name = "layerB"
        layerB.borderWidth = 2.0

        // Make the width of layerB match the width of layerA.
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))

        // Make the horizontal midpoint of layerB match that of layerA
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))

        // Position the top edge of layerB 10 points from the bottom edge of layerA.
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10.0))

        // Position the bottom edge of layerB 10 points
        //  from the bottom edge of the parent layer.
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: +10.0))

        theLayer.addSublayer(layerB)

        XCTAssertTrue(theLayer.needsLayout())
        theLayer.layoutIfNeeded()

        XCTAssertEqual(layerA.frame, CGRect(x: 150, y: 137.5, width: 100, height: 25))
        XCTAssertEqual(layerA.position, CGPoint(x: 200, y: 150))
        XCTAssertEqual(layerB.frame, CGRect(x: 150, y: 10, width: 100, height: 117.5))
        XCTAssertEqual(layerB.position, CGPoint(x: 200, y: 68.75))
        XCTAssertTrue(log.messages.isEmpty, "\(log.messages)")

        // "each time the layout is updated": a larger superlayer moves both.
        theLayer.bounds = CGRect(x: 0, y: 0, width: 600, height: 400)
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layerA.frame, CGRect(x: 250, y: 187.5, width: 100, height: 25))
        XCTAssertEqual(layerB.frame, CGRect(x: 250, y: 10, width: 100, height: 167.5))
    }

    /// `CAConstraintLayoutManager` reference, Listing 1: two sublayers, each
    /// half the superlayer's width and its full height, one pinned left and
    /// one right. (The listing leaves the superlayer's bounds to the app.)
    func testReferenceListingFillsLeftAndRightHalves() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let heightConstraint = CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height)
        let widthConstraint = CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width,
                                           scale: 0.5, offset: 0)
        let leftConstraint = CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX)
        let rightConstraint = CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX)
        let bottomConstraint = CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY)

        let leftLayer = CALayer()
        leftLayer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.addSublayer(leftLayer)
        leftLayer.constraints = [heightConstraint, widthConstraint, leftConstraint, bottomConstraint]

        let rightLayer = CALayer()
        layer.addSublayer(rightLayer)
        rightLayer.constraints = [heightConstraint, widthConstraint, rightConstraint, bottomConstraint]

        layer.layoutManager = CAConstraintLayoutManager()
        layer.layoutIfNeeded()

        XCTAssertEqual(leftLayer.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(rightLayer.frame, CGRect(x: 100, y: 0, width: 100, height: 100))

        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 50)
        layer.layoutIfNeeded()
        XCTAssertEqual(leftLayer.frame, CGRect(x: 0, y: 0, width: 150, height: 50))
        XCTAssertEqual(rightLayer.frame, CGRect(x: 150, y: 0, width: 150, height: 50))
    }

    // MARK: - The factory

    func testLayoutManagerReturnsTheSharedInstance() {
        XCTAssertTrue(CAConstraintLayoutManager.layoutManager() === CAConstraintLayoutManager.layoutManager())
        XCTAssertFalse(CAConstraintLayoutManager() === CAConstraintLayoutManager.layoutManager())
        let manager: Any = CAConstraintLayoutManager()
        XCTAssertTrue(manager is NSObject, "Apple's class inherits from NSObject")
    }

    /// The shared manager keeps no state: two layers laid out by it do not
    /// see each other's sublayers.
    func testSharedManagerServesSeveralLayers() {
        let first = CALayer(), second = CALayer()
        for (layer, width) in [(first, CGFloat(100)), (second, 300)] {
            layer.bounds = CGRect(x: 0, y: 0, width: width, height: 10)
            layer.layoutManager = CAConstraintLayoutManager.layoutManager()
            let sublayer = named("item", bounds: CGSize(width: 10, height: 10))
            sublayer.constraints = [constraint(.maxX, "superlayer", .maxX)]
            layer.addSublayer(sublayer)
            layer.layoutIfNeeded()
        }
        XCTAssertEqual(first.sublayers?[0].frame.maxX, 100)
        XCTAssertEqual(second.sublayers?[0].frame.maxX, 300)
    }

    // MARK: - Two relations on an axis

    /// Every pair of relations on one axis, with the frame it must give.
    func testEveryPairOfRelationsOnAnAxis() {
        let cases: [(CAConstraintAttribute, CGFloat, CAConstraintAttribute, CGFloat, CGRect)] = [
            (.minX, 10, .maxX, 50, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.minX, 10, .midX, 30, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.midX, 30, .maxX, 50, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.minX, 10, .width, 40, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.width, 40, .midX, 30, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.maxX, 50, .width, 40, CGRect(x: 10, y: 0, width: 40, height: 5)),
            (.minY, 10, .maxY, 50, CGRect(x: 0, y: 10, width: 5, height: 40)),
            (.minY, 10, .midY, 30, CGRect(x: 0, y: 10, width: 5, height: 40)),
            (.midY, 30, .maxY, 50, CGRect(x: 0, y: 10, width: 5, height: 40)),
            (.height, 40, .minY, 10, CGRect(x: 0, y: 10, width: 5, height: 40)),
            (.midY, 30, .height, 40, CGRect(x: 0, y: 10, width: 5, height: 40)),
            (.maxY, 50, .height, 40, CGRect(x: 0, y: 10, width: 5, height: 40)),
        ]
        for (first, firstValue, second, secondValue, expected) in cases {
            let superlayer = container(100, 100)
            let sublayer = CALayer()
            sublayer.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
            // The superlayer's minX/minY is 0, so the offset is the value.
            let sourceOf: (CAConstraintAttribute) -> CAConstraintAttribute = { $0.axis == .x ? .minX : .minY }
            sublayer.constraints = [constraint(first, "superlayer", sourceOf(first), offset: firstValue),
                                    constraint(second, "superlayer", sourceOf(second), offset: secondValue)]
            superlayer.addSublayer(sublayer)
            superlayer.layoutIfNeeded()
            XCTAssertEqual(sublayer.frame, expected, "\(first) = \(firstValue), \(second) = \(secondValue)")
        }
    }

    func testScaleAndOffsetApply() {
        let superlayer = container(200, 80)
        let sublayer = CALayer()
        sublayer.constraints = [constraint(.width, "superlayer", .width, scale: 0.25, offset: 5),
                                constraint(.minX, "superlayer", .midX, offset: -10),
                                constraint(.height, "superlayer", .height, scale: 0.5),
                                constraint(.maxY, "superlayer", .maxY, offset: -4)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 90, y: 36, width: 55, height: 40))
    }

    // MARK: - One relation on an axis

    /// "Often you'll specify only a single edge constraint, the layer's size
    /// in the same axis will be used as the second relationship."
    func testSingleEdgeKeepsTheLayersSize() {
        let superlayer = container(100, 100)
        let sublayer = named("box", bounds: CGSize(width: 30, height: 20))
        sublayer.constraints = [constraint(.maxX, "superlayer", .maxX, offset: -5),
                                constraint(.midY, "superlayer", .midY)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 65, y: 40, width: 30, height: 20))
    }

    /// The size a single edge uses is the layer's preferred frame size, so a
    /// layer that knows its natural size (a text layer) gets it.
    func testSingleEdgeUsesPreferredFrameSize() {
        let superlayer = container(100, 100)
        let sublayer = SizedLayer()
        sublayer.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10),
                                constraint(.minY, "superlayer", .minY, offset: 20)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 10, y: 20, width: 70, height: 15))
    }

    /// A size alone changes the bounds and leaves `position` where it was,
    /// so the frame grows about the anchor point.
    func testSizeAloneKeepsPosition() {
        let superlayer = container(200, 100)
        let sublayer = CALayer()
        sublayer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        sublayer.position = CGPoint(x: 60, y: 30)
        sublayer.constraints = [constraint(.width, "superlayer", .width, scale: 0.5)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.position, CGPoint(x: 60, y: 30))
        XCTAssertEqual(sublayer.frame, CGRect(x: 10, y: 20, width: 100, height: 20))
    }

    /// The frame is placed through `position`, which depends on the anchor.
    func testAnchorPointIsHonoured() {
        let superlayer = container(100, 100)
        let sublayer = CALayer()
        sublayer.anchorPoint = CGPoint(x: 0, y: 1)
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10),
                                constraint(.maxX, "superlayer", .maxX, offset: -10),
                                constraint(.minY, "superlayer", .minY, offset: 5),
                                constraint(.height, "superlayer", .height, scale: 0.5)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 10, y: 5, width: 80, height: 50))
        XCTAssertEqual(sublayer.position, CGPoint(x: 10, y: 55))
        XCTAssertEqual(sublayer.bounds.size, CGSize(width: 80, height: 50))
    }

    // MARK: - Sources

    /// "superlayer" means the superlayer's bounds in its own space, not its
    /// frame in its parent's.
    func testSuperlayerSourceIsItsBounds() {
        let superlayer = CALayer()
        superlayer.bounds = CGRect(x: 100, y: 50, width: 80, height: 40)
        superlayer.position = CGPoint(x: 1000, y: 1000)
        superlayer.layoutManager = CAConstraintLayoutManager()
        let sublayer = CALayer()
        sublayer.constraints = [constraint(.minX, "superlayer", .minX), constraint(.maxX, "superlayer", .maxX),
                                constraint(.minY, "superlayer", .minY), constraint(.maxY, "superlayer", .maxY)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 100, y: 50, width: 80, height: 40))
    }

    /// A layer constrained to a sibling is laid out after it, even when it
    /// comes first in `sublayers`.
    func testSiblingIsLaidOutFirstWhateverTheOrder() {
        let superlayer = container(300, 100)
        let follower = named("follower")
        follower.constraints = [constraint(.minX, "leader", .maxX, offset: 10),
                                constraint(.width, "leader", .width),
                                constraint(.minY, "leader", .minY), constraint(.height, "leader", .height)]
        let leader = named("leader")
        leader.constraints = [constraint(.minX, "superlayer", .minX, offset: 20),
                              constraint(.width, "superlayer", .width, scale: 0.25),
                              constraint(.midY, "superlayer", .midY), constraint(.height, "superlayer", .height, scale: 0.5)]
        superlayer.addSublayer(follower)
        superlayer.addSublayer(leader)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(leader.frame, CGRect(x: 20, y: 25, width: 75, height: 50))
        XCTAssertEqual(follower.frame, CGRect(x: 105, y: 25, width: 75, height: 50))
    }

    /// A chain of three siblings, declared back to front.
    func testChainIsSolvedInDependencyOrder() {
        let superlayer = container(300, 10)
        let third = named("c"), second = named("b"), first = named("a")
        third.constraints = [constraint(.minX, "b", .maxX), constraint(.width, "b", .width)]
        second.constraints = [constraint(.minX, "a", .maxX), constraint(.width, "a", .width, scale: 2)]
        first.constraints = [constraint(.minX, "superlayer", .minX), constraint(.width, "superlayer", .width, scale: 0.1)]
        [third, second, first].forEach(superlayer.addSublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(first.frame.minX, 0)
        XCTAssertEqual(first.frame.width, 30)
        XCTAssertEqual(second.frame.minX, 30)
        XCTAssertEqual(second.frame.width, 60)
        XCTAssertEqual(third.frame.minX, 90)
        XCTAssertEqual(third.frame.width, 60)
    }

    /// Constraints may read the other axis, even of the layer itself (a
    /// square whose height follows its width).
    func testSourceAttributeMayLieOnTheOtherAxis() {
        let superlayer = container(200, 200)
        let square = named("square")
        square.constraints = [constraint(.minX, "superlayer", .minX), constraint(.width, "superlayer", .width, scale: 0.5),
                              constraint(.minY, "superlayer", .minY), constraint(.height, "square", .width)]
        superlayer.addSublayer(square)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(square.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertTrue(log.messages.isEmpty, "\(log.messages)")
    }

    /// Axes are ordered separately: a.x reads b.x while b.y reads a.y, which
    /// is no cycle.
    func testCrossDependenciesOnDifferentAxesAreNoCycle() {
        let superlayer = container(100, 100)
        let a = named("a", bounds: CGSize(width: 10, height: 10))
        let b = named("b", bounds: CGSize(width: 10, height: 10))
        a.constraints = [constraint(.minX, "b", .maxX), constraint(.minY, "superlayer", .minY, offset: 30)]
        b.constraints = [constraint(.minX, "superlayer", .minX, offset: 5), constraint(.minY, "a", .maxY)]
        superlayer.addSublayer(a)
        superlayer.addSublayer(b)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(b.frame, CGRect(x: 5, y: 40, width: 10, height: 10))
        XCTAssertEqual(a.frame, CGRect(x: 15, y: 30, width: 10, height: 10))
        XCTAssertEqual(log.count(containing: "cycle"), 0)
    }

    /// Layers without constraints, and axes without any, keep their geometry.
    func testUnconstrainedLayersAndAxesAreLeftAlone() {
        let superlayer = container(100, 100)
        let free = CALayer()
        free.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let half = CALayer()
        half.frame = CGRect(x: 7, y: 8, width: 9, height: 10)
        half.constraints = [constraint(.minX, "superlayer", .minX, offset: 50), constraint(.maxX, "superlayer", .maxX)]
        superlayer.addSublayer(free)
        superlayer.addSublayer(half)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(free.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(half.frame, CGRect(x: 50, y: 8, width: 50, height: 10))
    }

    // MARK: - Bad input

    func testThirdRelationOnAnAxisIsIgnoredAndReportedOnce() {
        let superlayer = container(100, 100)
        let sublayer = named("over", bounds: CGSize(width: 10, height: 10))
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10),
                                constraint(.maxX, "superlayer", .maxX, offset: -10),
                                constraint(.width, "superlayer", .width)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame.minX, 10)
        XCTAssertEqual(sublayer.frame.width, 80, "the width relation, third on the axis, is not used")
        superlayer.setNeedsLayout()
        superlayer.layoutIfNeeded()
        XCTAssertEqual(log.count(containing: "third constraint on the x axis"), 1, "\(log.messages)")
        XCTAssertTrue(log.messages[0].contains("\"over\""), "the report names the layer")
    }

    func testRepeatedAttributeIsIgnoredAndReported() {
        let superlayer = container(100, 100)
        let sublayer = named("twice", bounds: CGSize(width: 10, height: 10))
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10),
                                constraint(.minX, "superlayer", .minX, offset: 40)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame.minX, 10)
        XCTAssertEqual(log.count(containing: "second time"), 1, "\(log.messages)")
    }

    func testMissingSourceIsIgnoredAndReported() {
        let superlayer = container(100, 100)
        let sublayer = named("orphan", bounds: CGSize(width: 10, height: 10))
        sublayer.constraints = [constraint(.minX, "nobody", .maxX, offset: 10),
                                constraint(.minY, "superlayer", .minY, offset: 30)]
        sublayer.position = CGPoint(x: 5, y: 5)
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame, CGRect(x: 0, y: 30, width: 10, height: 10))
        XCTAssertEqual(log.count(containing: "names no sibling layer \"nobody\""), 1, "\(log.messages)")
    }

    /// Apple leaves circular constraints undefined; Lamina must not hang,
    /// reports the cycle and still lays out the axes outside it.
    func testCycleIsReportedAndBroken() {
        let superlayer = container(100, 100)
        let a = named("a", bounds: CGSize(width: 10, height: 10))
        let b = named("b", bounds: CGSize(width: 10, height: 10))
        a.constraints = [constraint(.minX, "b", .maxX), constraint(.minY, "superlayer", .minY, offset: 1)]
        b.constraints = [constraint(.minX, "a", .maxX), constraint(.minY, "superlayer", .minY, offset: 2)]
        a.position = CGPoint(x: 5, y: 5)
        b.position = CGPoint(x: 25, y: 5)
        superlayer.addSublayer(a)
        superlayer.addSublayer(b)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(log.count(containing: "cycle"), 1, "\(log.messages)")
        // a (first in order) is solved from b's current frame, then b from a's.
        XCTAssertEqual(a.frame.minX, 30)
        XCTAssertEqual(b.frame.minX, 40)
        XCTAssertEqual(a.frame.minY, 1)
        XCTAssertEqual(b.frame.minY, 2)
    }

    func testSelfReferenceOnTheSameAxisIsACycle() {
        let superlayer = container(100, 100)
        let loop = named("loop", bounds: CGSize(width: 10, height: 10))
        loop.constraints = [constraint(.width, "loop", .width, offset: 5)]
        superlayer.addSublayer(loop)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(loop.bounds.width, 15, "laid out once from its current width, not repeatedly")
        XCTAssertEqual(log.count(containing: "cycle"), 1, "\(log.messages)")
    }

    // MARK: - Triggers

    /// Setting a sublayer's constraints marks the superlayer for layout.
    func testChangingConstraintsRelaysOut() {
        let superlayer = container(100, 100)
        let sublayer = CALayer()
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10)]
        superlayer.addSublayer(sublayer)
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame.minX, 10)
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 30)]
        XCTAssertTrue(superlayer.needsLayout())
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sublayer.frame.minX, 30)
    }

    // MARK: - Preferred size

    /// The preferred size reaches from the bounds' origin to the far edges of
    /// the sublayers as the constraints would place them, without moving them.
    func testPreferredSizeHoldsTheLaidOutSublayers() {
        let superlayer = container(10, 10)
        let sublayer = CALayer()
        sublayer.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        sublayer.constraints = [constraint(.minX, "superlayer", .minX, offset: 10),
                                constraint(.minY, "superlayer", .minY, offset: 5)]
        superlayer.addSublayer(sublayer)
        let before = sublayer.frame

        XCTAssertEqual(superlayer.preferredFrameSize(), CGSize(width: 60, height: 25))
        XCTAssertEqual(sublayer.frame, before, "asking for the size lays nothing out")
    }

    func testPreferredSizeWithoutSublayersIsTheBoundsSize() {
        let layer = container(42, 17)
        XCTAssertEqual(CAConstraintLayoutManager().preferredSize(of: layer), CGSize(width: 42, height: 17))
    }

    /// A nested constraint layout: the inner layer's preferred size (from its
    /// own sublayers) is the size a single edge gives it in the outer layout.
    func testNestedPreferredSizeFeedsSingleEdgeLayout() {
        let outer = container(200, 200)
        let inner = named("inner", bounds: CGSize(width: 1, height: 1))
        inner.layoutManager = CAConstraintLayoutManager()
        let leaf = CALayer()
        leaf.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        leaf.constraints = [constraint(.minX, "superlayer", .minX, offset: 4),
                            constraint(.minY, "superlayer", .minY, offset: 6)]
        inner.addSublayer(leaf)
        inner.constraints = [constraint(.maxX, "superlayer", .maxX), constraint(.maxY, "superlayer", .maxY)]
        outer.addSublayer(inner)
        outer.layoutIfNeeded()
        XCTAssertEqual(inner.frame, CGRect(x: 166, y: 154, width: 34, height: 46))
        XCTAssertEqual(leaf.frame, CGRect(x: 4, y: 6, width: 30, height: 40), "the inner layout ran in the same pass")
    }
}
