import XCTest
@testable import QuartzCore

/// Apple's "CATransform3D key paths" fields (`transform.rotation.z`, …).
final class CATransform3DKeyPathTests: XCTestCase {
    private func number(_ t: CATransform3D, _ field: String, file: StaticString = #filePath,
                        line: UInt = #line) -> Double {
        guard let value = t.animatableFieldValue(field)?.number else {
            XCTFail("no number for \(field)", file: file, line: line)
            return .nan
        }
        return value
    }

    func testSupportedKeysAreApplesTable() {
        XCTAssertEqual(CATransform3D.transformFieldKeys, [
            "rotation.x", "rotation.y", "rotation.z", "rotation",
            "scale.x", "scale.y", "scale.z", "scale",
            "translation.x", "translation.y", "translation.z", "translation",
        ])
    }

    func testRotationZReadsTheAngleInMinusPiToPi() {
        for step in -7...8 {
            let angle = Double(step) * .pi / 8  // (-π, π]
            let t = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            XCTAssertEqual(number(t, "rotation.z"), angle, accuracy: 1e-9, "angle \(angle)")
            XCTAssertEqual(number(t, "rotation"), number(t, "rotation.z"))
            XCTAssertEqual(number(t, "rotation.x"), 0, accuracy: 1e-12)
        }
        // Beyond π it wraps, like any reading of a matrix.
        XCTAssertEqual(number(CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), "rotation.z"), -0.5 * .pi, accuracy: 1e-9)
    }

    func testSingleAxisRotationsReadBack() {
        for angle in [-3.0, -2.5, -1, 0.4, 1.5, 2.5, 3] {
            let x = CATransform3DMakeRotation(CGFloat(angle), 1, 0, 0)
            XCTAssertEqual(number(x, "rotation.x"), angle, accuracy: 1e-9)
            XCTAssertEqual(number(x, "rotation.z"), 0, accuracy: 1e-9)
            let y = CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
            XCTAssertEqual(number(y, "rotation.y"), angle, accuracy: 1e-7)
            XCTAssertEqual(number(y, "rotation.x"), 0, accuracy: 1e-7)
        }
    }

    func testTwoAxisRotationsReadBackAsBuilt() throws {
        func turn(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
            [CATransform3DMakeRotation(x, 1, 0, 0), CATransform3DMakeRotation(y, 0, 1, 0),
             CATransform3DMakeRotation(z, 0, 0, 1)].reduce(CATransform3DIdentity, CATransform3DConcat)
        }
        for (x, y, z) in [(1.0, 0.0, 3.0), (1.0, 2.5, 0.0), (0.0, -2.5, 1.0), (0.3, -0.6, 1.2), (-2.0, 1.0, 2.0)] {
            let t = turn(CGFloat(x), CGFloat(y), CGFloat(z))
            XCTAssertEqual(number(t, "rotation.x"), x, accuracy: 1e-9, "\((x, y, z))")
            XCTAssertEqual(number(t, "rotation.y"), y, accuracy: 1e-9, "\((x, y, z))")
            XCTAssertEqual(number(t, "rotation.z"), z, accuracy: 1e-9, "\((x, y, z))")
        }
        // At y = ±π/2 only x ∓ z is defined; it is read as z.
        let locked = turn(0.4, .pi / 2, 0)
        XCTAssertEqual(number(locked, "rotation.x"), 0)
        XCTAssertEqual(number(locked, "rotation.y"), .pi / 2, accuracy: 1e-7)
        assertTransformsClose(try XCTUnwrap(locked.settingField("rotation.y", to: .pi / 2)), locked, accuracy: 1e-12)
    }

    func testScaleAndTranslationRead() {
        let t = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 3, 4),
                                                        CATransform3DMakeRotation(0.7, 1, 2, 3)),
                                    CATransform3DMakeTranslation(10, 20, 30))
        XCTAssertEqual(number(t, "scale.x"), 2, accuracy: 1e-12)
        XCTAssertEqual(number(t, "scale.y"), 3, accuracy: 1e-12)
        XCTAssertEqual(number(t, "scale.z"), 4, accuracy: 1e-12)
        XCTAssertEqual(number(t, "scale"), 3, accuracy: 1e-12)  // Apple: the average
        XCTAssertEqual(number(t, "translation.x"), 10)
        XCTAssertEqual(number(t, "translation.z"), 30)
        XCTAssertEqual(t.fieldValue("translation") as? CGSize, CGSize(width: 10, height: 20))
        XCTAssertEqual(t.fieldValue("scale.y") as? CGFloat ?? 0, 3, accuracy: 1e-12)
        XCTAssertEqual(number(CATransform3DMakeScale(-1, 1, 1), "scale.x"), -1)
    }

    func testUnknownFieldsAndWrongValuesAreRejected() {
        let t = CATransform3DIdentity
        XCTAssertNil(t.fieldValue("rotation.w"))
        XCTAssertNil(t.fieldValue("m11"))
        XCTAssertNil(t.settingField("skew", to: 1))
        XCTAssertNil(t.settingField("translation", to: .number(1)))
        XCTAssertNil(t.settingField("rotation.z", to: CGSize(width: 1, height: 1)))
        XCTAssertNil(t.settingField("scale", to: .nan))
        XCTAssertEqual(t.applyingField("bogus", value: .number(3)), t)
    }

    func testSettingRotationOnIdentityIsMakeRotation() throws {
        let z = try XCTUnwrap(CATransform3DIdentity.settingField("rotation.z", to: 0.8))
        XCTAssertEqual(z, CATransform3DMakeRotation(0.8, 0, 0, 1))
        let plain = try XCTUnwrap(CATransform3DIdentity.settingField("rotation", to: 0.8))
        XCTAssertEqual(plain, z)
        let x = try XCTUnwrap(CATransform3DIdentity.settingField("rotation.x", to: -0.3))
        assertTransformsClose(x, CATransform3DMakeRotation(-0.3, 1, 0, 0), accuracy: 1e-15)
        let y = try XCTUnwrap(CATransform3DIdentity.settingField("rotation.y", to: 1.1))
        assertTransformsClose(y, CATransform3DMakeRotation(1.1, 0, 1, 0), accuracy: 1e-15)
    }

    func testWritesComposeScaleThenRotationsThenTranslation() throws {
        var t = CATransform3DIdentity
        let writes: [(String, AnimatableValue)] = [
            ("rotation.x", .number(0.3)), ("rotation.y", .number(-0.6)), ("rotation.z", .number(1.2)),
            ("scale.x", .number(2)), ("scale.y", .number(0.5)), ("scale.z", .number(3)),
            ("translation", .size(CGSize(width: 7, height: -8))), ("translation.z", .number(9)),
        ]
        for (field, value) in writes { t = try XCTUnwrap(t.settingField(field, to: value), field) }
        // Row vectors: M = S · Rx · Ry · Rz · T.
        let expected = [CATransform3DMakeScale(2, 0.5, 3), CATransform3DMakeRotation(0.3, 1, 0, 0),
                        CATransform3DMakeRotation(-0.6, 0, 1, 0), CATransform3DMakeRotation(1.2, 0, 0, 1),
                        CATransform3DMakeTranslation(7, -8, 9)].reduce(CATransform3DIdentity, CATransform3DConcat)
        assertTransformsClose(t, expected, accuracy: 1e-12)
        // And reading gives back every value written.
        for (field, value) in writes {
            switch value {
            case .number(let v): XCTAssertEqual(number(t, field), v, accuracy: 1e-9, field)
            default: XCTAssertEqual(t.fieldValue(field) as? CGSize, CGSize(width: 7, height: -8))
            }
        }
    }

    func testWritingAFieldKeepsTheOthers() throws {
        let base = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                           CATransform3DMakeRotation(0.5, 0, 0, 1)),
                                       CATransform3DMakeTranslation(10, 20, 0))
        let turned = try XCTUnwrap(base.settingField("rotation.z", to: -1))
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                               CATransform3DMakeRotation(-1, 0, 0, 1)),
                                           CATransform3DMakeTranslation(10, 20, 0))
        assertTransformsClose(turned, expected, accuracy: 1e-12)
        let scaled = try XCTUnwrap(base.settingField("scale", to: 3))
        XCTAssertEqual(number(scaled, "scale.z"), 3, accuracy: 1e-12)  // all three
        XCTAssertEqual(number(scaled, "rotation.z"), 0.5, accuracy: 1e-12)
        let moved = try XCTUnwrap(CATransform3DMakeTranslation(1, 2, 3).settingField("translation", to: CGSize(width: 4, height: 5)))
        XCTAssertEqual(moved, CATransform3DMakeTranslation(4, 5, 3))  // z kept
    }

    func testWritingCurrentValuesChangesNothing() {
        var rng = Transform3DTestRNG(seed: 6)
        for _ in 0..<100 {
            let t = rng.transform(perspective: true)
            for field in CATransform3D.transformFieldKeys where field != "scale" {
                guard let value = t.animatableFieldValue(field), let same = t.settingField(field, to: value) else {
                    XCTFail("\(field) of \(t)"); continue
                }
                assertTransformsClose(same, t, accuracy: 1e-8)
            }
        }
    }

    func testScaleCanBeRestoredFromZero() throws {
        let base = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(10, 20, 0))
        let hidden = try XCTUnwrap(base.settingField("scale.x", to: 0))
        XCTAssertEqual(hidden.m11, 0); XCTAssertEqual(hidden.m12, 0)
        assertTransformsClose(try XCTUnwrap(hidden.settingField("scale.x", to: 1)), base, accuracy: 1e-12)
        let gone = try XCTUnwrap(CATransform3DIdentity.settingField("scale", to: 0))
        XCTAssertEqual(number(gone, "scale"), 0)
        XCTAssertEqual(gone.settingField("scale", to: 1), CATransform3DIdentity)
    }

    func testSingularBaseWithPerspectiveCannotBeSet() {
        var t = CATransform3DMakeScale(0, 1, 1)
        t.m34 = -0.002
        XCTAssertNil(t.settingField("rotation.z", to: 1))
        XCTAssertNil(t.fieldValue("scale"))
        XCTAssertEqual(t.applyingField("rotation.z", value: .number(1)), t)
    }

    func testAnimatingRotationZTurnsAFullCircle() {
        // Unlike interpolating the `transform` matrix to a 2π turn (no motion),
        // an animation on `transform.rotation.z` rebuilds the turn from the angle.
        for step in 0...16 {
            let angle = Double(step) * .pi / 8
            let frame = CATransform3DIdentity.applyingField("rotation.z", value: .number(angle))
            assertTransformsClose(frame, CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1), accuracy: 1e-12)
        }
        let halfway = CATransform3DIdentity.applyingField("rotation.z", value: .number(.pi))
        XCTAssertEqual(halfway.m11, -1, accuracy: 1e-12)
    }

    func testAnimatingAFieldKeepsTheBase() {
        let base = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(5, 6, 0))
        let frame = base.applyingField("rotation.z", value: .number(.pi / 2))
        assertTransformMaps(frame, (1, 0, 0), maps: (5, 8, 0))
        for scale in [0.0, 0.25, 1, 1.5] {
            let grow = CATransform3DIdentity.applyingField("scale", value: .number(scale))
            XCTAssertEqual(grow, CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), CGFloat(scale)))
        }
        let slide = base.applyingField("translation.x", value: .number(-3))
        XCTAssertEqual(slide, CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(-3, 6, 0)))
    }

    /// The in-place shortcut for fields of the identity (the compiled
    /// animation path writes through it) builds what the recomposition
    /// builds, and declines everything else without changing the matrix.
    func testFieldsOfTheIdentityAreSetInPlaceAsRecomposed() {
        let fields: [TransformField] = [.scaleX, .scaleY, .scaleZ, .scale, .translationX, .translationY, .translationZ]
        for field in fields {
            for v in [0.5, 0, -0.0, -2, 1e-300, 3] {
                var shortcut = CATransform3DIdentity
                XCTAssertTrue(shortcut.setFieldOfIdentity(field, to: v))
                var rebuilt = DecomposedTransform(CATransform3DIdentity, allowingZeroScale: true)!
                switch field {
                case .scaleX: rebuilt.scale.x = v
                case .scaleY: rebuilt.scale.y = v
                case .scaleZ: rebuilt.scale.z = v
                case .scale: rebuilt.scale = SIMD3(repeating: v)
                case .translationX: rebuilt.translation.x = v
                case .translationY: rebuilt.translation.y = v
                default: rebuilt.translation.z = v
                }
                let expected = rebuilt.transform(rotationRows: rebuilt.rotation.rotationRows)
                XCTAssertEqual(shortcut, expected, "\(field) \(v)")
                XCTAssertEqual(CATransform3DIdentity.settingField(field, to: .number(v)), expected, "\(field) \(v)")
            }
        }
        // Signed zeros still read as the identity, as `==` reads them.
        var signed = CATransform3DIdentity
        signed.m12 = -0.0
        XCTAssertTrue(signed.setFieldOfIdentity(.scale, to: 2))
        // Not the identity, not finite, or a rotation: declined, unchanged.
        for (start, field, v) in [(CATransform3DMakeRotation(0.3, 0, 0, 1), TransformField.scale, 2.0),
                                  (CATransform3DIdentity, .scale, .infinity), (CATransform3DIdentity, .scale, .nan),
                                  (CATransform3DIdentity, .rotationZ, 1)] {
            var t = start
            XCTAssertFalse(t.setFieldOfIdentity(field, to: v))
            XCTAssertTrue(t == start || (t.m11.isNaN && start.m11.isNaN), "\(field) \(v)")
        }
    }
}
