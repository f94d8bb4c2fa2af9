import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Large composites shared out among threads (`CompositingThreads`,
/// `LAMINA_RENDER_THREADS`): how the pixels are shared, and that the
/// frame is the same, pixel for pixel, on one thread or several.
final class CompositingThreadsTests: ModelTestCase {
    override func tearDown() {
        CompositingThreads.setCount(CompositingThreads.defaultCount)
        super.tearDown()
    }

    func testSmallWorkStaysWhole() {
        let small = PixelRect(x: 0, y: 0, width: 200, height: 100)
        XCTAssertEqual(CompositingThreads.partition([small], threads: 4), [[small]])
        XCTAssertEqual(CompositingThreads.partition([PixelRect(x: 0, y: 0, width: 1000, height: 1000)], threads: 1).count, 1,
                       "one thread: never shared")
    }

    func testALargeRectIsCutIntoRowsOfAboutTheSameSize() {
        let rect = PixelRect(x: 10, y: 5, width: 1000, height: 301)
        let shares = CompositingThreads.partition([rect], threads: 4)
        XCTAssertEqual(shares.count, 4)
        let pieces = shares.flatMap { $0 }
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.area }, rect.area, "every pixel once")
        XCTAssertTrue(pieces.allSatisfy { $0.x == rect.x && $0.width == rect.width })
        XCTAssertEqual(pieces.first?.y, rect.y)
        for (above, below) in zip(pieces, pieces.dropFirst()) { XCTAssertEqual(above.maxY, below.y, "rows in order, no gap") }
        let areas = shares.map { $0.reduce(0) { $0 + $1.area } }
        XCTAssertLessThanOrEqual(areas.max()! - areas.min()!, 2 * rect.width, "\(areas)")
    }

    func testBandsAreSharedInConsecutiveRuns() {
        // A turned layer's bands: 8 rows each, of varying widths.
        let bands = (0..<60).map { PixelRect(x: 100 - $0, y: $0 * 8, width: 300 + 2 * $0, height: 8) }
        let shares = CompositingThreads.partition(bands, threads: 2)
        XCTAssertEqual(shares.count, 2)
        XCTAssertEqual(shares.flatMap { $0 }, bands, "every band once, in order")
        let areas = shares.map { $0.reduce(0) { $0 + $1.area } }
        XCTAssertLessThanOrEqual(abs(areas[0] - areas[1]), bands.map(\.area).max()!, "even within a band: \(areas)")
    }

    /// A turned gradient (sampled by `AffineBilinearSampler` in bands) and
    /// one moved by a fraction of a pixel (pixman's bilinear path), large
    /// enough to be shared out: the same frame on one thread and on four.
    func testSharedCompositesDrawTheSamePixels() throws {
        func frame(threads: Int) -> CGImage {
            CompositingThreads.setCount(threads)
            let host = InlineRenderHost(width: 640, height: 480)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
            root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
            let turned = CAGradientLayer()
            turned.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.6)]
            turned.frame = CGRect(x: 120, y: 90, width: 400, height: 300)
            turned.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            let moved = CAGradientLayer()
            moved.colors = [CGColor(red: 0, green: 1, blue: 0, alpha: 0.8), CGColor(red: 1, green: 1, blue: 0, alpha: 0.5)]
            moved.startPoint = CGPoint(x: 0, y: 0)
            moved.endPoint = CGPoint(x: 1, y: 0)
            moved.frame = CGRect(x: 20.35, y: 40.6, width: 500, height: 380)
            root.addSublayer(moved)
            root.addSublayer(turned)
            root.attach(to: host)
            CATransaction.flush()
            return host.render(at: CACurrentMediaTime())
        }
        let whole = frame(threads: 1)
        let before = CompositingThreads.handOffs.load(ordering: .relaxed)
        let shared = frame(threads: 4)
        XCTAssertGreaterThanOrEqual(CompositingThreads.handOffs.load(ordering: .relaxed) - before, 2,
                                    "both layers were shared out")
        var differing = 0
        for y in 0..<whole.height {
            for x in 0..<whole.width where whole.storage.pixel(x: x, y: y) != shared.storage.pixel(x: x, y: y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertNotEqual(whole.storage.pixel(x: 320, y: 240), whole.storage.pixel(x: 5, y: 5), "the layers were drawn")
    }
}
