import XCTest
@testable import QuartzCore

final class CATransform3DDecompositionTests: XCTestCase {
    func testIdentityDecomposesToNeutralFactors() {
        XCTAssertEqual(DecomposedTransform(CATransform3DIdentity), .identity)
        XCTAssertEqual(DecomposedTransform.identity.transform, CATransform3DIdentity)
    }

    func testSingleFactorsAreRecovered() throws {
        let scaled = try XCTUnwrap(DecomposedTransform(CATransform3DMakeScale(2, 3, 4)))
        XCTAssertEqual(scaled.scale, SIMD3(2, 3, 4))
        XCTAssertEqual(scaled.rotation, .identity)

        let moved = try XCTUnwrap(DecomposedTransform(CATransform3DMakeTranslation(5, -6, 7)))
        XCTAssertEqual(moved.translation, SIMD3(5, -6, 7))
        XCTAssertEqual(moved.scale, .one)

        // The quaternion of MakeRotation(θ, axis) is (axis·sin θ/2, cos θ/2).
        let turned = try XCTUnwrap(DecomposedTransform(CATransform3DMakeRotation(1.2, 0, 0.6, 0.8)))
        let q = turned.rotation
        XCTAssertEqual(q.x, 0, accuracy: 1e-12)
        XCTAssertEqual(q.y, 0.6 * sin(0.6), accuracy: 1e-12)
        XCTAssertEqual(q.z, 0.8 * sin(0.6), accuracy: 1e-12)
        XCTAssertEqual(q.w, cos(0.6), accuracy: 1e-12)
        XCTAssertEqual(turned.scale.x, 1, accuracy: 1e-12)
    }

    func testRandomChainsRoundTrip() {
        var rng = Transform3DTestRNG(seed: 3)
        var decomposed = 0
        for _ in 0..<500 {
            let t = rng.transform(perspective: true)
            guard let parts = DecomposedTransform(t) else { continue }
            decomposed += 1
            assertTransformsClose(parts.transform, t, accuracy: 1e-9)
        }
        // Chains of invertible factors are invertible: all must decompose.
        XCTAssertEqual(decomposed, 500)
    }

    func testPerspectiveAfterTranslationKeepsTheTranslation() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let t = CATransform3DTranslate(perspective, 0, 0, 100)
        XCTAssertNotEqual(t.m44, 1)
        let parts = try XCTUnwrap(DecomposedTransform(t))
        XCTAssertEqual(parts.translation.z, 100, accuracy: 1e-12)
        XCTAssertEqual(parts.perspective.z, -1 / 500, accuracy: 1e-15)
        XCTAssertEqual(parts.perspective.w, 1, accuracy: 1e-12)
        XCTAssertEqual(parts.transform, t)
    }

    func testMirrorNegatesOneScaleFactor() throws {
        let parts = try XCTUnwrap(DecomposedTransform(CATransform3DMakeScale(-1, 2, 3)))
        XCTAssertEqual(parts.scale, SIMD3(-1, 2, 3))
        XCTAssertEqual(parts.rotation, .identity)
        let yFlip = try XCTUnwrap(DecomposedTransform(CATransform3DMakeScale(1, -2, 1)))
        XCTAssertEqual(yFlip.scale, SIMD3(1, -2, 1))
    }

    func testSkewIsRecoveredAndRoundTrips() throws {
        var shear = CATransform3DIdentity
        shear.m21 = 0.5  // y gains 0.5·x
        let t = CATransform3DConcat(CATransform3DConcat(shear, CATransform3DMakeRotation(0.4, 1, 2, 3)),
                                    CATransform3DMakeTranslation(1, 2, 3))
        let parts = try XCTUnwrap(DecomposedTransform(t))
        XCTAssertEqual(parts.skew.xy, 0.5, accuracy: 1e-12)
        XCTAssertEqual(parts.skew.xz, 0, accuracy: 1e-12)
        assertTransformsClose(parts.transform, t)
    }

    func testHalfTurnsKeepTheirAxis() throws {
        // The CSS sqrt-and-compare extraction loses axis signs at w == 0.
        for axis in [(1.0, -1.0, 0.0), (0.0, 1.0, -1.0), (-1.0, 0.0, 1.0), (1.0, 2.0, -3.0)] {
            let t = CATransform3DMakeRotation(.pi, axis.0, axis.1, axis.2)
            let parts = try XCTUnwrap(DecomposedTransform(t))
            assertTransformsClose(parts.transform, t, accuracy: 1e-12)
        }
    }

    func testSingularAndNonFiniteMatricesDoNotDecompose() {
        var noW = CATransform3DIdentity
        noW.m44 = 0
        XCTAssertNil(DecomposedTransform(noW))
        XCTAssertNil(DecomposedTransform(CATransform3DMakeScale(0, 1, 1)))
        XCTAssertNil(DecomposedTransform(CATransform3D()))
        var flatRows = CATransform3DIdentity
        flatRows.m21 = 1; flatRows.m22 = 0  // rows x and y equal: rank 2
        XCTAssertNil(DecomposedTransform(flatRows))
        var nan = CATransform3DIdentity
        nan.m42 = .nan
        XCTAssertNil(DecomposedTransform(nan))
        XCTAssertNil(DecomposedTransform(CATransform3DMakeTranslation(.infinity, 0, 0)))
    }

    func testZeroScaleDecomposesOnlyWhenAllowed() throws {
        let base = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(10, 20, 0))
        let flat = CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), base)
        XCTAssertNil(DecomposedTransform(flat))
        var parts = try XCTUnwrap(DecomposedTransform(flat, allowingZeroScale: true))
        XCTAssertEqual(parts.scale.x, 0)
        XCTAssertEqual(parts.scale.y, 1, accuracy: 1e-12)
        assertTransformsClose(parts.transform, flat)
        // The rotation survives the flattened axis, so restoring it restores the layer.
        parts.scale.x = 1
        assertTransformsClose(parts.transform, base)

        let gone = try XCTUnwrap(DecomposedTransform(CATransform3DMakeScale(0, 0, 1), allowingZeroScale: true))
        XCTAssertEqual(gone.scale, SIMD3(0, 0, 1))
        XCTAssertEqual(gone.transform, CATransform3DMakeScale(0, 0, 1))
        let nothing = try XCTUnwrap(DecomposedTransform(CATransform3D.zeroScaleAt(5, 6), allowingZeroScale: true))
        XCTAssertEqual(nothing.scale, .zero)
        XCTAssertEqual(nothing.transform, CATransform3D.zeroScaleAt(5, 6))
    }

    func testZeroScaleWithPerspectiveStillFails() {
        var t = CATransform3DMakeScale(0, 1, 1)
        t.m34 = -0.002
        XCTAssertNil(DecomposedTransform(t, allowingZeroScale: true))
    }
}

extension CATransform3D {
    /// Everything collapsed onto the point (x, y).
    static func zeroScaleAt(_ x: CGFloat, _ y: CGFloat) -> CATransform3D {
        CATransform3DConcat(CATransform3DMakeScale(0, 0, 0), CATransform3DMakeTranslation(x, y, 0))
    }
}
