import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Records each tile request: where the clip was, at what scale, on which thread.
///
/// `@unchecked Sendable`: `calls` is only touched under `lock`. An `NSLock`,
/// not `Synchronization.Mutex`: tiles are drawn on several threads at once,
/// and the thread sanitizer cannot see a contended `Mutex` (a futex) order
/// them (it reported this recorder in CI).
final class TileDrawRecorder: CALayerDelegate, @unchecked Sendable {
    struct Call: Sendable, Equatable {
        var clip: CGRect
        var scale: CGFloat
        var onMainThread: Bool
    }

    private let lock = NSLock()
    private var calls: [Call] = []
    var all: [Call] { lock.withLock { calls } }
    func reset() { lock.withLock { calls.removeAll() } }

    /// Blue everywhere, a yellow block at the top left, a red disc at (80, 60).
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let call = Call(clip: ctx.boundingBoxOfClipPath, scale: ctx.ctm.a, onMainThread: Thread.isMainThread)
        lock.withLock { calls.append(call) }
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 400, height: 400))
        ctx.setFillColor(CGColor(red: 1, green: 0.9, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 10, y: 10, width: 30, height: 20))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 40, y: 20, width: 80, height: 80))
    }
}

/// `CATiledLayer`: tiles drawn on demand, off the main thread, clipped to
/// each tile, only where visible, at the level of detail the layer is shown
/// at, faded in over `fadeDuration()`.
final class TiledLayerTests: GoldenSceneTestCase {
    let recorder = TileDrawRecorder()

    func makeTiled(_ frame: CGRect, tileSize: CGSize = CGSize(width: 64, height: 64)) -> CATiledLayer {
        let tiled = CATiledLayer()
        tiled.frame = frame
        tiled.tileSize = tileSize
        tiled.delegate = recorder
        return tiled
    }

    /// Waits for the drawing threads, then takes their tiles in and commits.
    func waitForTiles(_ layer: CATiledLayer, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 10)
        while layer.tileCache.pendingCount > 0, Date() < deadline { usleep(1000) }
        XCTAssertEqual(layer.tileCache.pendingCount, 0, "tiles still drawing", file: file, line: line)
        layer.adoptFinishedTiles()
        CATransaction.flush()
    }

    func sortedClips() -> [CGRect] {
        recorder.all.map(\.clip).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }

    func testDefaults() {
        let tiled = CATiledLayer()
        XCTAssertEqual(tiled.levelsOfDetail, 1)
        XCTAssertEqual(tiled.levelsOfDetailBias, 0)
        XCTAssertEqual(tiled.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(tiled.value(forKey: "tileSize") as? CGSize, CGSize(width: 256, height: 256))
    }

    func testVisibleTilesAreDrawnOnABackgroundThreadClippedToEachTile() {
        makeScene()
        // 300x300 in a 160x120 window: columns 0-2, rows 0-1 of 64-point tiles.
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 300, height: 300))
        root.addSublayer(tiled)
        CATransaction.commit()
        waitForTiles(tiled)
        let expected = (0..<2).flatMap { row in
            (0..<3).map { CGRect(x: CGFloat($0) * 64, y: CGFloat(row) * 64, width: 64, height: 64) }
        }
        XCTAssertEqual(sortedClips(), expected)
        XCTAssertTrue(recorder.all.allSatisfy { !$0.onMainThread }, "tiles are drawn off the main thread")
        XCTAssertTrue(recorder.all.allSatisfy { $0.scale == 1 })
        // Nothing new to draw: the next commit asks for nothing.
        recorder.reset()
        tiled.opacity = 0.9
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(recorder.all, [])
    }

    func testOnlyTilesInsideMaskingAncestorsAndTheWindowAreDrawn() {
        makeScene()
        let clip = layer(CGRect(x: 20, y: 20, width: 50, height: 40), nil)
        clip.masksToBounds = true
        // The tiled layer's (100, 100) is at the clip's origin.
        let tiled = makeTiled(CGRect(x: -100, y: -100, width: 600, height: 600))
        clip.addSublayer(tiled)
        root.addSublayer(clip)
        CATransaction.commit()
        waitForTiles(tiled)
        // Layer rect (100, 100, 50, 40) meets tiles (1...2, 1...2).
        XCTAssertEqual(sortedClips(), [
            CGRect(x: 64, y: 64, width: 64, height: 64), CGRect(x: 128, y: 64, width: 64, height: 64),
            CGRect(x: 64, y: 128, width: 64, height: 64), CGRect(x: 128, y: 128, width: 64, height: 64),
        ])
        // Scrolled into view: only the newly visible tiles are drawn.
        recorder.reset()
        tiled.position.x -= 64
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(sortedClips(), [
            CGRect(x: 192, y: 64, width: 64, height: 64), CGRect(x: 192, y: 128, width: 64, height: 64),
        ])
    }

    func testEachLevelOfDetail() {
        // Shown at a quarter size with three levels: the 1/4 level, whose
        // 64-pixel tiles cover 256 points.
        makeScene()
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 400, height: 400))
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.levelsOfDetail = 3
        tiled.transform = CATransform3DMakeScale(0.25, 0.25, 1)
        root.addSublayer(tiled)
        CATransaction.commit()
        waitForTiles(tiled)
        XCTAssertEqual(sortedClips(), [
            CGRect(x: 0, y: 0, width: 256, height: 256), CGRect(x: 256, y: 0, width: 144, height: 256),
            CGRect(x: 0, y: 256, width: 256, height: 144), CGRect(x: 256, y: 256, width: 144, height: 144),
        ])
        XCTAssertTrue(recorder.all.allSatisfy { $0.scale == 0.25 })

        // At 0.4: the half level (still at least as sharp as the screen).
        recorder.reset()
        tiled.transform = CATransform3DMakeScale(0.4, 0.4, 1)
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(Set(recorder.all.map(\.scale)), [0.5])

        // Magnified 2x with one magnified level: 2x tiles, 32 points each.
        recorder.reset()
        tiled.levelsOfDetailBias = 1
        tiled.transform = CATransform3DMakeScale(2, 2, 1)
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(Set(recorder.all.map(\.scale)), [2])
        XCTAssertEqual(recorder.all.first?.clip.size, CGSize(width: 32, height: 32))
        XCTAssertEqual(recorder.all.count, 3 * 2, "the 80x60 points the window shows, in 32-point tiles")

        // Magnified 4x, beyond the sharpest level: the 2x level still, whose
        // tiles for the smaller visible area are all drawn already.
        recorder.reset()
        tiled.transform = CATransform3DMakeScale(4, 4, 1)
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(tiled.tileCache.level, 1)
        XCTAssertEqual(recorder.all, [])
    }

    func testTileGridLevels() throws {
        let grid = try XCTUnwrap(TileGrid(bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000), contentsScale: 1,
                                          tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 3, levelsOfDetailBias: 2))
        XCTAssertEqual(grid.levels, -2...2)
        XCTAssertEqual(grid.level(forPixelsPerPoint: 0.1), -2)
        XCTAssertEqual(grid.level(forPixelsPerPoint: 0.3), -1)
        XCTAssertEqual(grid.level(forPixelsPerPoint: 1), 0)
        XCTAssertEqual(grid.level(forPixelsPerPoint: 3), 2)
        XCTAssertEqual(grid.level(forPixelsPerPoint: 100), 2)
        // Too many levels for a small layer: the lowest keeps one pixel.
        let small = try XCTUnwrap(TileGrid(bounds: CGRect(x: 0, y: 0, width: 8, height: 20), contentsScale: 1,
                                           tileSize: CGSize(width: 4, height: 4), levelsOfDetail: 10, levelsOfDetailBias: 0))
        XCTAssertEqual(small.levels, -3...0)
        XCTAssertNil(TileGrid(bounds: .zero, contentsScale: 1, tileSize: CGSize(width: 4, height: 4),
                              levelsOfDetail: 1, levelsOfDetailBias: 0))
    }

    func testGoldenAfterTheFade() {
        makeScene()
        let tiled = makeTiled(CGRect(x: 10, y: 5, width: 140, height: 110), tileSize: CGSize(width: 50, height: 50))
        tiled.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        root.addSublayer(tiled)
        CATransaction.commit()
        waitForTiles(tiled)
        let arrival = CACurrentMediaTime()
        // Just arrived: the tiles are still transparent over the background.
        var pixel = host.render(at: arrival).storage.pixel(x: 75, y: 55)
        XCTAssertEqual(Int(pixel & 0xFF), 0x4C, accuracy: 1)
        XCTAssertEqual(Int((pixel >> 16) & 0xFF), 0x4C, accuracy: 1)
        // Halfway through the fade: half red over the grey.
        pixel = host.render(at: arrival + CATiledLayer.fadeDuration() / 2).storage.pixel(x: 75, y: 55)
        XCTAssertEqual(Int((pixel >> 16) & 0xFF), (0xFF + 0x4C) / 2, accuracy: 3)
        let image = host.render(at: arrival + CATiledLayer.fadeDuration())
        XCTAssertEqual(image.storage.pixel(x: 75, y: 55) & 0xFF_FFFF, 0xFF0000)
        GoldenImage.assertMatches(image, named: "tiled-layer-after-fade")
        // The render server keeps drawing frames until the fade is over, and one more.
        let tree = host.loop.tree
        XCTAssertEqual(tree.nextAnimationTime(after: arrival + 0.1, lastFrame: arrival), arrival + 0.1)
        XCTAssertEqual(tree.nextAnimationTime(after: arrival + 0.3, lastFrame: arrival + 0.2), arrival + 0.3)
        XCTAssertNil(tree.nextAnimationTime(after: arrival + 0.4, lastFrame: arrival + 0.3))
    }

    func testFinishedTilesArriveThroughTheMainQueue() {
        makeScene()
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 160, height: 120))
        root.addSublayer(tiled)
        CATransaction.commit()
        let deadline = Date(timeIntervalSinceNow: 10)
        while tiled.tiledState?.tiles.count != 6, Date() < deadline { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01)) }
        XCTAssertEqual(tiled.tiledState?.tiles.count, 6)
        CATransaction.flush()
        let pixel = host.render(at: CACurrentMediaTime() + 1).storage.pixel(x: 80, y: 60)
        XCTAssertEqual(pixel & 0xFF_FFFF, 0xFF0000)
    }

    func testSetNeedsDisplayInRectRedrawsOnlyTheTilesItMeets() {
        makeScene()
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 128, height: 128))
        root.addSublayer(tiled)
        CATransaction.commit()
        waitForTiles(tiled)
        XCTAssertEqual(recorder.all.count, 4)
        recorder.reset()
        tiled.setNeedsDisplay(CGRect(x: 70, y: 10, width: 10, height: 10))
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(sortedClips(), [CGRect(x: 64, y: 0, width: 64, height: 64)])
    }

    func testNotDrawnWhenNotOnScreen() {
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 128, height: 128))
        tiled.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(tiled.tileCache.pendingCount, 0)
        XCTAssertEqual(recorder.all, [])
    }

    func testNotDrawnUnderAHiddenAncestor() {
        makeScene()
        let parent = layer(root.bounds, nil)
        parent.isHidden = true
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 128, height: 128))
        parent.addSublayer(tiled)
        root.addSublayer(parent)
        CATransaction.commit()
        waitForTiles(tiled)
        XCTAssertEqual(recorder.all, [])
        parent.isHidden = false
        CATransaction.flush()
        waitForTiles(tiled)
        XCTAssertEqual(recorder.all.count, 4)
    }

    func testBadTileSizeIsReportedAndTheDefaultUsed() {
        makeScene()
        let tiled = makeTiled(CGRect(x: 0, y: 0, width: 300, height: 300), tileSize: .zero)
        root.addSublayer(tiled)
        CATransaction.commit()
        waitForTiles(tiled)
        XCTAssertTrue(diagnostics.contains("tile size"))
        XCTAssertEqual(sortedClips(), [CGRect(x: 0, y: 0, width: 256, height: 256)])
        tiled.tileSize = CGSize(width: CGFloat.nan, height: 4)
        tiled.levelsOfDetail = -3
        tiled.levelsOfDetailBias = Int.max
        CATransaction.flush()
        waitForTiles(tiled)
    }
}
