import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A frame whose only change is one glowing leaf (the kiosk's pulsing
/// selection) composites it over the pixels kept under it from an earlier
/// frame (`LeafBackdrop`) instead of painting them again: every such frame
/// is, bit for bit, the frame that repaints them gives.
final class LeafBackdropTests: ModelTestCase {
    /// `steps` frames of the pulsing ring scene (plus `extra` layers, and
    /// `change` made before frame `changeStep`), drawn with or without kept
    /// backdrops, with the frames drawn over one.
    private func frames(keepingBackdrops: Bool, extra makeExtra: () -> [CALayer] = { [] }, moving: Bool = false,
                        steps: Int = 30, changeStep: Int? = nil,
                        change: (CALayer) -> Void = { _ in }) -> (images: [Data], overBackdrop: Int, kept: Int) {
        let host = InlineRenderHost(width: 160, height: 120)
        host.loop.compositor.drawsOverLeafBackdrops = keepingBackdrops
        let (root, ring) = PulsingRingScene.make(extra: makeExtra())
        root.attach(to: host)
        PulsingRingScene.animate(ring, [], moving: moving)
        CATransaction.flush()
        let start = clock.now()
        let images = (0..<steps).map { step in
            if step == changeStep {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                change(root)
                CATransaction.commit()
            }
            return host.render(at: start + Double(step) / 30).storage.withUnsafeBytes { Data($0) }
        }
        let compositor = host.loop.compositor
        return withExtendedLifetime(root) { (images, compositor.framesDrawnOverBackdrop, compositor.backdropsKept) }
    }

    private func assertSameFrames(_ kept: [Data], _ repainted: [Data], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(kept.count, repainted.count, file: file, line: line)
        for step in kept.indices where kept[step] != repainted[step] {
            XCTFail("step \(step): the frame drawn over a kept backdrop differs", file: file, line: line)
        }
    }

    func testAPulsingRingIsDrawnOverItsKeptBackdropAndEveryFrameIsTheRepaintedOne() {
        let kept = frames(keepingBackdrops: true), repainted = frames(keepingBackdrops: false)
        // The first frame builds the list, the second makes it from shells,
        // the third keeps the backdrop (painting it) and draws over it, as
        // every later one does.
        XCTAssertEqual(kept.overBackdrop, 28)
        XCTAssertEqual(repainted.overBackdrop, 0)
        assertSameFrames(kept.images, repainted.images)
        // The frames do change: the glow pulses.
        XCTAssertNotEqual(kept.images[5], kept.images[15])
    }

    /// A commit (an item under the ring changes colour) ends the list the
    /// backdrop was kept for: the next frames show the new colour, and a
    /// backdrop is kept again for the new list.
    func testACommitUnderTheRingIsShownAndTheBackdropKeptAgain() {
        let recolour = { (root: CALayer) -> Void in
            root.sublayers?.first?.sublayers?.first?.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        }
        let kept = frames(keepingBackdrops: true, changeStep: 12, change: recolour)
        let repainted = frames(keepingBackdrops: false, changeStep: 12, change: recolour)
        assertSameFrames(kept.images, repainted.images)
        // Frames 2-11 over the first backdrop; 12 builds the list, 13 makes
        // it from shells, 14 keeps the new backdrop, 14-29 draw over it.
        XCTAssertEqual(kept.overBackdrop, 10 + 16)
        XCTAssertNotEqual(kept.images[11], kept.images[20], "the new colour shows")
    }

    /// A translucent red layer at `frame`, added to the menu after the ring.
    private static func square(_ frame: CGRect) -> () -> [CALayer] {
        {
            let layer = CALayer()
            layer.frame = frame
            layer.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.8)
            return [layer]
        }
    }

    /// A layer over the ring is painted after it: the ring is not drawn
    /// over a backdrop, which would leave that layer out.
    func testALayerOverTheRingKeepsFramesRepainted() {
        let cover = Self.square(CGRect(x: 40, y: 12, width: 30, height: 10))
        let kept = frames(keepingBackdrops: true, extra: cover), repainted = frames(keepingBackdrops: false, extra: cover)
        XCTAssertEqual(kept.overBackdrop, 0)
        assertSameFrames(kept.images, repainted.images)
    }

    /// A layer beside the ring, painted after it but not over it, leaves it
    /// drawn over its backdrop.
    func testALayerBesideTheRingLeavesItsBackdrop() {
        let beside = Self.square(CGRect(x: 40, y: 75, width: 30, height: 10))
        let kept = frames(keepingBackdrops: true, extra: beside), repainted = frames(keepingBackdrops: false, extra: beside)
        XCTAssertEqual(kept.overBackdrop, 28)
        assertSameFrames(kept.images, repainted.images)
    }

    /// While the ring moves, the damage is more than where it is: its frames
    /// are repainted; back at rest, it is drawn over a backdrop again.
    func testAMovingRingIsRepaintedAndDrawnOverItsBackdropAtRest() {
        let kept = frames(keepingBackdrops: true, moving: true, steps: 45)
        let repainted = frames(keepingBackdrops: false, moving: true, steps: 45)
        assertSameFrames(kept.images, repainted.images)
        // Still for 0.3 s (frames 2-9 over the backdrop), moving for 0.8 s
        // (to frame 33), then back at its model place over the same backdrop.
        XCTAssertGreaterThan(kept.overBackdrop, 12)
        XCTAssertLessThan(kept.overBackdrop, 22, "\(kept.overBackdrop) of 45")
        // Kept once: the move ends with the animation (which nothing
        // removes here), and the ring is back over what was kept before it.
        XCTAssertEqual(kept.kept, 1)
    }

    /// A ring sliding by a tenth of a pixel a frame covers the same pixels
    /// for several frames at a time: it is drawn over a backdrop kept
    /// before it moved while that still holds, but none is kept while it
    /// moves (each would be left within frames).
    func testASlowlySlidingRingKeepsNoBackdropWhileItMoves() {
        let kept = framesWithRingAnimation("position.y", from: 20, to: 23, steps: 40)
        // Before the slide (frames 2-5) and after it, back at rest (from
        // about frame 38): kept twice, none while sliding.
        XCTAssertEqual(kept.kept, 2)
        XCTAssertGreaterThan(kept.overBackdrop, 3)
    }

    /// A glow whose radius grows covers more pixels every frame or two
    /// while the ring stays put: a backdrop is kept only in a frame whose
    /// coverage is the last one's (the reach grows in whole pixels), not
    /// at every frame, and the frames are the repainted ones.
    func testAGrowingGlowKeepsABackdropOnlyWhereItsReachStays() {
        let kept = framesWithRingAnimation("filters.pulse.inputRadius", from: 3, to: 9, steps: 30)
        // 15 when a ring that stays put kept one whatever its coverage did.
        XCTAssertLessThanOrEqual(kept.kept, 10)
    }

    /// The pulsing ring's frames with a one-second animation of `keyPath`
    /// added at frame 6, checked the same drawn over kept backdrops and
    /// repainted; the first.
    private func framesWithRingAnimation(_ keyPath: String, from: Double, to: Double, steps: Int,
                                         file: StaticString = #filePath, line: UInt = #line)
        -> (images: [Data], overBackdrop: Int, kept: Int) {
        let animate = { (root: CALayer) -> Void in
            guard let ring = root.sublayers?.first?.sublayers?.last else { return XCTFail("no ring", file: file, line: line) }
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            ring.add(animation, forKey: "added")
        }
        let kept = frames(keepingBackdrops: true, steps: steps, changeStep: 6, change: animate)
        let repainted = frames(keepingBackdrops: false, steps: steps, changeStep: 6, change: animate)
        assertSameFrames(kept.images, repainted.images, file: file, line: line)
        return kept
    }

    func testKeptPixelsAreRestoredWhereAsked() {
        let target = RasterBuffer(width: 8, height: 6)
        for y in 0..<6 {
            for x in 0..<8 { target.base.storeBytes(of: UInt32(0xFF00_0000 | (y << 8) | x), toByteOffset: y * target.bytesPerRow + x * 4, as: UInt32.self) }
        }
        let backdrop = LeafBackdrop()
        let area = PixelRect(x: 2, y: 1, width: 4, height: 3)
        let host = InlineRenderHost(width: 8, height: 6)
        let reuse = DrawListReuse(tree: host.loop.tree, root: DrawNode(id: DrawID(layer: 1), state: LayerState(),
                                  matrix: CATransform3DIdentity, opacity: 1, clip: nil, isGroup: false),
                                  volatiles: [], layerCount: 1)
        backdrop.keep(area, of: target, for: reuse, leaf: DrawID(layer: 2))
        XCTAssertTrue(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: area))
        XCTAssertFalse(backdrop.holds(for: reuse, leaf: DrawID(layer: 3), area: area))
        XCTAssertFalse(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: PixelRect(x: 2, y: 1, width: 4, height: 2)))
        XCTAssertEqual(backdrop.pixels(atX: 3, y: 2).pointee, 0xFF00_0203)
        target.clear(PixelRect(x: 0, y: 0, width: 8, height: 6))
        backdrop.restore(PixelRect(x: 0, y: 2, width: 4, height: 4), into: target)
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = x >= 2 && x < 4 && y >= 2 && y < 4
                XCTAssertEqual(target.pixel(x: x, y: y), inside ? UInt32(0xFF00_0000 | (y << 8) | x) : 0, "(\(x), \(y))")
            }
        }
        // An area not all in the target is not kept.
        backdrop.keep(PixelRect(x: 6, y: 4, width: 4, height: 4), of: target, for: reuse, leaf: DrawID(layer: 2))
        XCTAssertNil(backdrop.area)
        backdrop.keep(area, of: target, for: reuse, leaf: DrawID(layer: 2))
        backdrop.forget()
        XCTAssertFalse(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: area))
    }
}
