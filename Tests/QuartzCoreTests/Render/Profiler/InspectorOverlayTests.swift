import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// What the render server draws and measures for `lamina-inspect`: the
/// overdraw view, the selected layer's highlight and the layer costs of
/// `hot`. Drawn as the debug pass, so the scene and its damage are the
/// same as without them.
final class InspectorOverlayTests: ModelTestCase {
    private let (width, height) = (320, 200)

    /// A dark root with two cards overlapping in the middle.
    private func makeScene(on host: RenderHost) -> (root: CALayer, left: CALayer, right: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        let left = CALayer()
        left.frame = CGRect(x: 40, y: 40, width: 120, height: 80)
        left.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        left.name = "left"
        let right = CALayer()
        right.frame = CGRect(x: 120, y: 80, width: 120, height: 80)
        right.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        right.name = "right"
        root.addSublayer(left)
        root.addSublayer(right)
        root.attach(to: host)
        CATransaction.flush()
        return (root, left, right)
    }

    /// A tint over a pixel, worked out by hand: black under the first
    /// tint (40, 90, 255 at alpha 90) gives 40·90/255, 90·90/255, 255·90/255.
    func testTheTintIsCompositedOverThePixelChannelByChannel() {
        let tinted = OverdrawView.over(0xFF00_0000, OverdrawView.tints[0])
        XCTAssertEqual(tinted >> 24, 255, "opaque stays opaque")
        XCTAssertEqual((tinted >> 16) & 0xFF, 14)
        XCTAssertEqual((tinted >> 8) & 0xFF, 32)
        XCTAssertEqual(tinted & 0xFF, 90)
        let white = OverdrawView.over(0xFFFF_FFFF, OverdrawView.tints[3])
        XCTAssertEqual((white >> 16) & 0xFF, 255, "red over white keeps red")
        XCTAssertEqual((white >> 8) & 0xFF, (255 * 125 + 30 * 130 + 127) / 255)
    }

    /// Each pixel is tinted by how many layers were composited onto it:
    /// the root alone once, a card twice, where the cards overlap three
    /// times; the app's damage is the same, and turning it off gives the
    /// scene back.
    func testOverdrawCountsTheLayersCompositedOntoEachPixel() {
        let host = TwinRenderHost(width: width, height: height)
        let scene = makeScene(on: host)
        let now = CACurrentMediaTime()
        _ = host.render(at: now)
        host.debugged.loop.handle(.showOverdraw(true))
        let shown = host.render(at: now + 0.1)
        XCTAssertEqual(shown.stats.damagedPixels, 0, "the overdraw view is not the app's damage")
        for (point, count) in [((10, 10), 1), ((60, 60), 2), ((200, 140), 2), ((140, 100), 3)] {
            let plain = shown.plain.storage.pixel(x: point.0, y: point.1)
            XCTAssertEqual(shown.debugged.storage.pixel(x: point.0, y: point.1),
                           OverdrawView.over(plain, OverdrawView.tints[count - 1]), "\(point): \(count) layers")
        }
        host.debugged.loop.handle(.showOverdraw(false))
        let off = host.render(at: now + 0.2)
        XCTAssertEqual(off.debugged.storage.pixel(x: 140, y: 100), off.plain.storage.pixel(x: 140, y: 100))
        XCTAssertEqual(off.debugged.storage.pixel(x: 10, y: 10), off.plain.storage.pixel(x: 10, y: 10),
                       "off: the scene everywhere again")
        withExtendedLifetime(scene) {}
    }

    /// The highlight outlines the layer's bounds as presented this frame,
    /// following a running animation, and leaves the rest of the frame and
    /// the app's damage alone; `select none` takes it away.
    func testTheHighlightFollowsTheLayersPresentedBounds() {
        let host = TwinRenderHost(width: width, height: height)
        let scene = makeScene(on: host)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 100
        slide.toValue = 220
        slide.duration = 1
        scene.left.add(slide, forKey: "slide")
        CATransaction.flush()
        let begin = scene.left.animation(forKey: "slide")!.beginTime
        host.debugged.loop.handle(.highlight(scene.left.layerID))
        for (step, centre) in [(0.0, 100.0), (0.5, 160.0)] {
            let frame = host.render(at: begin + step)
            let outline = outlinePixels(frame.debugged)
            XCTAssertFalse(outline.isEmpty, "step \(step): no outline")
            let xs = outline.map(\.x), ys = outline.map(\.y)
            // The outline is 2 pixels wide, centred on the bounds' edges (60 wide, 80 tall around the centre).
            XCTAssertEqual(Double(xs.min()!), centre - 60, accuracy: 2, "step \(step)")
            XCTAssertEqual(Double(xs.max()!), centre + 60, accuracy: 2, "step \(step)")
            XCTAssertEqual(Double(ys.max()!), 120, accuracy: 2, "step \(step)")
            XCTAssertEqual(frame.debugged.storage.pixel(x: 300, y: 190), frame.plain.storage.pixel(x: 300, y: 190),
                           "away from the highlight the frame is the scene's")
        }
        host.debugged.loop.handle(.highlight(nil))
        let cleared = host.render(at: begin + 2)
        XCTAssertTrue(outlinePixels(cleared.debugged).isEmpty)
        XCTAssertEqual(cleared.debugged.storage.pixel(x: 220, y: 80), cleared.plain.storage.pixel(x: 220, y: 80))
    }

    /// The highlight's colour: the outline drawn fully opaque.
    private func outlinePixels(_ image: CGImage) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.storage.pixel(x: x, y: y)
                let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                if abs(r - 26) < 12, abs(g - 191) < 12, b > 240, y < 180 { found.append((x, y)) }
            }
        }
        return found
    }

    /// `hot`'s figures: an animated layer is repainted every frame and
    /// composites its area each time, a still one under its damage only
    /// there; the list is sorted by time, costliest first.
    func testLayerCostsCountRepaintsAndPixelsByLayer() throws {
        let host = InlineRenderHost(width: width, height: height)
        let scene = makeScene(on: host)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.2
        fade.toValue = 1
        fade.duration = 10
        scene.right.add(fade, forKey: "fade")
        CATransaction.flush()
        let now = MediaClock.displayNow()
        _ = host.loop.debug.recordLayerCosts(now: now)
        for frame in 0..<10 { _ = host.loop.renderFrame(at: now + Double(frame) / 60) }
        let recorded = host.loop.debug.layerCostReport(over: 5, now: now + 0.2)
        let costs = try XCTUnwrap(host.loop.debug.layerCosts).costs(over: 5, now: now + 0.2)
        XCTAssertEqual(costs.frames, 10, recorded)
        let right = try XCTUnwrap(costs.costs.first { $0.id == scene.right.layerID }?.cost, recorded)
        XCTAssertEqual(right.repaints, 10, "the fading card is composited every frame")
        XCTAssertEqual(right.pixels, 10 * 120 * 80)
        XCTAssertEqual(right.name, "right")
        // The still card is composited whole in the first frame, then only
        // where the fading card's damage crosses it (40x40).
        let left = try XCTUnwrap(costs.costs.first { $0.id == scene.left.layerID }?.cost, recorded)
        XCTAssertEqual(left.repaints, 10)
        XCTAssertGreaterThanOrEqual(left.pixels, 120 * 80 + 9 * 40 * 40)
        XCTAssertLessThan(left.pixels, 120 * 80 + 9 * 60 * 60)
        let times = costs.costs.map(\.cost.seconds)
        XCTAssertEqual(times, times.sorted(by: >), "costliest first")
        XCTAssertTrue(recorded.contains("#\(scene.right.layerID) CALayer \"right\""), recorded)
        XCTAssertTrue(recorded.hasPrefix("layers by compositing time, last 5.0 s (10 frames)"), recorded)
    }
}
