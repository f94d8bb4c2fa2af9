import CoreGraphics
import XCTest

final class CGAffineTransformTests: XCTestCase {
    func testDefaultInitAndIdentityAreTheIdentityMatrix() {
        let t = CGAffineTransform()
        XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty], [1, 0, 0, 1, 0, 0])
        XCTAssertEqual(t, .identity)
        XCTAssertTrue(t.isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    func testLabeledAndUnlabeledInitializersStoreEntriesInOrder() {
        let labeled = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual([labeled.a, labeled.b, labeled.c, labeled.d, labeled.tx, labeled.ty], [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(CGAffineTransform(1, 2, 3, 4, 5, 6), labeled)
    }

    func testRowVectorConventionMapsPoints() {
        // (x, y) -> (a x + c y + tx, b x + d y + ty)
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 9, y: 12))
    }

    func testTranslationInitializer() {
        let t = CGAffineTransform(translationX: 10, y: -5)
        XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty], [1, 0, 0, 1, 10, -5])
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 11, y: -3))
    }

    func testScaleInitializer() {
        let t = CGAffineTransform(scaleX: 2, y: 3)
        XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty], [2, 0, 0, 3, 0, 0])
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 2, y: 6))
    }

    func testRotationInitializerTurnsXAxisTowardsYAxis() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(t.a, 0, accuracy: 1e-12)
        XCTAssertEqual(t.b, 1, accuracy: 1e-12)
        XCTAssertEqual(t.c, -1, accuracy: 1e-12)
        XCTAssertEqual(t.d, 0, accuracy: 1e-12)
        XCTAssertPointEqual(CGPoint(x: 1, y: 0).applying(t), pt(0, 1))
        XCTAssertPointEqual(CGPoint(x: 0, y: 1).applying(t), pt(-1, 0))
    }

    func testConcatenatingAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        // Scale, then move.
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(scale.concatenating(move)), CGPoint(x: 12, y: 0))
        // Move, then scale.
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(move.concatenating(scale)), CGPoint(x: 22, y: 0))
    }

    func testConcatenatingMatchesMatrixProduct() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        let product = t1.concatenating(t2)
        XCTAssertEqual(product, CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        // Applying the product equals applying one after the other.
        let p = CGPoint(x: -3, y: 7)
        XCTAssertEqual(p.applying(product), p.applying(t1).applying(t2))
    }

    func testIdentityIsNeutralForConcatenation() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(t.concatenating(.identity), t)
        XCTAssertEqual(CGAffineTransform.identity.concatenating(t), t)
    }

    func testInvertedUndoesTheTransform() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 4, y: 5)
        let inverse = t.inverted()
        XCTAssertTransformEqual(t.concatenating(inverse), .identity)
        XCTAssertTransformEqual(inverse.concatenating(t), .identity)
        XCTAssertPointEqual(CGPoint(x: 3, y: -8).applying(t).applying(inverse), pt(3, -8))
    }

    func testInvertedOfKnownTransform() {
        let inverse = CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 6, ty: 8).inverted()
        XCTAssertTransformEqual(inverse, CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -2))
    }

    func testInvertedOfSingularTransformReturnsItUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 7, ty: 9) // det = 0
        XCTAssertEqual(singular.inverted(), singular)
        let zeroScale = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(zeroScale.inverted(), zeroScale)
    }

    func testInvertedOfNonFiniteTransformDoesNotCrashAndReturnsIt() {
        let broken = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        XCTAssertTrue(broken.inverted().a.isNaN)
    }

    func testTranslatedByPrependsTheTranslation() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(t.translatedBy(x: 7, y: -8), CGAffineTransform(translationX: 7, y: -8).concatenating(t))
        // Translating a scale moves in the scaled space: (0,0) -> (10,0) -> (20,0).
        let scaled = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        XCTAssertEqual(CGPoint.zero.applying(scaled), CGPoint(x: 20, y: 0))
    }

    func testScaledByPrependsTheScale() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(t.scaledBy(x: 2, y: 3), CGAffineTransform(scaleX: 2, y: 3).concatenating(t))
        // The translation is not scaled: it is applied after the scale.
        let moved = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(moved), CGPoint(x: 12, y: 0))
    }

    func testRotatedByPrependsTheRotation() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertTransformEqual(t.rotated(by: 0.3), CGAffineTransform(rotationAngle: 0.3).concatenating(t))
        let moved = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        XCTAssertPointEqual(CGPoint(x: 1, y: 0).applying(moved), pt(10, 1))
    }

    func testApplyingToSizeIgnoresTranslation() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGSize(width: 4, height: 5).applying(t), CGSize(width: 8, height: 15))
        let rotated = CGSize(width: 4, height: 5).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(rotated.width, -5, accuracy: 1e-12)
        XCTAssertEqual(rotated.height, 4, accuracy: 1e-12)
    }

    func testApplyingToRectGivesBoundsOfTransformedCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        XCTAssertEqual(rect.applying(CGAffineTransform(translationX: 5, y: 6)),
                       CGRect(x: 5, y: 6, width: 10, height: 20))
        XCTAssertRectEqual(rect.applying(CGAffineTransform(rotationAngle: .pi / 2)),
                           CGRect(x: -20, y: 0, width: 20, height: 10))
        XCTAssertRectEqual(rect.applying(CGAffineTransform(rotationAngle: .pi / 4)),
                           CGRect(x: -20 / 2.squareRoot(), y: 0, width: 30 / 2.squareRoot(),
                                  height: 30 / 2.squareRoot()))
        // A mirroring scale still yields a standardized rectangle.
        XCTAssertEqual(rect.applying(CGAffineTransform(scaleX: -1, y: 1)),
                       CGRect(x: -10, y: 0, width: 10, height: 20))
    }

    func testApplyingToNullRectStaysNull() {
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    func testApplyingToRectWithNegativeSizeUsesStandardizedRect() {
        let rect = CGRect(x: 10, y: 10, width: -10, height: -10)
        XCTAssertEqual(rect.applying(.identity), CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
