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
    /// backdrops, with the frames drawn over one and the frames that kept
    /// one (their steps).
    private func frames(keepingBackdrops: Bool, extra makeExtra: () -> [CALayer] = { [] }, moving: Bool = false,
                        steps: Int = 30, changeStep: Int? = nil, ringAnimation: CAAnimation? = nil,
                        change: (CALayer) -> Void = { _ in }) -> Frames {
        let host = InlineRenderHost(width: 160, height: 120)
        host.loop.compositor.drawsOverLeafBackdrops = keepingBackdrops
        let (root, ring) = PulsingRingScene.make(extra: makeExtra())
        root.attach(to: host)
        PulsingRingScene.animate(ring, [], moving: moving)
        if let ringAnimation { ring.add(ringAnimation, forKey: "added") }
        CATransaction.flush()
        let start = clock.now()
        let compositor = host.loop.compositor
        var result = Frames()
        for step in 0..<steps {
            if step == changeStep {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                change(root)
                CATransaction.commit()
            }
            let (over, kept) = (compositor.framesDrawnOverBackdrop, compositor.backdropsKept)
            result.images.append(host.render(at: start + Double(step) / 30).storage.withUnsafeBytes { Data($0) })
            if compositor.framesDrawnOverBackdrop > over { result.overSteps.append(step) }
            if compositor.backdropsKept > kept { result.keptSteps.append(step) }
        }
        return withExtendedLifetime(root) { result }
    }

    private struct Frames {
        var images: [Data] = []
        /// The steps drawn over a kept backdrop, and those that kept one.
        var overSteps: [Int] = [], keptSteps: [Int] = []
        var overBackdrop: Int { overSteps.count }
        var kept: Int { keptSteps.count }
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

    /// While the ring moves, its damage is where it was and where it is: it
    /// is drawn over a backdrop kept reaching ahead of it, where it was put
    /// back from that copy. Every frame is the repainted one.
    func testAMovingRingIsDrawnOverABackdropKeptAheadOfIt() {
        let kept = frames(keepingBackdrops: true, moving: true, steps: 45)
        let repainted = frames(keepingBackdrops: false, moving: true, steps: 45)
        assertSameFrames(kept.images, repainted.images)
        // Every frame after the first two (which build the list and make it
        // from shells), the move (frames 9-32) included, but for the jump
        // back to its model place when the move ends (frame 33): two
        // rectangles apart. Frames 10-32 were repainted before.
        XCTAssertEqual(kept.overSteps, Array(2...32) + Array(34...44))
        // Kept at rest (frame 2); as the ring starts to move, reaching its
        // coverage ahead; once more halfway down; at rest after the jump.
        XCTAssertEqual(kept.kept, 4, "\(kept.keptSteps)")
        XCTAssertNotEqual(kept.images[8], kept.images[20], "the ring moved")
    }

    /// A layer painted after the ring, below the end of its path but inside
    /// the copy kept ahead of it, is in that copy; the ring never damages
    /// it, so the copy is never read there, and every frame is the
    /// repainted one.
    func testALayerInsideTheCopyAheadButPastThePathIsLeftAsItIs() {
        let past = Self.square(CGRect(x: 30, y: 102, width: 60, height: 6))
        let kept = frames(keepingBackdrops: true, extra: past, moving: true, steps: 45)
        let repainted = frames(keepingBackdrops: false, extra: past, moving: true, steps: 45)
        assertSameFrames(kept.images, repainted.images)
        XCTAssertEqual(kept.overSteps, Array(2...32) + Array(34...44))
    }

    /// A ring sliding by a tenth of a pixel a frame covers the same pixels
    /// for several frames at a time: the copy kept when it starts to slide
    /// reaches ahead of it over the whole slide, and holds it at rest after.
    func testASlowlySlidingRingKeepsOneBackdropForTheWholeSlide() {
        let kept = framesWithRingAnimation("position.y", from: 20, to: 23, steps: 40)
        // Frames 6 and 7 build the list after the animation is added and
        // make it from shells; kept at rest before (frame 2), then once.
        XCTAssertEqual(kept.overSteps, Array(2...5) + Array(8...39))
        XCTAssertEqual(kept.keptSteps, [2, 8])
    }

    /// A glow whose radius grows covers more pixels every frame or two
    /// while the ring stays put, growing out of each copy kept under it at
    /// once: after the first such copy, none is kept for the rest of the
    /// list, and the frames are the repainted ones.
    func testAGrowingGlowOutrunsItsCopiesAndIsRepainted() {
        let kept = framesWithRingAnimation("filters.pulse.inputRadius", from: 3, to: 9, steps: 30)
        // At rest before (frame 2); then one copy as it grows, left at the
        // next frame: 10 kept at every frame the reach stayed, before.
        XCTAssertEqual(kept.kept, 2, "\(kept.keptSteps)")
        XCTAssertEqual(kept.overSteps.filter { $0 >= 6 }.count, 1, "\(kept.overSteps)")
    }

    /// A ring that outran its copies and then comes to rest with no commit
    /// (a move kept at its end: `fillMode` forwards, not removed) keeps a
    /// copy again once still for two frames, and is drawn over it.
    func testARingAtRestAfterOutrunningItsCopiesKeepsOneAgain() {
        let jump = CABasicAnimation(keyPath: "position.y")
        jump.fromValue = 20
        jump.toValue = 80
        jump.duration = 0.1
        jump.beginTime = CACurrentMediaTime() + 0.3
        jump.fillMode = .forwards
        jump.isRemovedOnCompletion = false
        let kept = frames(keepingBackdrops: true, steps: 40, ringAnimation: jump)
        let repainted = frames(keepingBackdrops: false, steps: 40, ringAnimation: jump)
        assertSameFrames(kept.images, repainted.images)
        // Jumping 60 pixels in three frames from frame 9 (leaving each copy
        // ahead at once), then at rest: over a copy again to the end.
        XCTAssertTrue(Set(16...39).isSubset(of: kept.overSteps), "\(kept.overSteps)")
    }

    /// The pulsing ring's frames with a one-second animation of `keyPath`
    /// added at frame 6, checked the same drawn over kept backdrops and
    /// repainted; the first.
    private func framesWithRingAnimation(_ keyPath: String, from: Double, to: Double, steps: Int, duration: Double = 1,
                                         file: StaticString = #filePath, line: UInt = #line)
        -> Frames {
        let animate = { (root: CALayer) -> Void in
            guard let ring = root.sublayers?.first?.sublayers?.last else { return XCTFail("no ring", file: file, line: line) }
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = duration
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
        // It holds any area inside the kept one, and none reaching out of it.
        XCTAssertTrue(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: PixelRect(x: 2, y: 1, width: 4, height: 2)))
        XCTAssertFalse(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: PixelRect(x: 2, y: 1, width: 4, height: 4)))
        XCTAssertFalse(backdrop.holds(for: reuse, leaf: DrawID(layer: 2), area: PixelRect(x: 1, y: 1, width: 2, height: 2)))
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

    func testTheCopyAheadReachesTheLeafsSizeAlongTheWayItGoes() {
        let bounds = PixelRect(x: 0, y: 0, width: 1000, height: 1000)
        let last = PixelRect(x: 100, y: 100, width: 40, height: 20)
        func ahead(_ coverage: PixelRect, shift: (x: Double, y: Double) = (0, 0), bounds: PixelRect = bounds) -> PixelRect {
            LeafBackdrop.area(ahead: coverage.union(last), coverage: coverage, last: last, shift: shift, bounds: bounds)
        }
        // Down by 3: the damage (both places) and 20 more below.
        XCTAssertEqual(ahead(PixelRect(x: 100, y: 103, width: 40, height: 20)), PixelRect(x: 100, y: 100, width: 40, height: 43))
        // Up by 3: 20 more above.
        XCTAssertEqual(ahead(PixelRect(x: 100, y: 97, width: 40, height: 20)), PixelRect(x: 100, y: 77, width: 40, height: 43))
        // Left by 5: 40 more to the left.
        XCTAssertEqual(ahead(PixelRect(x: 95, y: 100, width: 40, height: 20)), PixelRect(x: 55, y: 100, width: 85, height: 20))
        // Diagonally, right and down: both ways (under four times the damage).
        XCTAssertEqual(ahead(PixelRect(x: 102, y: 101, width: 40, height: 20)),
                       PixelRect(x: 100, y: 100, width: 82, height: 41))
        // Growing every way by a pixel: nine times the damage both ways, so
        // only along the axis it grows on most (a tie: up and down).
        XCTAssertEqual(ahead(PixelRect(x: 99, y: 99, width: 42, height: 22)), PixelRect(x: 99, y: 77, width: 42, height: 66))
        // Growing wider only: both sides.
        XCTAssertEqual(ahead(PixelRect(x: 98, y: 100, width: 44, height: 20)), PixelRect(x: 54, y: 100, width: 132, height: 20))
        // The same pixels, shifted by a fraction: the shift says which way.
        XCTAssertEqual(ahead(last, shift: (0, -0.2)), PixelRect(x: 100, y: 80, width: 40, height: 40))
        XCTAssertEqual(ahead(last, shift: (0.3, 0.1)), PixelRect(x: 100, y: 100, width: 80, height: 40))
        // Not moving: the damage alone.
        XCTAssertEqual(ahead(last), last)
        // Within the bounds.
        XCTAssertEqual(ahead(PixelRect(x: 100, y: 103, width: 40, height: 20), bounds: PixelRect(x: 0, y: 0, width: 200, height: 130)),
                       PixelRect(x: 100, y: 100, width: 40, height: 30))
    }

    func testALeafLeavingItsCopyTooSoonIsOutrunForTheRestOfTheReuse() {
        let target = RasterBuffer(width: 8, height: 6)
        let host = InlineRenderHost(width: 8, height: 6)
        func reuse() -> DrawListReuse {
            DrawListReuse(tree: host.loop.tree, root: DrawNode(id: DrawID(layer: 1), state: LayerState(),
                          matrix: CATransform3DIdentity, opacity: 1, clip: nil, isGroup: false), volatiles: [], layerCount: 1)
        }
        let first = reuse(), leaf = DrawID(layer: 2), area = PixelRect(x: 0, y: 0, width: 4, height: 4)
        let backdrop = LeafBackdrop()
        XCTAssertFalse(backdrop.isOutrun(for: first, leaf: leaf), "no copy yet")
        backdrop.keep(area, of: target, for: first, leaf: leaf)
        backdrop.noteDrawnOver()
        backdrop.noteDrawnOver()
        XCTAssertFalse(backdrop.isOutrun(for: first, leaf: leaf), "drawn over twice after it was kept")
        backdrop.keep(area, of: target, for: first, leaf: leaf)
        backdrop.noteDrawnOver()
        XCTAssertTrue(backdrop.isOutrun(for: first, leaf: leaf), "left after one frame")
        XCTAssertFalse(backdrop.isOutrun(for: first, leaf: DrawID(layer: 3)), "another leaf")
        // Sticky for the reuse, even across copies kept after it.
        backdrop.keep(area, of: target, for: first, leaf: leaf)
        backdrop.noteDrawnOver()
        backdrop.noteDrawnOver()
        XCTAssertTrue(backdrop.isOutrun(for: first, leaf: leaf))
        // A new list starts afresh.
        backdrop.forget()
        XCTAssertFalse(backdrop.isOutrun(for: first, leaf: leaf))
        let second = reuse()
        backdrop.keep(area, of: target, for: second, leaf: leaf)
        XCTAssertTrue(backdrop.isOutrun(for: second, leaf: leaf), "left in the frame after it was kept")
        XCTAssertFalse(backdrop.isOutrun(for: first, leaf: leaf))
    }
}
