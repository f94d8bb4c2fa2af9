import XCTest
@testable import QuartzCore

/// `LayerState`'s rarely changing fields live in a box shared by copies
/// (`LayerState+Extras.swift`); they must still behave as values.
final class LayerStateExtrasTests: XCTestCase {
    func testCopiesAreIndependentValues() {
        var original = LayerState()
        original.name = "a"
        original.filters = []
        var copy = original
        XCTAssertEqual(copy, original)

        copy.name = "b"
        copy.shape = ShapeState(CAShapeLayer())
        copy.shape?.lineWidth = 4
        XCTAssertEqual(original.name, "a")
        XCTAssertNil(original.shape)
        XCTAssertEqual(copy.shape?.lineWidth, 4)
        XCTAssertNotEqual(copy, original)

        // Equal contents in different boxes are equal states.
        var other = LayerState()
        other.name = "b"
        other.shape = ShapeState(CAShapeLayer())
        other.shape?.lineWidth = 4
        XCTAssertEqual(other, copy)
    }

    func testDefaultsAreApplesAndSharedStatesStayUntouched() {
        let fresh = LayerState()
        XCTAssertEqual(fresh.className, "CALayer")
        XCTAssertEqual(fresh.magnificationFilter, .linear)
        XCTAssertEqual(fresh.contentsGravity, .resize)
        var changed = fresh
        changed.magnificationFilter = .nearest
        XCTAssertEqual(LayerState().magnificationFilter, .linear, "the shared defaults were not written")
        XCTAssertEqual(changed.withoutOwnRendering.magnificationFilter, .nearest)
    }

    /// `equalsIgnoringFilters` (the bloom cache's key) leaves out the
    /// filter list and an animated input of it, and nothing else: not the
    /// background filters, their animated input, other extras or fields.
    func testEqualityIgnoringFiltersLeavesOutOnlyTheFilters() {
        var base = LayerState()
        base.filters = [CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: ["inputIntensity": 0.5])]
        base.backgroundFilters = [CIFilterSnapshot(filterName: "CIGaussianBlur", name: "soften", numbers: [:])]
        var pulsed = base
        pulsed.setFilterNumber(1.2, forKey: "inputIntensity", ofFilterNamed: "glow", in: .filters)
        var refiltered = base
        refiltered.filters = [CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: ["inputIntensity": 0.9])]
        XCTAssertTrue(pulsed.equalsIgnoringFilters(base) && base.equalsIgnoringFilters(pulsed))
        XCTAssertTrue(refiltered.equalsIgnoringFilters(base) && base.equalsIgnoringFilters(refiltered))
        XCTAssertNotEqual(refiltered, base)

        var softened = base
        softened.setFilterNumber(4, forKey: "inputRadius", ofFilterNamed: "soften", in: .backgroundFilters)
        var renamed = base
        renamed.name = "other"
        var moved = base
        moved.position.x = 3
        var unsoftened = refiltered
        unsoftened.backgroundFilters = []
        for (different, what) in [(softened, "animated background input"), (renamed, "name"), (moved, "position"),
                                  (unsoftened, "background filters")] {
            XCTAssertFalse(different.equalsIgnoringFilters(base), what)
            XCTAssertFalse(base.equalsIgnoringFilters(different), what)
        }
    }
}
