import LaminaTestSupport
import QuartzCore
import XCTest

/// The loading indicators, rendered through `CARenderer` at times after
/// their animations' begin time (read back from the layers after the
/// commit), compared with goldens, and pinned by presentation values.
final class CorpusTests: XCTestCase {
    private let tint = CGColor(srgbRed: 0.98, green: 0.78, blue: 0.25, alpha: 1)

    // MARK: Ball pulse

    private func ballPulseOnStage() -> (BallPulseIndicator, Stage, start: CFTimeInterval) {
        let indicator = BallPulseIndicator(size: CGSize(width: 90, height: 30), color: tint)
        let stage = Stage(width: 110, height: 50, showing: indicator.layer)
        indicator.startAnimating()
        stage.commit()
        // The first dot begins its first delay after the start.
        let first = indicator.dots[0].animation(forKey: BallPulseIndicator.animationKey)!
        return (indicator, stage, first.beginTime - BallPulseIndicator.delays[0])
    }

    func testBallPulseDotsPulseInTurn() {
        let (_, stage, start) = ballPulseOnStage()
        stage.assertFrames("ball-pulse", begin: start, times: [0, 0.25, 0.5, 1])
    }

    func testBallPulseKeyframesAndDelays() {
        let (indicator, stage, start) = ballPulseOnStage()
        let animations = indicator.dots.map { $0.animation(forKey: BallPulseIndicator.animationKey)! }
        for (index, animation) in animations.enumerated() {
            XCTAssertEqual(animation.beginTime - start, BallPulseIndicator.delays[index], accuracy: 1e-9,
                           "dot \(index) keeps its begin time offset")
        }
        // The smallest point of dot 0's pulse: key time 0.3 of 0.75 s after its delay.
        stage.freeze(at: start + 0.12 + 0.3 * 0.75)
        XCTAssertEqual(indicator.dots[0].presentation()!.transform.m11, 0.3, accuracy: 1e-3)
        XCTAssertEqual(indicator.dots[0].presentation()!.transform.m22, 0.3, accuracy: 1e-3)
        XCTAssertLessThan(indicator.dots[1].presentation()!.transform.m11, 1, "dot 1 has started shrinking")
        stage.freeze(at: start + 0.2)
        XCTAssertEqual(indicator.dots[2].presentation()!.transform.m11, 1, accuracy: 1e-9,
                       "dot 2 waits for its delay at full size")
    }

    // MARK: Circle stroke spin

    private func strokeSpinOnStage() -> (CircleStrokeSpinIndicator, Stage, begin: CFTimeInterval) {
        let indicator = CircleStrokeSpinIndicator(size: CGSize(width: 60, height: 60), color: tint)
        let stage = Stage(width: 80, height: 80, showing: indicator.layer)
        indicator.startAnimating()
        stage.commit()
        return (indicator, stage, indicator.arc.animation(forKey: "stroke")!.beginTime)
    }

    func testCircleStrokeSpinGrowsShrinksAndTurns() {
        let (_, stage, begin) = strokeSpinOnStage()
        stage.assertFrames("stroke-spin", begin: begin, times: [0.1, 0.25, 0.5, 0.75, 1, 1.25])
    }

    /// Children with no duration of their own span the group: half way
    /// through the 1.5 s group, each stands at its own curve's value for
    /// one half (a child with the default 0.25 s would have ended long before).
    func testStrokeGroupChildrenSpanTheGroup() {
        let (indicator, stage, begin) = strokeSpinOnStage()
        let spin = indicator.arc.animation(forKey: "spin")!
        XCTAssertEqual(spin.beginTime, begin, "both committed together")
        stage.freeze(at: begin + CircleStrokeSpinIndicator.strokeDuration / 2)
        let arc = indicator.arc.presentation()!
        let easeOut = timingCurve(CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1), at: 0.5)
        let easeIn = timingCurve(CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1), at: 0.5)
        XCTAssertEqual(Double(arc.strokeEnd), easeOut, accuracy: 1e-3)
        XCTAssertEqual(Double(arc.strokeStart), easeIn, accuracy: 1e-3)
        // A quarter of the 2 s turn, counterclockwise on screen.
        stage.freeze(at: begin + 0.5)
        let turned = indicator.arc.presentation()!.transform
        XCTAssertEqual(atan2(turned.m12, turned.m11), -.pi / 2, accuracy: 1e-3)
    }

    // MARK: Orbit

    private func orbitOnStage() -> (OrbitIndicator, Stage, begin: CFTimeInterval) {
        let indicator = OrbitIndicator(size: CGSize(width: 80, height: 80), color: tint)
        let stage = Stage(width: 100, height: 100, showing: indicator.layer)
        indicator.startAnimating()
        stage.commit()
        return (indicator, stage, indicator.satellite.animation(forKey: "orbit")!.beginTime)
    }

    func testOrbitSatelliteCirclesTwice() {
        let (_, stage, begin) = orbitOnStage()
        stage.assertFrames("orbit", begin: begin, times: [0, 0.25, 0.5, 1, 1.9, 2.85])
    }

    /// The path is two turns long and takes twice the beat: the satellite
    /// is back at the top after one beat, half the path's duration.
    func testOrbitIsBackAtTheTopHalfWay() {
        let (indicator, stage, begin) = orbitOnStage()
        let center = CGPoint(x: indicator.layer.bounds.midX, y: indicator.layer.bounds.midY)
        let r = indicator.orbitRadius
        let expected: [(CFTimeInterval, CGPoint, String)] = [
            (0, CGPoint(x: center.x, y: center.y - r), "top at the start"),
            (OrbitIndicator.duration / 4, CGPoint(x: center.x + r, y: center.y), "right after a quarter turn (clockwise on screen)"),
            (OrbitIndicator.duration / 2, CGPoint(x: center.x, y: center.y + r), "bottom after half a turn"),
            (OrbitIndicator.duration, CGPoint(x: center.x, y: center.y - r), "top again at half the path's duration"),
            (OrbitIndicator.duration * 1.5, CGPoint(x: center.x, y: center.y + r), "bottom in the second turn"),
        ]
        for (time, point, what) in expected {
            stage.freeze(at: begin + time)
            XCTAssertEqual(indicator.satellite.presentation()?.position, point, accuracy: 0.01, what)
        }
    }

    // MARK: Replicator spinner

    func testReplicatorSpinnerRunsRound() {
        let spinner = ReplicatorSpinner(size: CGSize(width: 70, height: 70), color: tint)
        let stage = Stage(width: 90, height: 90, showing: spinner.layer)
        spinner.startAnimating()
        stage.commit()
        let begin = spinner.dot.animation(forKey: "fade")!.beginTime
        stage.assertFrames("replicator-spinner", begin: begin, times: [0, 0.25, 0.5, 1])

        // A quarter period in, copy 3 (a quarter turn clockwise, at three
        // o'clock) has just started and is the brightest; copy 9, at nine
        // o'clock, has not started and shows the faded model.
        let pixels = RGBAPixels(stage.image(at: begin + 0.25 + 0.01))
        let dotCenter = 70 * 0.14 / 2 + 1
        let right = pixels.brightness(x: 45 + 35 - Int(dotCenter.rounded()), y: 45)
        let left = pixels.brightness(x: 45 - 35 + Int(dotCenter.rounded()), y: 45)
        XCTAssertGreaterThan(right, left + 60, "three o'clock bright (\(right)), nine o'clock faded (\(left))")
    }
}
