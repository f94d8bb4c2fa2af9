import QuartzCore
import XCTest

/// The card: two single-sided faces turned in perspective by keyframed
/// `NSValue(caTransform3D:)` transforms (one list a Swift array, one an
/// `NSMutableArray`).
final class CardFlipCorpusTests: XCTestCase {
    private func cardOnStage() -> (FlipCard, Stage, begin: CFTimeInterval) {
        let card = FlipCard(cardSize: CGSize(width: 110, height: 150), in: CGSize(width: 200, height: 200))
        let stage = Stage(width: 200, height: 200, showing: card.layer)
        stage.commit()
        card.flip()
        stage.commit()
        return (card, stage, card.front.animation(forKey: "flip")!.beginTime)
    }

    func testCardTurnsOverInPerspective() {
        let (_, stage, begin) = cardOnStage()
        stage.assertFrames("card-flip", begin: begin, times: [0, 0.25, 0.4, 0.6, 0.75, 1])
    }

    /// The faces follow the keyframes through the ease-in-ease-out curve:
    /// at a quarter of the time, the front has turned π times the curve's
    /// value (the three keyframes are evenly spaced), the back π less.
    func testFacesFollowTheKeyframes() throws {
        let (card, stage, begin) = cardOnStage()
        let eased = timingCurve(CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1), at: 0.25)
        stage.freeze(at: begin + 0.25)
        let front = try XCTUnwrap(card.front.presentation()).transform
        XCTAssertEqual(Double(front.m11), cos(.pi * eased), accuracy: 1e-3)
        XCTAssertEqual(Double(front.m13), -sin(.pi * eased), accuracy: 1e-3)
        let back = try XCTUnwrap(card.back.presentation()).transform
        XCTAssertEqual(Double(back.m11), cos(.pi * eased - .pi), accuracy: 1e-3)
        stage.freeze(at: begin + 0.5)
        XCTAssertEqual(try XCTUnwrap(card.front.presentation()).transform.m11, 0, accuracy: 1e-3, "edge-on half way")
    }

    func testModelTakesTheLastKeyframe() throws {
        let (card, _, _) = cardOnStage()
        let halfTurn = CATransform3DMakeRotation(.pi, 0, 1, 0)
        XCTAssertTrue(CATransform3DEqualToTransform(card.front.transform, halfTurn))
        XCTAssertTrue(CATransform3DEqualToTransform(card.back.transform, CATransform3DIdentity))
        let backTurn = try XCTUnwrap(card.back.animation(forKey: "flip") as? CAKeyframeAnimation)
        let values = try XCTUnwrap(backTurn.values)
        XCTAssertEqual(values.count, 3, "the NSMutableArray's three keyframes")
        let first = try XCTUnwrap(values.first as? NSValue).caTransform3DValue
        XCTAssertTrue(CATransform3DEqualToTransform(first, CATransform3DMakeRotation(-.pi, 0, 1, 0)))
        XCTAssertEqual(NSValue(caTransform3D: halfTurn), NSValue(caTransform3D: halfTurn))
        XCTAssertTrue(card.isShowingBack)
    }

    func testFaceSettings() {
        let (card, _, _) = cardOnStage()
        XCTAssertEqual(card.layer.sublayerTransform.m34, -1.0 / 500)
        XCTAssertFalse(card.front.isDoubleSided)
        XCTAssertEqual(card.front.edgeAntialiasingMask, [.layerTopEdge, .layerBottomEdge])
        XCTAssertFalse(card.back.contentsAreFlipped())
        XCTAssertEqual(card.back.contentsGravity, .bottom, "the visual top of a layer whose contents are not flipped")
        XCTAssertEqual(card.sprite.layer.magnificationFilter, .nearest)
        XCTAssertEqual(card.sprite.layer.minificationFilter, .nearest)
        XCTAssertEqual(card.sprite.layer.minificationFilterBias, 0)
    }
}
