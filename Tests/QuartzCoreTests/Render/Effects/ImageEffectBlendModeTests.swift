import XCTest
import CPixman
@testable import QuartzCore

/// compositingFilter names, Core Image's and Core Animation's, to pixman operators.
final class ImageEffectBlendModeTests: XCTestCase {
    func testEveryCoreImageBlendModeMapsToItsPixmanOperator() {
        let expected: [(String, pixman_op_t)] = [
            ("CIMultiplyBlendMode", PIXMAN_OP_MULTIPLY), ("CIScreenBlendMode", PIXMAN_OP_SCREEN),
            ("CIOverlayBlendMode", PIXMAN_OP_OVERLAY), ("CIDarkenBlendMode", PIXMAN_OP_DARKEN),
            ("CILightenBlendMode", PIXMAN_OP_LIGHTEN), ("CIColorDodgeBlendMode", PIXMAN_OP_COLOR_DODGE),
            ("CIColorBurnBlendMode", PIXMAN_OP_COLOR_BURN), ("CISoftLightBlendMode", PIXMAN_OP_SOFT_LIGHT),
            ("CIHardLightBlendMode", PIXMAN_OP_HARD_LIGHT), ("CIDifferenceBlendMode", PIXMAN_OP_DIFFERENCE),
            ("CIExclusionBlendMode", PIXMAN_OP_EXCLUSION), ("CIHueBlendMode", PIXMAN_OP_HSL_HUE),
            ("CISaturationBlendMode", PIXMAN_OP_HSL_SATURATION), ("CIColorBlendMode", PIXMAN_OP_HSL_COLOR),
            ("CILuminosityBlendMode", PIXMAN_OP_HSL_LUMINOSITY), ("CIAdditionCompositing", PIXMAN_OP_ADD),
            ("CISourceOverCompositing", PIXMAN_OP_OVER), ("CISourceInCompositing", PIXMAN_OP_IN),
            ("CISourceOutCompositing", PIXMAN_OP_OUT), ("CISourceAtopCompositing", PIXMAN_OP_ATOP),
        ]
        for (name, op) in expected {
            XCTAssertEqual(CompositingOperator(filterName: name), .exact(op), name)
            // Core Animation's string form: no "CI", lowercase first letter.
            let bare = String(name.dropFirst(2))
            let caName = bare.prefix(1).lowercased() + bare.dropFirst()
            XCTAssertEqual(CompositingOperator(filterName: caName).pixmanOperator, op, caName)
        }
    }

    func testCoreAnimationFilterNames() {
        let expected: [(String, pixman_op_t)] = [
            ("normalBlendMode", PIXMAN_OP_OVER), ("sourceOver", PIXMAN_OP_OVER), ("copy", PIXMAN_OP_SRC),
            ("clear", PIXMAN_OP_CLEAR), ("sourceIn", PIXMAN_OP_IN), ("sourceOut", PIXMAN_OP_OUT),
            ("sourceAtop", PIXMAN_OP_ATOP), ("destOver", PIXMAN_OP_OVER_REVERSE), ("destIn", PIXMAN_OP_IN_REVERSE),
            ("destOut", PIXMAN_OP_OUT_REVERSE), ("destAtop", PIXMAN_OP_ATOP_REVERSE), ("xor", PIXMAN_OP_XOR),
            ("plusL", PIXMAN_OP_ADD), ("multiplyBlendMode", PIXMAN_OP_MULTIPLY), ("screenBlendMode", PIXMAN_OP_SCREEN),
            ("additionCompositing", PIXMAN_OP_ADD),
        ]
        for (name, op) in expected {
            XCTAssertEqual(CompositingOperator(filterName: name), .exact(op), name)
        }
    }

    func testApproximateUnsupportedAndUnknownNames() {
        XCTAssertEqual(CompositingOperator(filterName: "CIMaximumCompositing"), .approximate(PIXMAN_OP_LIGHTEN))
        XCTAssertEqual(CompositingOperator(filterName: "CIMinimumCompositing"), .approximate(PIXMAN_OP_DARKEN))
        XCTAssertEqual(CompositingOperator(filterName: "CIMultiplyCompositing"), .approximate(PIXMAN_OP_MULTIPLY))
        XCTAssertEqual(CompositingOperator(filterName: "linearDodgeBlendMode"), .approximate(PIXMAN_OP_ADD))
        for name in ["CILinearBurnBlendMode", "CIPinLightBlendMode", "CIVividLightBlendMode", "CISubtractBlendMode",
                     "CIDivideBlendMode", "CILinearLightBlendMode", "plusD", "subtractBlendMode"] {
            XCTAssertEqual(CompositingOperator(filterName: name), .unsupported, name)
            XCTAssertNil(CompositingOperator(filterName: name).pixmanOperator, name)
        }
        for name in ["", "CIGaussianBlur", "cimultiplyblendmode", "MultiplyBlendMode", "CI", "🙂"] {
            XCTAssertEqual(CompositingOperator(filterName: name), .unknown, name)
            XCTAssertNil(CompositingOperator(filterName: name).pixmanOperator, name)
        }
    }
}
