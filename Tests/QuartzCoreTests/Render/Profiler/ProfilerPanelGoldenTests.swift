import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The profiler panel's look, from a made-up history so the figures are fixed.
final class ProfilerPanelGoldenTests: XCTestCase {
    func testPanelOverACheckerboard() throws {
        var history = FrameHistory()
        var clock = 100.0
        for index in 0..<150 {
            // Steady frames with a slow patch: work over the interval, and two dropped ticks.
            let slow = (90..<96).contains(index)
            let work = slow ? 0.024 : 0.004 + Double(index % 7) * 0.0005
            clock += slow ? 0.05 : 1.0 / 60
            history.record(FrameStatistics(
                frameTime: clock, applyingCommits: 0.0002, evaluatingAnimations: work * 0.2, compositing: work * 0.6,
                presenting: work * 0.2 - 0.0002, damagedPixels: 48_000, targetPixels: 480 * 200, layerCount: 42,
                droppedFramesSoFar: index >= 96 ? 2 : 0, runningAnimations: 3,
                startedAt: clock - work, finishedAt: clock))
        }
        let target = RasterBuffer(width: 480, height: 200)
        for y in 0..<200 {
            for x in 0..<480 {
                let light = (x / 20 + y / 20) % 2 == 0
                target.base.storeBytes(of: light ? 0xFFC0_C0C0 : 0xFF40_6080, toByteOffset: y * target.bytesPerRow + x * 4,
                                       as: UInt32.self)
            }
        }
        let frame = try XCTUnwrap(ProfilerPanel.frame(inTargetWidth: 480, height: 200))
        ProfilerPanel().draw(ProfilerReadout(history: history, displayInterval: 1.0 / 60), into: target, frame: frame,
                             frameTime: clock)
        GoldenImage.assertMatches(target.makeImage(), named: "profiler-panel", tolerance: 8)
    }

    /// The figures are set in type at most every 0.1 s of frame time, so they stay readable.
    func testFiguresRefreshAtMostTenTimesASecond() throws {
        let frame = try XCTUnwrap(ProfilerPanel.frame(inTargetWidth: 400, height: 200))
        let headline = PixelRect(x: frame.x, y: frame.y, width: frame.width, height: 22)
        func headlinePixels(_ target: RasterBuffer) -> [UInt32] {
            (headline.y..<headline.maxY).flatMap { y in (headline.x..<headline.maxX).map { target.pixel(x: $0, y: y) } }
        }
        let panel = ProfilerPanel()
        let sixty = ProfilerReadout(history: FrameHistory(), displayInterval: 1.0 / 60)
        let thirty = ProfilerReadout(history: FrameHistory(), displayInterval: 1.0 / 30)
        XCTAssertNotEqual(sixty.headline, thirty.headline)
        let first = RasterBuffer(width: 400, height: 200), soon = RasterBuffer(width: 400, height: 200)
        let later = RasterBuffer(width: 400, height: 200)
        panel.draw(sixty, into: first, frame: frame, frameTime: 10)
        panel.draw(thirty, into: soon, frame: frame, frameTime: 10.05)
        XCTAssertTrue(headlinePixels(soon) == headlinePixels(first), "still the figures set at 10 s")
        panel.draw(thirty, into: later, frame: frame, frameTime: 10.15)
        XCTAssertFalse(headlinePixels(later) == headlinePixels(first), "set again after 0.1 s")
    }
}
