import XCTest
@testable import QuartzCore

/// Key paths are split once per animation snapshot; the render side then
/// reads and writes `LayerState` through the parsed form.
final class AnimationKeyPathTests: XCTestCase {
    func testSplitsOnceIntoKeyRestAndKnownFields() {
        let x = AnimationKeyPath("position.x")
        XCTAssertEqual(x.key, "position")
        XCTAssertEqual(x.rest, ["x"])
        XCTAssertEqual(x.layerKey, .position)
        XCTAssertNil(x.transformField)

        let rotation = AnimationKeyPath("transform.rotation.z")
        XCTAssertEqual(rotation.layerKey, .transform)
        XCTAssertEqual(rotation.restJoined, "rotation.z")
        XCTAssertEqual(rotation.transformField, .rotationZ)

        let filter = AnimationKeyPath("filters.pulse.inputIntensity")
        XCTAssertEqual(filter.layerKey, .filters)
        XCTAssertEqual(filter.rest, ["pulse", "inputIntensity"])

        let custom = AnimationKeyPath("strokeEnd")
        XCTAssertNil(custom.layerKey, "not a LayerState property: a shape's, gradient's or replicator's")
        XCTAssertTrue(custom.rest.isEmpty)
    }

    func testLayerStateReadsAndWritesThroughParsedPaths() {
        var state = LayerState()
        state.position = CGPoint(x: 10, y: 20)
        state.setAnimatedValue(.number(30), at: AnimationKeyPath("position.x"))
        XCTAssertEqual(state.position, CGPoint(x: 30, y: 20))
        XCTAssertEqual(state.animatableValue(at: AnimationKeyPath("position.y")), .number(20))

        state.setAnimatedValue(.number(0.25), at: AnimationKeyPath("opacity"))
        XCTAssertEqual(state.opacity, 0.25)

        state.setAnimatedValue(.number(2), at: AnimationKeyPath("transform.scale"))
        XCTAssertEqual(state.transform, CATransform3DMakeScale(2, 2, 2))
        XCTAssertEqual(state.animatableValue(at: AnimationKeyPath("transform.scale")), .number(2))

        state.transform = CATransform3DIdentity
        XCTAssertEqual(state.animatableValue(at: AnimationKeyPath("transform.translation")), .size(.zero))
        state.setAnimatedValue(.number(5), at: AnimationKeyPath("transform.translation.x"))
        XCTAssertEqual(state.transform, CATransform3DMakeTranslation(5, 0, 0))

        XCTAssertNil(state.animatableValue(at: AnimationKeyPath("noSuchKey")))
    }

    func testIdentityShortcutsAgreeWithTheDecomposition() {
        // The identity's fields are answered without decomposing; they must
        // match what decomposing a transform that is not the identity gives.
        let nearIdentity = CATransform3DMakeTranslation(0, 0, 0.5)
        for field in [TransformField.scale, .scaleX, .rotationZ, .translationX] {
            XCTAssertEqual(CATransform3DIdentity.animatableFieldValue(field),
                           nearIdentity.animatableFieldValue(field), "\(field)")
        }
        for (field, value) in [(TransformField.scale, 1.5), (.scaleY, 0.5), (.translationX, 7), (.translationZ, -3)] {
            let shortcut = CATransform3DIdentity.settingField(field, to: .number(value))
            let general = CATransform3DMakeRotation(0.3, 0, 0, 1).settingField(.rotationZ, to: .number(0))?
                .settingField(field, to: .number(value))
            XCTAssertNotNil(shortcut)
            XCTAssertEqual(shortcut?.entries.map { Double($0) } ?? [], general?.entries.map { Double($0) } ?? [],
                           accuracy: 1e-12, "\(field)")
        }
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, message, file: file, line: line) }
}
