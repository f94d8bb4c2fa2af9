import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A group draws in a scratch as big as its area, addressed in target
/// pixels (`ScratchPool.acquire(window:)`): nothing outside the window is
/// read or written, and the frame is the one a target-sized scratch gives.
final class WindowedScratchTests: ModelTestCase {
    func testOnlyTheWindowIsWrittenAndItsMemoryIsRowsOfTheWindow() throws {
        let window = PixelRect(x: 30, y: 12, width: 7, height: 5)
        // Memory larger than the window, the rest marked: no write may reach it.
        let memory = ScratchMemory(capacity: window.area * 4 + 256)
        memory.base.initializeMemory(as: UInt8.self, repeating: 0xAB, count: memory.capacity)
        let scratch = RasterBuffer(window: window, over: memory)
        XCTAssertEqual(scratch.window, window)
        XCTAssertEqual(scratch.bytesPerRow, 28, "rows of the window, not of the target")
        scratch.clear(PixelRect(x: 0, y: 0, width: 100, height: 100))
        let image = try XCTUnwrap(PixmanImage(buffer: scratch))
        let red = try XCTUnwrap(PixmanImage(solidPixel: 0xFFFF_0000))
        image.composite(red, mask: nil, operation: PIXMAN_OP_SRC, rect: PixelRect(x: 0, y: 0, width: 50, height: 14))
        image.composite(red, at: 3, 3, mask: nil, operation: PIXMAN_OP_SRC, rect: PixelRect(x: 36, y: 16, width: 90, height: 90))
        for offset in window.area * 4..<memory.capacity {
            XCTAssertEqual(memory.base.load(fromByteOffset: offset, as: UInt8.self), 0xAB, "byte \(offset) past the window")
        }
        XCTAssertEqual(scratch.pixel(x: 30, y: 12), 0xFFFF_0000, "the window's first two rows were filled")
        XCTAssertEqual(scratch.pixel(x: 31, y: 14), 0, "cleared, and outside the fills")
        XCTAssertEqual(scratch.pixel(x: 36, y: 16), 0xFFFF_0000, "the window's last pixel")
        XCTAssertEqual(scratch.pixel(x: 29, y: 12), 0, "outside the window there is nothing to read")
        XCTAssertEqual(memory.base.load(as: UInt32.self), 0xFFFF_0000, "pixel (30, 12) is the memory's first")
        let view = PixelBufferView(scratch, area: PixelRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertEqual(view.width, 7, "a view is cut to the window")
        XCTAssertEqual(view.height, 5)
        let copy = scratch.makeImage()
        XCTAssertEqual(copy.width, 37)
        XCTAssertEqual(GoldenImage.differingPixels(copy, RasterBuffer(width: 37, height: 17).makeImage(), tolerance: 0), 2 * 7 + 1,
                       "the window's first two rows and its last pixel")
    }

    func testThePoolReusesWindowedMemoryAndGrowsIt() {
        let pool = ScratchPool(width: 1280, height: 720)
        let first = pool.acquire(window: PixelRect(x: 100, y: 200, width: 400, height: 100))
        let memory = first.scratchMemory
        pool.release(first)
        let moved = pool.acquire(window: PixelRect(x: 120, y: 500, width: 401, height: 101))
        XCTAssertTrue(moved.scratchMemory === memory, "a row and a column more fit the rounded-up memory")
        pool.release(moved)
        let larger = pool.acquire(window: PixelRect(x: 0, y: 0, width: 800, height: 400))
        XCTAssertFalse(larger.scratchMemory === memory)
        pool.release(larger)
        XCTAssertGreaterThanOrEqual(pool.windowedCapacity, 800 * 400 * 4)
        XCTAssertLessThan(pool.windowedCapacity, 1280 * 720 * 4)
        XCTAssertEqual(pool.targetSizedCount, 0)
        // Two users at once (a group and a turned layer's bands inside it):
        // each size later finds the block that fits, whatever the order freed.
        let big = pool.acquire(window: PixelRect(x: 0, y: 0, width: 800, height: 400))
        let small = pool.acquire(window: PixelRect(x: 0, y: 0, width: 10, height: 10))
        pool.release(big)
        pool.release(small)
        let capacity = pool.windowedCapacity
        let again = pool.acquire(window: PixelRect(x: 5, y: 5, width: 800, height: 400))
        XCTAssertTrue(again.scratchMemory === big.scratchMemory, "the large block, though the small one was freed last")
        pool.release(again)
        XCTAssertEqual(pool.windowedCapacity, capacity, "nothing allocated, nothing dropped")
    }

    /// The operators for which a group is cut to its coverage: exactly those
    /// under which pixman leaves a pixel as it is beneath a transparent one.
    func testTheOperatorsThatLeaveADestinationBeneathTransparency() throws {
        let operators = [PIXMAN_OP_CLEAR, PIXMAN_OP_SRC, PIXMAN_OP_OVER, PIXMAN_OP_OVER_REVERSE, PIXMAN_OP_IN,
                         PIXMAN_OP_IN_REVERSE, PIXMAN_OP_OUT, PIXMAN_OP_OUT_REVERSE, PIXMAN_OP_ATOP, PIXMAN_OP_ATOP_REVERSE,
                         PIXMAN_OP_XOR, PIXMAN_OP_ADD, PIXMAN_OP_MULTIPLY, PIXMAN_OP_SCREEN, PIXMAN_OP_OVERLAY,
                         PIXMAN_OP_DARKEN, PIXMAN_OP_LIGHTEN, PIXMAN_OP_COLOR_DODGE, PIXMAN_OP_COLOR_BURN,
                         PIXMAN_OP_HARD_LIGHT, PIXMAN_OP_SOFT_LIGHT, PIXMAN_OP_DIFFERENCE, PIXMAN_OP_EXCLUSION,
                         PIXMAN_OP_HSL_HUE, PIXMAN_OP_HSL_SATURATION, PIXMAN_OP_HSL_COLOR, PIXMAN_OP_HSL_LUMINOSITY]
        let transparent = try XCTUnwrap(PixmanImage(solidPixel: 0))
        for operation in operators {
            let target = RasterBuffer(width: 2, height: 1)
            let image = try XCTUnwrap(PixmanImage(buffer: target))
            image.composite(try XCTUnwrap(PixmanImage(solidPixel: 0xC040_8020)), mask: nil, operation: PIXMAN_OP_SRC,
                            rect: PixelRect(x: 0, y: 0, width: 2, height: 1))
            image.composite(transparent, mask: nil, operation: operation, rect: PixelRect(x: 0, y: 0, width: 1, height: 1))
            XCTAssertEqual(target.pixel(x: 0, y: 0) == 0xC040_8020, GroupRenderer.leavesDestinationWhereTransparent(operation),
                           "operator \(operation.rawValue)")
        }
    }

    /// A turned or perspective layer's bands are sampled into memory from
    /// the pool, reused without clearing (the samplers write every pixel):
    /// the pixels are those of a fresh buffer even when the memory holds
    /// another frame's. (A perspective layer drawn `OVER` blends its rows
    /// straight into the target: here it is added, which goes in bands.)
    func testBandsSampledIntoReusedMemoryGiveTheSamePixels() throws {
        let turned = CATransform3DConcat(CATransform3DMakeRotation(0.6, 0, 0, 1), CATransform3DMakeTranslation(30.5, 6.25, 0))
        let pool = ScratchPool(width: 64, height: 48)
        // Memory holding another frame's pixels.
        let stale = pool.acquire(window: PixelRect(x: 0, y: 0, width: 64, height: 48))
        stale.scratchMemory!.base.initializeMemory(as: UInt8.self, repeating: 0xAB, count: stale.scratchMemory!.capacity)
        pool.release(stale)
        let clip = PixelRect(x: 0, y: 0, width: 64, height: 48)
        for (matrix, operation) in [(turned, PIXMAN_OP_OVER), (SharedScenes.perspectiveTurn, PIXMAN_OP_ADD)] {
            let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
            var results: [CGImage] = []
            for memory in [nil, pool] {
                // A content of its own each time: drawn twice at one place,
                // a content keeps a transformed copy instead of sampling.
                let layer = try SharedScenes.gradientContent()
                let target = RasterBuffer(width: 64, height: 48)
                layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: target)), mask: nil, operation: operation,
                                clip: clip, usingSwiftKernels: true, bandMemory: memory)
                results.append(target.makeImage())
            }
            XCTAssertEqual(GoldenImage.differingPixels(results[0], results[1], tolerance: 0), 0)
            XCTAssertGreaterThan(GoldenImage.differingPixels(results[0], RasterBuffer(width: 64, height: 48).makeImage(),
                                                             tolerance: 0), 200, "the layer was drawn")
        }
        let memory = stale.scratchMemory!.base
        XCTAssertTrue((0..<64 * 48).contains { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) != 0xABAB_ABAB },
                      "the bands were sampled into it")
        XCTAssertEqual(pool.windowedCapacity, stale.scratchMemory!.capacity, "and no other memory was needed")
    }

    /// The kiosk's selection: a ring with a pulsing bloom, moving. Its group
    /// and its glow are drawn in windowed scratches, and each frame matches
    /// a fresh drawing.
    func testABloomingGroupDrawsInWindowedScratchesWithTheSamePixels() {
        let host = RecordingRenderHost(width: 640, height: 400)
        let (root, ring) = SharedScenes.bloomingRing(size: CGSize(width: 640, height: 400),
                                                     frame: CGRect(x: 40, y: 30, width: 160, height: 50),
                                                     intensity: 1.2, on: host)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 120, y: 55)
        move.toValue = CGPoint(x: 150.5, y: 140.25)
        move.duration = 1
        ring.add(move, forKey: "move")
        CATransaction.flush()
        for time in [0.0, 0.3, 0.61, 1.2] {
            let frame = host.inline.render(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(frame, host.freshFrame(at: time), tolerance: 2), 0, "at \(time) s")
        }
        let pool = host.inline.loop.compositor.scratchPool
        XCTAssertEqual(pool.targetSizedCount, 0, "no target-sized scratch was needed")
        XCTAssertGreaterThan(pool.windowedCapacity, 0)
        XCTAssertLessThan(pool.windowedCapacity, 640 * 400 * 4, "the windows are smaller than the target")
        withExtendedLifetime(root) {}
    }
}

