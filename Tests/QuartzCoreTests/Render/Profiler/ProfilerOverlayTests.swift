import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The profiler panel and repaint flashes, drawn by the render loop over
/// finished frames: where they appear, that the scene around and under them
/// is untouched, and that they go away cleanly.
final class ProfilerOverlayTests: ModelTestCase {

    private let (width, height) = (640, 400)
    private var panel: PixelRect { ProfilerPanel.frame(inTargetWidth: width, height: height)! }

    /// A dark root with a red card partly under the panel and a green one well away from it.
    private func makeScene(on host: RenderHost) -> (card: CALayer, other: CALayer, root: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 250, y: 40, width: 120, height: 80)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let other = CALayer()
        other.frame = CGRect(x: 40, y: 250, width: 100, height: 100)
        other.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(card)
        root.addSublayer(other)
        root.attach(to: host)
        CATransaction.flush()
        return (card, other, root)
    }

    /// Pixels that differ between two images, inside and outside a rectangle.
    private struct Differences: Equatable {
        var inside = 0, outside = 0
        static let none = Differences()
    }

    private func differences(_ a: CGImage, _ b: CGImage, rect: PixelRect) -> Differences {
        var inside = 0, outside = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.storage.pixel(x: x, y: y) != b.storage.pixel(x: x, y: y) {
                if x >= rect.x, x < rect.maxX, y >= rect.y, y < rect.maxY { inside += 1 } else { outside += 1 }
            }
        }
        return Differences(inside: inside, outside: outside)
    }

    private func presentedDamage(_ host: InlineRenderHost) -> [PixelRect] { host.mailbox.frame?.damage ?? [] }

    private func covers(_ damage: [PixelRect], _ rect: PixelRect) -> Bool {
        damage.contains { $0.intersection(rect) == rect }
    }

    func testPanelAppearsInTheCornerOnlyWhenShownAndLeavesTheSceneAlone() {
        let host = TwinRenderHost(width: width, height: height)
        _ = makeScene(on: host)
        let now = CACurrentMediaTime()
        let first = host.render(at: now)
        XCTAssertEqual(differences(first.debugged, first.plain, rect: panel).inside, 0, "no panel until asked for")

        host.debugged.loop.handle(.showProfiler(true))
        let shown = host.render(at: now + 1)
        let shownDifference = differences(shown.debugged, shown.plain, rect: panel)
        XCTAssertEqual(shownDifference.outside, 0, "the scene outside the panel is untouched")
        XCTAssertGreaterThan(shownDifference.inside, panel.area / 2, "the translucent panel covers its corner")
        XCTAssertEqual(shown.stats.damagedPixels, 0, "the panel is not the app's damage")
        XCTAssertTrue(covers(presentedDamage(host.debugged), panel), "but it is presented")

        host.debugged.loop.handle(.showProfiler(false))
        let hidden = host.render(at: now + 2)
        XCTAssertEqual(differences(hidden.debugged, hidden.plain, rect: panel), .none,
                       "turning the panel off repaints the scene under it")
        XCTAssertTrue(covers(presentedDamage(host.debugged), panel), "the uncovered corner is presented")
    }

    func testSceneChangingUnderThePanelIsRightAroundItAndOnceItGoes() {
        let host = TwinRenderHost(width: width, height: height)
        let (card, _, root) = makeScene(on: host)
        let now = CACurrentMediaTime()
        _ = host.render(at: now)
        host.debugged.loop.handle(.showProfiler(true))
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 100
        slide.toValue = 560
        slide.duration = 1
        card.add(slide, forKey: "slide")
        CATransaction.flush()
        for step in 1...5 {
            let frame = host.render(at: now + Double(step) * 0.15)
            XCTAssertEqual(differences(frame.debugged, frame.plain, rect: panel).outside, 0, "step \(step)")
            XCTAssertEqual(frame.stats.runningAnimations, 1)
            XCTAssertGreaterThan(frame.stats.damagedPixels, 0)
        }
        host.debugged.loop.handle(.showProfiler(false))
        let hidden = host.render(at: now + 0.8)
        withExtendedLifetime(root) {}
        XCTAssertEqual(differences(hidden.debugged, hidden.plain, rect: panel), .none,
                       "the scene under the panel is today's, not the one the panel first covered")
    }

    func testPanelShowsTheRecordedFrames() {
        let host = InlineRenderHost(width: width, height: height)
        _ = makeScene(on: host)
        let now = CACurrentMediaTime()
        for step in 0..<5 { _ = host.loop.renderFrame(at: now + Double(step) / 60) }
        let readout = ProfilerReadout(history: host.loop.debug.history, displayInterval: 1.0 / 60)
        XCTAssertEqual(readout.workTimes.count, 5)
        XCTAssertEqual(readout.intervals.compactMap { $0 }.count, 4)
        XCTAssertTrue(readout.headline.hasPrefix("5 fps"), readout.headline)
        XCTAssertTrue(readout.lines.last?.contains("layers 3") ?? false, "\(readout.lines)")
    }

    func testRepaintFlashTintsTheRepaintedRegionAndFadesAway() throws {
        let host = TwinRenderHost(width: width, height: height)
        let (_, other, root) = makeScene(on: host)
        host.debugged.loop.handle(.flashRepaints(true))
        let now = CACurrentMediaTime()
        let first = host.render(at: now)
        XCTAssertGreaterThan(differences(first.debugged, first.plain, rect: panel).outside, 0,
                             "the first frame repaints (and flashes) everything")
        let settled = host.render(at: now + 1)
        XCTAssertEqual(differences(settled.debugged, settled.plain, rect: panel), .none, "faded")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        other.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        let region = try XCTUnwrap(PixelRect(covering: other.frame))
        let flashed = host.render(at: now + 2)
        let fresh = differences(flashed.debugged, flashed.plain, rect: region)
        XCTAssertEqual(fresh.outside, 0, "only the repainted region is tinted")
        XCTAssertEqual(fresh.inside, region.area, "all of it")
        let tint = GoldenImage.channelDifference(flashed.debugged.storage.pixel(x: 90, y: 300),
                                                 flashed.plain.storage.pixel(x: 90, y: 300))

        let fading = host.render(at: now + 2.25)
        let faded = GoldenImage.channelDifference(fading.debugged.storage.pixel(x: 90, y: 300),
                                                  fading.plain.storage.pixel(x: 90, y: 300))
        XCTAssertGreaterThan(faded, 0, "still tinted half way through the fade")
        XCTAssertLessThan(faded, tint, "but less")
        XCTAssertEqual(fading.stats.damagedPixels, 0, "the fade is not the app's damage")
        switch host.debugged.loop.nextAction(now: now + 2.26) {
        case .render: break
        case .sleep(let until?): XCTAssertLessThanOrEqual(until, now + 2.26 + 1.0 / 60, "a fading flash asks for the next tick")
        default: XCTFail("a fading flash asks for frames")
        }

        let gone = host.render(at: now + 2.5)
        XCTAssertEqual(differences(gone.debugged, gone.plain, rect: region), .none, "faded away")
        XCTAssertEqual(host.debugged.loop.nextAction(now: now + 2.6), .sleep(until: nil), "and the loop sleeps again")
        withExtendedLifetime(root) {}
    }

    func testTurningFlashesOffTakesTheTintAwayAtOnce() {
        let host = TwinRenderHost(width: width, height: height)
        _ = makeScene(on: host)
        host.debugged.loop.handle(.flashRepaints(true))
        let now = CACurrentMediaTime()
        _ = host.render(at: now)
        host.debugged.loop.handle(.flashRepaints(false))
        let off = host.render(at: now + 0.1)
        XCTAssertEqual(differences(off.debugged, off.plain, rect: panel), .none)
    }
}

/// Every commit goes to two inline hosts: the first with debug overlays
/// (`debugged`), the second a plain one whose frames are the scene alone.
extension TwinRenderHost {
    var debugged: InlineRenderHost { first }
    var plain: InlineRenderHost { second }

    /// Renders both at `time`; returns the debugged frame's statistics and both images.
    func render(at time: CFTimeInterval) -> (stats: FrameStatistics, debugged: CGImage, plain: CGImage) {
        let stats = debugged.loop.renderFrame(at: time)
        return (stats, debugged.loop.presenter.target.makeImage(), plain.render(at: time))
    }
}
