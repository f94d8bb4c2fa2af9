import CPixman
import XCTest
@testable import QuartzCore

/// `ProjectiveSpans` interpolates pixman's projective positions between
/// exact ends, and stays within its tolerance of them: on random
/// perspective maps (some turned nearly edge-on, some with part of the
/// target behind the eye), and towards a horizon, where it must divide
/// each pixel again.
final class ProjectiveSpansTests: XCTestCase {
    /// One span as `walk` gives it.
    private struct Span {
        let columns: Range<Int>
        let interpolated: Bool
    }

    private func spans(of row: ProjectiveSpans) -> [Span] {
        var result: [Span] = []
        row.walk { column, count, _, interpolated in
            result.append(Span(columns: column..<(column + count), interpolated: interpolated))
        }
        return result
    }

    /// The row's positions, as (x, y) per column.
    private func positions(of row: ProjectiveSpans) -> [(x: Int32, y: Int32)] {
        var xs = [Int32](repeating: 0, count: row.count), ys = xs
        xs.withUnsafeMutableBufferPointer { x in
            ys.withUnsafeMutableBufferPointer { y in row.positions(x: x.baseAddress!, y: y.baseAddress!) }
        }
        return Array(zip(xs, ys)).map { (x: $0.0, y: $0.1) }
    }

    /// The same row with another tolerance.
    private func row(_ row: ProjectiveSpans, tolerance: Double) -> ProjectiveSpans {
        ProjectiveSpans(x: row.x, y: row.y, w: row.w, ux: row.ux, uy: row.uy, uw: row.uw, count: row.count,
                        tolerance: tolerance, region: row.region)
    }

    /// The rows pixman would walk over `region` of the target for
    /// `targetToBitmap`, fitted to fixed point as the sampler's map is;
    /// rows whose start does not fit are left out, as pixman leaves them.
    private func rows(of targetToBitmap: Homography, over region: PixelRect, bitmap: (width: Int, height: Int),
                      tolerance: Double) -> [ProjectiveSpans] {
        guard var fixed = PixmanImage.fixedTransform(targetToBitmap, over: region) else { return [] }
        let interior = ProjectiveBilinearSampler.interior(width: bitmap.width, height: bitmap.height)
        return stride(from: region.y, to: region.maxY, by: 5).compactMap { y in
            var start = pixman_vector(vector: (Int32(region.x) << 16 + 0x8000, Int32(y) << 16 + 0x8000, 0x10000))
            guard pixman_transform_point_3d(&fixed, &start) != 0 else { return nil }
            return ProjectiveSpans(x: start.vector.0, y: start.vector.1, w: start.vector.2,
                                   ux: fixed.matrix.0.0, uy: fixed.matrix.1.0, uw: fixed.matrix.2.0,
                                   count: region.width, tolerance: tolerance, region: interior)
        }
    }

    /// A `width` x `height` bitmap turned about a random axis in its plane
    /// under a random perspective, moved about the target: to the target.
    private func randomPlacement(width: CGFloat, height: CGFloat, using random: inout SplitMix64) -> CATransform3D {
        var perspective = CATransform3DIdentity
        // From a distant eye to one nearer than the bitmap is wide, which
        // puts part of it behind the eye (w <= 0 over part of the target).
        perspective.m34 = -1 / CGFloat.random(in: 120...2000, using: &random)
        let angle = CGFloat.random(in: -1.55...1.55, using: &random)
        let axis = CGFloat.random(in: 0...(2 * .pi), using: &random)
        var t = CATransform3DMakeTranslation(-width / 2, -height / 2, 0)
        t = CATransform3DConcat(t, CATransform3DMakeScale(CGFloat.random(in: 0.3...3, using: &random),
                                                          CGFloat.random(in: 0.3...3, using: &random), 1))
        t = CATransform3DConcat(t, CATransform3DMakeRotation(angle, cos(axis), sin(axis), 0))
        t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat.random(in: -3...3, using: &random), 0, 0, 1))
        t = CATransform3DConcat(t, perspective)
        return CATransform3DConcat(t, CATransform3DMakeTranslation(CGFloat.random(in: 50...350, using: &random),
                                                                   CGFloat.random(in: 50...250, using: &random), 0))
    }

    func testInterpolatedPositionsStayWithinTheToleranceOfPixmans() throws {
        var random = SplitMix64(seed: 24)
        let bitmap = (width: 180, height: 120)
        let region = PixelRect(x: 0, y: 0, width: 400, height: 300)
        var interpolated = 0, exact = 0, inside = 0, worst = 0.0
        for map in 0..<80 {
            let toTarget = randomPlacement(width: CGFloat(bitmap.width), height: CGFloat(bitmap.height), using: &random)
            guard let targetToBitmap = Homography(toTarget).inverted(), targetToBitmap.isProjective else { continue }
            for tolerance in [1.0 / 16, ProjectiveBilinearSampler.tolerance] {
                // pixman's division floors the three exact points (a unit
                // each, up to 1.25 units through the parabola) and the
                // position compared with (one more).
                let allowed = tolerance * 65536 + 3
                for spanned in rows(of: targetToBitmap, over: region, bitmap: bitmap, tolerance: tolerance) {
                    let pixman = positions(of: row(spanned, tolerance: 0)), walked = positions(of: spanned)
                    for span in spans(of: spanned) {
                        for column in span.columns {
                            let (x, y) = (Int(pixman[column].x), Int(pixman[column].y))
                            if spanned.region.x.contains(x), spanned.region.y.contains(y) { inside += 1 }
                            let dx = abs(Double(walked[column].x) - Double(pixman[column].x))
                            let dy = abs(Double(walked[column].y) - Double(pixman[column].y))
                            if span.interpolated {
                                interpolated += 1
                                worst = max(worst, max(dx, dy) / 65536 / tolerance)
                                XCTAssertLessThanOrEqual(max(dx, dy), allowed, "map \(map), column \(column)")
                            } else {
                                exact += 1
                                XCTAssertEqual(max(dx, dy), 0, "map \(map), column \(column): divided exactly")
                            }
                        }
                    }
                }
            }
        }
        // The maps exercise both: most pixels inside the bitmap are
        // interpolated, and some are divided (outside it, and near the eye).
        XCTAssertGreaterThan(interpolated * 10, inside * 8, "interpolated \(interpolated) of \(inside) inside")
        XCTAssertGreaterThan(exact, 0)
        // The bound is not loose beyond use: the error reaches a fair part of it.
        XCTAssertGreaterThan(worst, 0.1, "largest error, as a part of the tolerance")
    }

    /// A floor receding to a horizon: w falls along the row and reaches 0
    /// at column 600. Spans shorten as it falls, each within the bound;
    /// near the horizon each pixel is divided, and past it nothing is
    /// interpolated.
    func testSpansShortenTowardsTheHorizonAndDivideEachPixelThere() {
        let horizon = 600
        let w: Int32 = 8_000_000, uw = -w / Int32(horizon)
        // x/w and y/w grow as w falls; X, Y >= 0 along the row.
        let row = ProjectiveSpans(x: 20_000_000, y: 3_000_000, w: w, ux: 10_000, uy: 2_000, uw: uw, count: 800,
                                  tolerance: 1.0 / 32, region: ProjectiveSpans.Region(x: 0..<Int(Int32.max), y: 0..<Int(Int32.max)))
        let walked = spans(of: row)
        let lengths = walked.filter(\.interpolated).map(\.columns.count)
        XCTAssertEqual(lengths.first, ProjectiveSpans.longestSpan, "far from the horizon, spans are the longest")
        XCTAssertEqual(lengths, lengths.sorted(by: >), "spans shorten as w falls")
        // The last columns before the horizon are divided one by one, and
        // every column from it on too.
        let lastInterpolated = walked.last(where: \.interpolated)?.columns.upperBound ?? 0
        XCTAssertLessThan(lastInterpolated, horizon - 20, "near the horizon each pixel is divided")
        for span in walked where span.columns.upperBound > lastInterpolated {
            XCTAssertEqual(span.columns.count, 1)
            XCTAssertFalse(span.interpolated)
        }
        // Each interpolated span within the bound, against the real X/W.
        let positions = positions(of: row)
        for span in walked where span.interpolated {
            for column in span.columns {
                let exactX = (Double(row.x) + Double(row.ux) * Double(column)) / (Double(row.w) + Double(uw) * Double(column))
                XCTAssertLessThanOrEqual(abs(Double(positions[column].x) / 65536 - exactX), 1.0 / 32 + 3.0 / 65536,
                                         "column \(column)")
            }
        }
    }

    func testAZeroToleranceDividesEveryPixel() {
        let row = ProjectiveSpans(x: 20_000_000, y: 3_000_000, w: 8_000_000, ux: 10_000, uy: 2_000, uw: -100, count: 300,
                                  tolerance: 0, region: ProjectiveBilinearSampler.interior(width: 400, height: 300))
        XCTAssertTrue(spans(of: row).allSatisfy { $0.columns.count == 1 && !$0.interpolated })
    }

    /// Where a row leaves the bitmap, the span that reaches its edge is
    /// halved until its parts' ends are inside: the pixels at the edge
    /// are divided exactly, the rest of the span still interpolated.
    func testASpanAcrossTheBitmapsEdgeIsHalved() {
        // About 1.09 bitmap pixels a column and hardly any perspective: the
        // row leaves a 100-pixel bitmap's interior (x < 99.5) at column 90,
        // in the middle of the second chunk of 64.
        let row = ProjectiveSpans(x: 65536, y: 65536 * 10, w: 65536, ux: 71_700, uy: 0, uw: 1, count: 128,
                                  tolerance: 1.0 / 32, region: ProjectiveBilinearSampler.interior(width: 100, height: 100))
        let walked = spans(of: row)
        XCTAssertEqual(walked.first?.columns, 0..<64)
        XCTAssertEqual(walked.first?.interpolated, true)
        let exact = walked.filter { !$0.interpolated }.flatMap { Array($0.columns) }
        XCTAssertEqual(exact.first, 90, "from the first column past the interior")
        XCTAssertEqual(exact, Array(exact.first!..<128), "then every pixel past the edge")
        XCTAssertEqual(walked.filter { $0.interpolated && $0.columns.lowerBound >= 64 }.map(\.columns),
                       [64..<80, 80..<88, 88..<90], "the halves before it interpolated")
    }
}
