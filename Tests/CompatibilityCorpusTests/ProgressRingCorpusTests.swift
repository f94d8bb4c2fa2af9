import QuartzCore
import XCTest

/// The progress ring: filled by a `CADisplayLink` on the main run loop, its
/// glow pulsing at a preferred 30 frames a second.
final class ProgressRingCorpusTests: XCTestCase {
    private func run(for seconds: TimeInterval) {
        RunLoop.current.run(until: Date(timeIntervalSinceNow: seconds))
    }

    func testRingFillsAndGlowPulses() {
        let ring = ProgressRing(diameter: 80)
        let stage = Stage(width: 100, height: 100, showing: ring.layer)
        ring.startPulsing()
        stage.commit()
        let begin = ring.glow.animation(forKey: "pulse")!.beginTime
        for (time, progress) in [(0.0, 0.0), (0.25, 0.25), (0.5, 0.5), (1.0, 1.0)] {
            ring.progress = CGFloat(progress)
            stage.commit()
            stage.assertFrames("progress-ring", begin: begin, times: [time])
        }
    }

    func testThePulseAsksForThirtyFramesASecond() {
        let ring = ProgressRing(diameter: 80)
        ring.startPulsing()
        let pulse = ring.glow.animation(forKey: "pulse")!
        XCTAssertEqual(pulse.preferredFrameRateRange, CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30))
    }

    /// The display link fills the ring by display time, one call a frame,
    /// and lets go when it is full.
    func testTheDisplayLinkFillsTheRing() {
        let ring = ProgressRing(diameter: 80)
        let stage = Stage(width: 100, height: 100, showing: ring.layer)
        stage.commit()
        let started = CACurrentMediaTime()
        ring.fill(over: 0.3)
        XCTAssertTrue(ring.isFilling)
        let deadline = Date(timeIntervalSinceNow: 3)
        while ring.isFilling, Date() < deadline { run(for: 0.02) }
        XCTAssertFalse(ring.isFilling, "invalidated once full")
        XCTAssertEqual(ring.progress, 1)
        XCTAssertGreaterThan(ring.frameCount, 5, "about 18 frames at 60 Hz")
        XCTAssertLessThanOrEqual(ring.frameCount, 19, "never more than one call a frame")
        // The display's interval: 60 Hz, or the rate a window opened earlier in
        // the same test process measured on its display (59.8 Hz under Xvfb).
        XCTAssertEqual(ring.lastFrameDuration, 1.0 / 60, accuracy: 0.0005)
        XCTAssertGreaterThan(ring.lastTimestamp, started)
        XCTAssertLessThanOrEqual(ring.lastTimestamp, CACurrentMediaTime())
        stage.commit()
        XCTAssertEqual(ring.arc.presentation()?.strokeEnd, 1, "no implicit animation: the arc shows the value set")
    }

    func testPausingStopsTheFill() {
        let ring = ProgressRing(diameter: 80)
        ring.fill(over: 10)
        run(for: 0.15)
        let before = ring.progress
        XCTAssertGreaterThan(before, 0)
        ring.pause()
        XCTAssertTrue(ring.isPaused)
        let frames = ring.frameCount
        run(for: 0.15)
        XCTAssertEqual(ring.frameCount, frames, "no calls while paused")
        XCTAssertEqual(ring.progress, before)
        ring.resume()
        run(for: 0.15)
        XCTAssertGreaterThan(ring.progress, before)
        // Paused time does not count: about 0.3 s of filling out of 10.
        XCTAssertLessThan(ring.progress, 0.04)
        ring.stop()
        XCTAssertFalse(ring.isFilling)
    }
}
