import XCTest
@testable import QuartzCore

/// The public `CATransform3D…` functions, checked against Apple's documented
/// row-vector semantics by mapping actual points.
final class CATransform3DTests: XCTestCase {
    func testIdentityConstantAndZeroInitializer() {
        let i = CATransform3DIdentity
        XCTAssertEqual(i.entries, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        // Apple's Swift `CATransform3D()` is the zeroed C struct, not identity.
        XCTAssertEqual(CATransform3D().entries, [CGFloat](repeating: 0, count: 16))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3D()))
    }

    func testMakeTranslationMovesPoints() {
        let t = CATransform3DMakeTranslation(10, 20, 30)
        XCTAssertEqual([t.m41, t.m42, t.m43], [10, 20, 30])
        assertTransformMaps(t, (1, 2, 3), maps: (11, 22, 33))
    }

    func testMakeScaleScalesPoints() {
        let t = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual([t.m11, t.m22, t.m33, t.m44], [2, 3, 4, 1])
        assertTransformMaps(t, (1, 1, 1), maps: (2, 3, 4))
    }

    func testMakeRotationFollowsTheRightHandRule() {
        let half = CGFloat.pi / 2
        // Apple: +π/2 about z turns +x into +y (as CGAffineTransform rotation).
        assertTransformMaps(CATransform3DMakeRotation(half, 0, 0, 1), (1, 0, 0), maps: (0, 1, 0))
        assertTransformMaps(CATransform3DMakeRotation(half, 1, 0, 0), (0, 1, 0), maps: (0, 0, 1))
        assertTransformMaps(CATransform3DMakeRotation(half, 0, 1, 0), (0, 0, 1), maps: (1, 0, 0))
        assertTransformMaps(CATransform3DMakeRotation(-half, 0, 0, 1), (1, 0, 0), maps: (0, -1, 0))
        let z = CATransform3DMakeRotation(0.3, 0, 0, 1)
        XCTAssertEqual(CATransform3DGetAffineTransform(z), CGAffineTransform(rotationAngle: 0.3))
    }

    func testMakeRotationNormalizesTheAxisAndKeepsItFixed() {
        assertTransformsClose(CATransform3DMakeRotation(0.7, 0, 0, 5), CATransform3DMakeRotation(0.7, 0, 0, 1))
        let r = CATransform3DMakeRotation(1.1, 1, 2, 3)
        assertTransformMaps(r, (1, 2, 3), maps: (1, 2, 3))
        let p = r.apply(x: 3, y: -1, z: 2)
        XCTAssertEqual(p.x * p.x + p.y * p.y + p.z * p.z, 14, accuracy: 1e-12)
    }

    func testMakeRotationAboutZeroAxisIsIdentity() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    func testTranslateAppliesTheTranslationFirst() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 1, 0, 0)
        // translate(1,0,0) * scale: the origin moves to 1, then doubles.
        assertTransformMaps(t, (0, 0, 0), maps: (2, 0, 0))
        XCTAssertEqual(t, CATransform3DConcat(CATransform3DMakeTranslation(1, 0, 0), CATransform3DMakeScale(2, 2, 2)))
    }

    func testScaleAppliesTheScaleFirst() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 1, 1)
        assertTransformMaps(t, (1, 0, 0), maps: (12, 0, 0))
        XCTAssertEqual(t, CATransform3DConcat(CATransform3DMakeScale(2, 1, 1), CATransform3DMakeTranslation(10, 0, 0)))
    }

    func testRotateAppliesTheRotationFirst() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        assertTransformMaps(t, (1, 0, 0), maps: (10, 1, 0))
        XCTAssertEqual(t, CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                                              CATransform3DMakeTranslation(10, 0, 0)))
    }

    func testConcatAppliesAThenB() {
        let translate = CATransform3DMakeTranslation(10, 0, 0), scale = CATransform3DMakeScale(2, 2, 2)
        assertTransformMaps(CATransform3DConcat(translate, scale), (0, 0, 0), maps: (20, 0, 0))
        assertTransformMaps(CATransform3DConcat(scale, translate), (0, 0, 0), maps: (10, 0, 0))
        var rng = Transform3DTestRNG(seed: 1)
        for _ in 0..<20 {
            let a = rng.transform(), b = rng.transform(), c = rng.transform()
            assertTransformsClose(CATransform3DConcat(CATransform3DConcat(a, b), c),
                                  CATransform3DConcat(a, CATransform3DConcat(b, c)))
            XCTAssertEqual(CATransform3DConcat(a, CATransform3DIdentity), a)
            XCTAssertEqual(CATransform3DConcat(CATransform3DIdentity, a), a)
        }
    }

    func testInvertUndoesTheTransform() {
        XCTAssertEqual(CATransform3DInvert(CATransform3DMakeTranslation(1, -2, 4)), CATransform3DMakeTranslation(-1, 2, -4))
        var rng = Transform3DTestRNG(seed: 2)
        for _ in 0..<50 {
            let t = rng.transform(perspective: true)
            assertTransformsClose(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity, accuracy: 1e-8)
            assertTransformsClose(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity, accuracy: 1e-8)
        }
    }

    func testInvertReturnsSingularInputUnchanged() {
        let flat = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(flat), flat)
        XCTAssertEqual(CATransform3DInvert(CATransform3D()), CATransform3D())
    }

    func testIsIdentityAndEqualToTransformAreExact() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 1)))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1e-12)))
        let a = CATransform3DMakeRotation(0.5, 1, 1, 0)
        XCTAssertTrue(CATransform3DEqualToTransform(a, a))
        var b = a
        b.m34 = b.m34.nextUp
        XCTAssertFalse(CATransform3DEqualToTransform(a, b))
        XCTAssertEqual(Set([a, a, b]).count, 2)
    }

    func testAffineConversionsRoundTrip() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        XCTAssertEqual(t.entries, [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        let point = CGPoint(x: 7, y: -3)
        XCTAssertEqual(t.apply(to: point), point.applying(affine))
        let chain = CATransform3DRotate(CATransform3DScale(CATransform3DMakeTranslation(3, 4, 0), 2, 5, 1), 0.4, 0, 0, 1)
        XCTAssertTrue(CATransform3DIsAffine(chain))
        XCTAssertEqual(CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(chain)), chain)
    }

    func testIsAffineRejectsThreeDimensionalTransforms() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        XCTAssertFalse(CATransform3DIsAffine(perspective))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.2, 1, 0, 0)))
        // The 2D part survives GetAffineTransform even when the rest is dropped.
        let tilted = CATransform3DTranslate(perspective, 8, 9, 0)
        XCTAssertEqual(CATransform3DGetAffineTransform(tilted).tx, 8)
    }
}

// MARK: - Helpers shared by the CATransform3D test files

/// Asserts that `t` maps the point `p` (row vector, divided by w) to `expected`.
func assertTransformMaps(_ t: CATransform3D, _ p: (CGFloat, CGFloat, CGFloat), maps expected: (CGFloat, CGFloat, CGFloat),
                 accuracy: CGFloat = 1e-12, file: StaticString = #filePath, line: UInt = #line) {
    let r = t.apply(x: p.0, y: p.1, z: p.2)
    XCTAssertEqual(r.x / r.w, expected.0, accuracy: accuracy, "x", file: file, line: line)
    XCTAssertEqual(r.y / r.w, expected.1, accuracy: accuracy, "y", file: file, line: line)
    XCTAssertEqual(r.z / r.w, expected.2, accuracy: accuracy, "z", file: file, line: line)
}

/// Entry-wise comparison, relative to the larger of 1 and the biggest entry.
func assertTransformsClose(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = 1e-10,
                           file: StaticString = #filePath, line: UInt = #line) {
    let size = max(1, (a.entries + b.entries).map(abs).max()!)
    for (index, (x, y)) in zip(a.entries, b.entries).enumerated() where !(abs(x - y) <= accuracy * size) {
        XCTFail("m\(index / 4 + 1)\(index % 4 + 1): \(x) vs \(y)\n\(a.entries)\n\(b.entries)", file: file, line: line)
        return
    }
}

/// SplitMix64, so the randomized tests are reproducible.
struct Transform3DTestRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func value(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: range, using: &self)) }

    /// A scale factor in ±[0.2, 3].
    mutating func scaleFactor() -> CGFloat { value(0.2...3) * (Bool.random(using: &self) ? 1 : -1) }

    /// A random chain of 1–5 translations, scales, rotations and (optionally)
    /// perspective factors, composed with Apple's functions.
    mutating func transform(perspective: Bool = false) -> CATransform3D {
        var t = CATransform3DIdentity
        for _ in 0..<Int.random(in: 1...5, using: &self) {
            switch Int.random(in: 0..<(perspective ? 4 : 3), using: &self) {
            case 0: t = CATransform3DTranslate(t, value(-100...100), value(-100...100), value(-100...100))
            case 1: t = CATransform3DScale(t, scaleFactor(), scaleFactor(), scaleFactor())
            case 2: t = CATransform3DRotate(t, value(-7...7), value(-1...1), value(-1...1), value(-1...1))
            default:
                var p = CATransform3DIdentity
                p.m34 = value(-0.004 ... -0.0005)
                t = CATransform3DConcat(t, p)
            }
        }
        return t
    }
}
