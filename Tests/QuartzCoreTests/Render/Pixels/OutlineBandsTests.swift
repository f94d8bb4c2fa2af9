import XCTest
@testable import QuartzCore

/// `OutlineBands`: the rows a transformed layer is composited in.
final class OutlineBandsTests: XCTestCase {
    private func covers(_ rects: [PixelRect], x: Int, y: Int) -> Bool {
        rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
    }

    /// Every pixel within the margin of a turned rectangle is in a band, no
    /// band leaves the clip, and the bands cover far less than the box.
    func testBandsCoverTheGrownOutlineAndLittleElse() {
        let center = CGPoint(x: 300, y: 250), angle = 0.52
        let outline = [(-200.0, -150.0), (200, -150), (200, 150), (-200, 150)].map { (x, y) in
            CGPoint(x: center.x + x * cos(angle) - y * sin(angle), y: center.y + x * sin(angle) + y * cos(angle))
        }
        let clip = PixelRect(x: 0, y: 0, width: 640, height: 480)
        let margin: CGFloat = 2
        let rects = OutlineBands.rects(covering: outline, margin: margin, within: clip)
        XCTAssertTrue(rects.allSatisfy { $0.intersection(clip) == $0 })
        // Distance from a point to the convex outline (0 inside).
        func distance(_ p: CGPoint) -> CGFloat {
            var inside = true, nearest = CGFloat.infinity
            for index in outline.indices {
                let a = outline[index], b = outline[(index + 1) % outline.count]
                let edge = CGPoint(x: b.x - a.x, y: b.y - a.y), toP = CGPoint(x: p.x - a.x, y: p.y - a.y)
                if edge.x * toP.y - edge.y * toP.x < 0 { inside = false }
                let t = max(0, min(1, (toP.x * edge.x + toP.y * edge.y) / (edge.x * edge.x + edge.y * edge.y)))
                let dx = toP.x - t * edge.x, dy = toP.y - t * edge.y
                nearest = min(nearest, (dx * dx + dy * dy).squareRoot())
            }
            return inside ? 0 : nearest
        }
        var missed = 0
        for y in clip.y..<clip.maxY {
            for x in clip.x..<clip.maxX where distance(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) <= margin {
                if !covers(rects, x: x, y: y) { missed += 1 }
            }
        }
        XCTAssertEqual(missed, 0)
        let banded = rects.reduce(0) { $0 + $1.area }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let box = (xs.max()! - xs.min()!) * (ys.max()! - ys.min()!)
        XCTAssertLessThan(Double(banded), 0.7 * Double(box), "bands \(banded) px, box \(box) px")
    }

    /// Outside the clip, or a degenerate outline: nothing, or the clip.
    /// Joined bands cover every pixel of the bands, no two overlap, each
    /// holds at most its area and a tenth more than its bands: a cover
    /// turned about its vertical axis (upright sides) joins into a few
    /// rectangles, a layer turned in its plane keeps most of its bands.
    func testJoinedBandsCoverTheSamePixelsWithLittleMore() {
        let clip = PixelRect(x: 0, y: 0, width: 900, height: 700)
        let cover = [CGPoint(x: 300.4, y: 80.2), CGPoint(x: 420.7, y: 130.6), CGPoint(x: 420.7, y: 560.3), CGPoint(x: 300.4, y: 610.9)]
        let turned = [CGPoint(x: 450, y: 40), CGPoint(x: 800, y: 250), CGPoint(x: 600, y: 650), CGPoint(x: 250, y: 440)]
        for (name, outline) in [("cover", cover), ("turned", turned)] {
            let bands = OutlineBands.rects(covering: outline, margin: 1, within: clip)
            let joined = OutlineBands.joined(bands)
            for band in bands {
                for y in band.y..<band.maxY {
                    for x in [band.x, band.maxX - 1, (band.x + band.maxX) / 2] {
                        XCTAssertTrue(covers(joined, x: x, y: y), "\(name): (\(x), \(y)) left out")
                    }
                }
            }
            for (above, below) in zip(joined, joined.dropFirst()) { XCTAssertLessThanOrEqual(above.maxY, below.y, "\(name): overlap") }
            XCTAssertTrue(joined.allSatisfy { $0.area <= 32 * 1024 || bands.contains($0) }, name)
            let bandPixels = bands.reduce(0) { $0 + $1.area }, joinedPixels = joined.reduce(0) { $0 + $1.area }
            XCTAssertLessThanOrEqual(joinedPixels * 10, bandPixels * 11, name)
            if name == "cover" { XCTAssertLessThanOrEqual(joined.count * 4, bands.count, "the cover's bands join") }
        }
    }

    func testDegenerateInput() {
        let clip = PixelRect(x: 10, y: 10, width: 50, height: 50)
        XCTAssertEqual(OutlineBands.rects(covering: [CGPoint(x: 200, y: 200), CGPoint(x: 300, y: 200), CGPoint(x: 250, y: 300)],
                                          margin: 1, within: clip), [])
        XCTAssertEqual(OutlineBands.rects(covering: [], margin: 1, within: clip), [clip])
        XCTAssertEqual(OutlineBands.rects(covering: [CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 0)],
                                          margin: 1, within: clip), [clip])
    }
}

/// `OpacityMasks` hands out, for any opacity, a mask pixman reads as the
/// same 8-bit level as a mask made for that opacity alone.
final class OpacityMasksTests: XCTestCase {
    func testACachedMaskFadesExactlyAsAFreshOne() throws {
        let masks = OpacityMasks()
        XCTAssertNil(masks.mask(for: 1))
        XCTAssertNil(masks.mask(for: 1.5))
        let source = try XCTUnwrap(PixmanImage(red: 0.9, green: 0.5, blue: 0.2, alpha: 1))
        for opacity in stride(from: 0.0, to: 1.0, by: 0.0013) + [0.5, 1.0 / 255, 254.5 / 255, -0.2, .nan] {
            let cachedTarget = RasterBuffer(width: 1, height: 1), freshTarget = RasterBuffer(width: 1, height: 1)
            let cached = try XCTUnwrap(PixmanImage(buffer: cachedTarget)), fresh = try XCTUnwrap(PixmanImage(buffer: freshTarget))
            let rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
            cached.composite(source, mask: masks.mask(for: opacity), rect: rect)
            fresh.composite(source, mask: PixmanImage(red: 0, green: 0, blue: 0, alpha: opacity), rect: rect)
            XCTAssertEqual(cachedTarget.pixel(x: 0, y: 0), freshTarget.pixel(x: 0, y: 0), "opacity \(opacity)")
        }
        XCTAssertTrue(masks.mask(for: 0.3) === masks.mask(for: 0.3001), "one mask per level")
    }
}
