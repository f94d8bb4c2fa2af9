import CPixman
import XCTest
@testable import QuartzCore

/// `ProjectiveSpans` interpolates projective positions between exact
/// points, and stays within its tolerance of the true ones: on random
/// perspective maps (some turned nearly edge-on, some with part of the
/// target behind the eye), and towards a horizon, where it must divide
/// each pixel again. Where it does not interpolate, its positions are
/// pixman's own.
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
        var xy = [Int32](repeating: 0, count: 2 * row.count)
        xy.withUnsafeMutableBufferPointer { row.positions(into: $0.baseAddress!) }
        return (0..<row.count).map { (x: xy[2 * $0], y: xy[2 * $0 + 1]) }
    }

    /// The same row with another tolerance.
    private func row(_ row: ProjectiveSpans, tolerance: Double) -> ProjectiveSpans {
        ProjectiveSpans(x: row.x, y: row.y, w: row.w, ux: row.ux, uy: row.uy, uw: row.uw, count: row.count,
                        tolerance: tolerance)
    }

    /// The rows pixman would walk over `region` of the target for
    /// `targetToBitmap`, fitted to fixed point as the sampler's map is;
    /// rows whose start does not fit are left out, as pixman leaves them.
    private func rows(of targetToBitmap: Homography, over region: PixelRect, tolerance: Double) -> [ProjectiveSpans] {
        guard var fixed = PixmanImage.fixedTransform(targetToBitmap, over: region) else { return [] }
        return stride(from: region.y, to: region.maxY, by: 5).compactMap { y in
            var start = pixman_vector(vector: (Int32(region.x) << 16 + 0x8000, Int32(y) << 16 + 0x8000, 0x10000))
            guard pixman_transform_point_3d(&fixed, &start) != 0 else { return nil }
            return ProjectiveSpans(x: start.vector.0, y: start.vector.1, w: start.vector.2,
                                   ux: fixed.matrix.0.0, uy: fixed.matrix.1.0, uw: fixed.matrix.2.0,
                                   count: region.width, tolerance: tolerance)
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

    /// The true quotient x/w at `column` of `row`, 16.16.
    private func trueSample(_ row: ProjectiveSpans, _ column: Int) -> (x: Double, y: Double) {
        let c = Double(column), w = Double(row.w) + Double(row.uw) * c
        return ((Double(row.x) + Double(row.ux) * c) * 65536 / w, (Double(row.y) + Double(row.uy) * c) * 65536 / w)
    }

    func testInterpolatedPositionsStayWithinTheToleranceOfTheTrueOnes() throws {
        var random = SplitMix64(seed: 24)
        let region = PixelRect(x: 0, y: 0, width: 400, height: 300)
        var interpolated = 0, divided = 0, plain = 0, worst = 0.0
        for map in 0..<80 {
            let toTarget = randomPlacement(width: 180, height: 120, using: &random)
            guard let targetToBitmap = Homography(toTarget).inverted(), targetToBitmap.isProjective else { continue }
            for tolerance in [1.0 / 16, ProjectiveBilinearSampler.tolerance] {
                // The three points are quotients rounded towards 0 (a unit
                // each, up to 1.25 units through the parabola), and the
                // positions floored (one more).
                let allowed = tolerance * 65536 + 3
                for spanned in rows(of: targetToBitmap, over: region, tolerance: tolerance) {
                    let walked = positions(of: spanned)
                    for span in spans(of: spanned) {
                        for column in span.columns {
                            if spanned.exact(at: column).plain { plain += 1 }
                            guard span.interpolated else {
                                divided += 1
                                let pixman = spanned.pixman(at: column)
                                XCTAssertTrue(walked[column] == (pixman.sampleX, pixman.sampleY),
                                              "map \(map), column \(column): pixman's own position")
                                continue
                            }
                            interpolated += 1
                            let truth = trueSample(spanned, column)
                            let error = max(abs(Double(walked[column].x) - truth.x), abs(Double(walked[column].y) - truth.y))
                            worst = max(worst, error / 65536 / tolerance)
                            XCTAssertLessThanOrEqual(error, allowed, "map \(map), column \(column)")
                        }
                    }
                }
            }
        }
        // The maps exercise both: nearly every pixel in front of the eye
        // is interpolated, and some behind it are divided.
        XCTAssertGreaterThan(interpolated * 100, plain * 95, "interpolated \(interpolated) of \(plain) in front of the eye")
        XCTAssertGreaterThan(divided, 0)
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
                                  tolerance: 1.0 / 32)
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
                                  tolerance: 0)
        XCTAssertTrue(spans(of: row).allSatisfy { $0.columns.count == 1 && !$0.interpolated })
    }

    /// Left of and above the bitmap (X or Y negative), where pixman's
    /// unsigned division wraps, the spans still follow the true positions
    /// (the blending loop divides again there as pixman does).
    func testSpansFollowTheTruePositionsLeftOfTheBitmap() {
        // x/w from about -20 to 80 pixels along the row.
        let row = ProjectiveSpans(x: -20 * 65536, y: 5 * 65536, w: 65536, ux: 52_000, uy: 0, uw: 40, count: 128,
                                  tolerance: 1.0 / 32)
        XCTAssertTrue(spans(of: row).allSatisfy(\.interpolated))
        let walked = positions(of: row)
        XCTAssertLessThan(walked[0].x, 0)
        for column in 0..<128 {
            XCTAssertLessThanOrEqual(abs(Double(walked[column].x) - trueSample(row, column).x), 65536.0 / 32 + 3,
                                     "column \(column)")
        }
    }
}
