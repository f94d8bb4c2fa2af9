import CoreImage
import XCTest
@testable import QuartzCore

/// The blur radius a filter snapshot keeps (`CIFilterSnapshot.blurRadius`,
/// found once rather than hashed at every frame) and the radius as
/// presented, which an animation of `inputRadius` replaces.
final class FilterBlurRadiusTests: XCTestCase {
    func testBlurringFiltersKeepTheirRadiusOrItsDefault() {
        XCTAssertEqual(CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: ["inputRadius": 5]).blurRadius, 5)
        XCTAssertEqual(CIFilterSnapshot(filterName: "CIGaussianBlur", name: "soften", numbers: [:]).blurRadius, 10,
                       "Apple's default radius")
        XCTAssertEqual(CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: [:]).blurRadius,
                       CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: [:]).number("inputRadius"))
        XCTAssertNil(CIFilterSnapshot(filterName: "CIColorPosterize", name: "bands", numbers: ["inputRadius": 5]).blurRadius,
                     "a filter that does not blur has no reach")
    }

    func testAnAnimatedRadiusIsTheOnePresentedAndSetsTheReach() {
        var state = LayerState()
        state.filters = [CIFilterSnapshot(filterName: "CIColorPosterize", name: "bands", numbers: [:]),
                         CIFilterSnapshot(filterName: "CIBloom", name: "glow", numbers: ["inputRadius": 5])]
        XCTAssertNil(state.presentedBlurRadius(ofFilterAt: 0))
        XCTAssertEqual(state.presentedBlurRadius(ofFilterAt: 1), 5)
        XCTAssertEqual(ImageFilterRenderer.outset(of: state, memo: BlurOutsetMemo()), ImageEffects.outset(forRadius: 5))

        state.setFilterNumber(2, forKey: "inputIntensity", ofFilterNamed: "glow", in: .filters)
        XCTAssertEqual(state.presentedBlurRadius(ofFilterAt: 1), 5, "another input animated leaves the radius")
        var widened = state
        widened.animatedFilterInput = nil
        widened.setFilterNumber(12, forKey: "inputRadius", ofFilterNamed: "glow", in: .filters)
        XCTAssertEqual(widened.presentedBlurRadius(ofFilterAt: 1), 12)
        XCTAssertEqual(ImageFilterRenderer.outset(of: widened, memo: BlurOutsetMemo()), ImageEffects.outset(forRadius: 12))
        XCTAssertEqual(ImageFilterRenderer.outset(for: widened.presentedFilters), ImageEffects.outset(forRadius: 12))
    }
}
