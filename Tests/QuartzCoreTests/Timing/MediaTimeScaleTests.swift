import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Slowed animations (`lamina-inspect slow`, `LAMINA_SLOW_ANIMATIONS`):
/// media time runs slower than the display's clock, continuously, and the
/// render loop, `presentation()` and completion blocks all follow it.
final class MediaTimeScaleTests: ModelTestCase {
    override func tearDown() {
        MediaTimeScale.reset()
        super.tearDown()
    }

    func testMediaTimeRunsSlowerAndNeverJumps() {
        let start = CACurrentMediaTime()
        XCTAssertEqual(MediaClock.displayNow(), start, "the same clock at factor 1")
        XCTAssertTrue(MediaTimeScale.setFactor(10))
        XCTAssertEqual(CACurrentMediaTime(), start, accuracy: 1e-12, "no jump when slowing")
        clock.advance(by: 2)
        XCTAssertEqual(CACurrentMediaTime(), start + 0.2, accuracy: 1e-12, "ten times slower")
        XCTAssertEqual(MediaTimeScale.displayTime(atMediaTime: start + 0.3), start + 3, accuracy: 1e-12,
                       "and back: when a media time will come")
        XCTAssertTrue(MediaTimeScale.setFactor(1))
        clock.advance(by: 1)
        XCTAssertEqual(CACurrentMediaTime(), start + 1.2, accuracy: 1e-12,
                       "back at real speed, continuing from where it was")
        XCTAssertEqual(MediaTimeScale.factor, 1)
    }

    func testFactorsOutsideTheRangeChangeNothing() {
        for factor in [0, -2, .nan, .infinity, 1e6] {
            XCTAssertFalse(MediaTimeScale.setFactor(factor), "\(factor)")
        }
        XCTAssertEqual(MediaTimeScale.factor, 1)
        XCTAssertEqual(CACurrentMediaTime(), MediaClock.displayNow())
    }

    /// A one-second fade, slowed ten times: one display second in, the
    /// render loop's frame, the model's presentation and the completion all
    /// say a tenth of it has run.
    func testTheFrameThePresentationAndTheCompletionAgree() {
        let host = InlineRenderHost(width: 20, height: 20)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.attach(to: host)
        let square = CALayer()
        square.frame = root.bounds
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(square)
        CATransaction.flush()
        MediaTimeScale.setFactor(10)
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        square.add(fade, forKey: "fade")
        CATransaction.commit()

        let displayStart = MediaClock.displayNow()
        clock.advance(by: 1)
        XCTAssertEqual(Double(square.presentation()?.opacity ?? -1), 0.1, accuracy: 0.01)
        let frame = host.render(at: displayStart + 1)
        let alpha = Double(frame.storage.pixel(x: 10, y: 10) >> 24) / 255
        XCTAssertEqual(alpha, 0.1, accuracy: 0.02, "the frame at a display tick is drawn at its media time")
        CATransaction.current.lifecycle.deliverDueEvents()
        XCTAssertFalse(completed, "a tenth of the fade has run")

        clock.advance(by: 9.1)
        CATransaction.current.lifecycle.deliverDueEvents()
        XCTAssertTrue(completed, "done after ten display seconds")
        withExtendedLifetime(root) {}
    }

    /// The render loop paces by the display: slowed animations still get a
    /// frame every tick, not every tenth.
    func testFramesStillComeAtTheDisplaysRate() {
        let host = InlineRenderHost(width: 20, height: 20)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.attach(to: host)
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0.2
        pulse.toValue = 1
        pulse.duration = 0.5
        pulse.repeatCount = .infinity
        root.add(pulse, forKey: "pulse")
        CATransaction.flush()
        MediaTimeScale.setFactor(10)
        let interval = host.loop.scheduler.interval
        let start = (MediaClock.displayNow() / interval).rounded(.up) * interval
        var frames = 0
        for tick in 0..<60 {
            if case .render(let frameTime) = host.loop.nextAction(now: start + Double(tick) * interval) {
                _ = host.loop.renderFrame(at: frameTime)
                frames += 1
            }
        }
        XCTAssertEqual(frames, 60, accuracy: 1)
        withExtendedLifetime(root) {}
    }
}
