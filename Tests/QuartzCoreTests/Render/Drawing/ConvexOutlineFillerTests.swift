import CPixman
import XCTest
@testable import QuartzCore

/// `ConvexOutline` and `ConvexOutlineFiller`: a rounded rectangle's outline
/// filled where it is, each pixel blended with the share of it the outline
/// covers, checked against a reference worked out from 64 lines a pixel row.
final class ConvexOutlineFillerTests: XCTestCase {
    private static let grey: UInt32 = 0xFF40_4040
    /// Premultiplied (0.2, 0.5, 0.8) at alpha 0.6.
    private static let color = SolidColourPixel.pixel(for: SIMD4(0.2, 0.5, 0.8, 0.6))

    private func outline(_ rect: CGRect, radius: CGFloat, corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner],
                         curve: RoundedRectPath.Curve = .circular) -> (ConvexOutline, [CGPoint]) {
        let path = RoundedRectPath.path(rect, radius: radius, corners: corners, curve: curve)
        let polygon = path.flattened(tolerance: 0.02)
        XCTAssertEqual(polygon.count, 1)
        return (ConvexOutline(polygon[0])!, polygon[0])
    }

    private func greyBuffer(width: Int, height: Int) -> RasterBuffer {
        let buffer = RasterBuffer(width: width, height: height)
        for y in 0..<height {
            (buffer.base + y * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self).update(repeating: Self.grey, count: width)
        }
        return buffer
    }

    private func pixel(_ buffer: RasterBuffer, _ x: Int, _ y: Int) -> UInt32 {
        (buffer.base + y * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)[x]
    }

    private func fill(_ outline: ConvexOutline, offset: CGPoint, clip: PixelRect? = nil, wide: Bool,
                      width: Int = 160, height: Int = 120) -> RasterBuffer {
        let buffer = greyBuffer(width: width, height: height)
        let image = PixmanImage(buffer: buffer)!
        ConvexOutlineFiller.fill(outline, offsetX: offset.x, offsetY: offset.y, color: Self.color, into: image, buffer: buffer,
                                 clip: clip ?? PixelRect(x: 0, y: 0, width: width, height: height), wide: wide)
        return buffer
    }

    /// The blue channel expected where `path` (moved by `offset`) covers
    /// `share` of the pixel: the colour's blue times the share over grey.
    private func expectedBlue(share: Double) -> Double {
        let alpha = Double(Self.color >> 24) / 255, blue = Double(Self.color & 0xFF)
        return blue * share + 64 * (1 - alpha * share)
    }

    /// The share of each pixel of `row` the polygon (moved by `offset`)
    /// covers, from 64 lines across the row, each crossing every edge: a
    /// different way of working it out from the filler's.
    private func shares(of polygon: [CGPoint], offset: CGPoint, row: Int, width: Int) -> [Double] {
        var shares = [Double](repeating: 0, count: width)
        for line in 0..<64 {
            let y = Double(row) + (Double(line) + 0.5) / 64 - offset.y
            var crossings: [Double] = []
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                guard (a.y <= y && b.y > y) || (b.y <= y && a.y > y) else { continue }
                crossings.append(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) + offset.x)
            }
            guard let left = crossings.min(), let right = crossings.max() else { continue }
            for x in 0..<width {
                shares[x] += max(0, min(Double(x + 1), right) - max(Double(x), left)) / 64
            }
        }
        return shares
    }

    func testOnlyAConvexClosedFiniteOutlineIsTaken() {
        XCTAssertNil(ConvexOutline([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]), "two points")
        XCTAssertNil(ConvexOutline([CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 5)]), "no height")
        XCTAssertNil(ConvexOutline([CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 5, y: 9)]), "not finite")
        XCTAssertNil(ConvexOutline([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 3, y: 3), CGPoint(x: 0, y: 10)]),
                     "a dent")
        // A pentagram drawn in one stroke turns the same way at every point.
        let star = (0..<5).map { index -> CGPoint in
            let angle = Double(index * 2) * 2 * .pi / 5
            return CGPoint(x: 50 + 40 * sin(angle), y: 50 - 40 * cos(angle))
        }
        XCTAssertNil(ConvexOutline(star), "a star winds twice")
        let square = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]
        for polygon in [square, square.reversed()] {
            let outline = ConvexOutline(polygon)
            XCTAssertEqual(outline?.left.x.min(), 0, "the left chain is the left side, either way round")
            XCTAssertEqual(outline?.right.x.max(), 10)
            XCTAssertEqual(outline?.top, 0)
            XCTAssertEqual(outline?.bottom, 10)
        }
    }

    /// Circular and continuous corners, all four or two, at fractions of a
    /// pixel: every pixel the covered share of the colour over grey.
    func testEachPixelIsBlendedWithTheShareTheOutlineCovers() {
        let cases: [(CGRect, CGFloat, CACornerMask, RoundedRectPath.Curve, CGPoint)] = [
            (CGRect(x: 0, y: 0, width: 100, height: 100), 50, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner], .circular, CGPoint(x: 20.37, y: 9.81)),
            (CGRect(x: 0, y: 0, width: 120, height: 70), 18, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner], .continuous, CGPoint(x: 13.5, y: 20.25)),
            (CGRect(x: 0, y: 0, width: 90, height: 80), 30, [.layerMinXMinYCorner, .layerMaxXMaxYCorner], .circular, CGPoint(x: 30.9, y: 15.1)),
            // Whole-pixel x (vertical edges on pixel boundaries), a fraction in y.
            (CGRect(x: 0, y: 0, width: 100, height: 60), 12, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner], .circular, CGPoint(x: 21, y: 30.3)),
        ]
        for (rect, radius, corners, curve, offset) in cases {
            let (outline, polygon) = outline(rect, radius: radius, corners: corners, curve: curve)
            let buffer = fill(outline, offset: offset, wide: false)
            var worstInside = 0.0, worstEdge = 0.0, edges = 0
            for y in 0..<120 {
                let row = shares(of: polygon, offset: offset, row: y, width: 160)
                for x in 0..<160 {
                    let covered = row[x]
                    let error = abs(Double(pixel(buffer, x, y) & 0xFF) - expectedBlue(share: covered))
                    if covered < 1e-9 || covered > 1 - 1e-9 {
                        worstInside = max(worstInside, error)
                    } else {
                        worstEdge = max(worstEdge, error)
                        edges += 1
                    }
                }
            }
            XCTAssertGreaterThan(edges, 200, "\(curve) r\(radius): the edge was crossed")
            XCTAssertLessThanOrEqual(worstInside, 1, "\(curve) r\(radius): inside the colour, outside the grey")
            // The reference's 64 lines are a level or so off where the edge
            // runs nearly level; 16 lines (cairo samples 15) were up to 4 off.
            XCTAssertLessThanOrEqual(worstEdge, 2, "\(curve) r\(radius): edge pixels, the covered share")
        }
    }

    /// Shapes narrower than two pixels, and a disc smaller than one: rows
    /// with no pixel wholly inside, where both sides share one run.
    func testThinShapesAreCoveredAsFarAsTheyReach() {
        let cases: [(CGRect, CGFloat, CGPoint)] = [
            (CGRect(x: 0, y: 0, width: 1.5, height: 40), 0.75, CGPoint(x: 30.3, y: 10.6)),
            (CGRect(x: 0, y: 0, width: 60, height: 1.2), 0.6, CGPoint(x: 10.45, y: 20.5)),
            (CGRect(x: 0, y: 0, width: 1.4, height: 1.4), 0.7, CGPoint(x: 50.8, y: 50.1)),
        ]
        for (rect, radius, offset) in cases {
            let (outline, polygon) = outline(rect, radius: radius)
            for wide in Set([false, ProcessorFeatures.hasAVX2]) {
                let buffer = fill(outline, offset: offset, wide: wide)
                var worst = 0.0, touched = 0
                for y in 0..<120 {
                    let row = shares(of: polygon, offset: offset, row: y, width: 160)
                    for x in 0..<160 {
                        worst = max(worst, abs(Double(pixel(buffer, x, y) & 0xFF) - expectedBlue(share: row[x])))
                        if pixel(buffer, x, y) != Self.grey { touched += 1 }
                    }
                }
                XCTAssertGreaterThan(touched, 0, "\(rect.size): drawn")
                XCTAssertLessThanOrEqual(worst, 2, "\(rect.size) wide \(wide): every pixel its covered share")
            }
        }
    }

    /// The destination's clip region is set for the one composite and
    /// cleared after it: a later composite reaches all of its rectangle.
    func testTheBoxesClipOnlyTheirOwnComposite() {
        let buffer = greyBuffer(width: 40, height: 30)
        let image = PixmanImage(buffer: buffer)!
        let red = PixmanImage(solidPixel: 0xFFFF_0000)!, blue = PixmanImage(solidPixel: 0xFF00_00FF)!
        image.composite(red, operation: PIXMAN_OP_SRC, within: [pixman_box32_t(x1: 2, y1: 3, x2: 5, y2: 9)],
                        rect: PixelRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(pixel(buffer, 3, 4), 0xFFFF_0000, "inside the box")
        XCTAssertEqual(pixel(buffer, 6, 4), Self.grey, "outside it")
        image.composite(blue, mask: nil, operation: PIXMAN_OP_SRC, rect: PixelRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(pixel(buffer, 39, 29), 0xFF00_00FF, "the next composite is not clipped")
        XCTAssertEqual(pixel(buffer, 3, 4), 0xFF00_00FF)
    }

    /// The AVX2 run and pixman's region give the same pixels.
    func testTheWideLoopGivesPixmansPixels() throws {
        try XCTSkipUnless(ProcessorFeatures.hasAVX2, "no AVX2 here")
        let (outline, _) = outline(CGRect(x: 0, y: 0, width: 130, height: 100), radius: 40)
        for offset in [CGPoint(x: 10.3, y: 7.7), CGPoint(x: 12, y: 4), CGPoint(x: -30.6, y: 40.2)] {
            let narrow = fill(outline, offset: offset, wide: false), wide = fill(outline, offset: offset, wide: true)
            XCTAssertEqual(Data(bytes: narrow.base, count: narrow.bytesPerRow * 120),
                           Data(bytes: wide.base, count: wide.bytesPerRow * 120), "offset \(offset)")
        }
    }

    /// Pixels outside the clip keep theirs; inside, what the whole fill gives.
    func testOnlyTheClipIsTouched() {
        let (outline, _) = outline(CGRect(x: 0, y: 0, width: 100, height: 100), radius: 50)
        let clip = PixelRect(x: 37, y: 21, width: 45, height: 53)
        for wide in Set([false, ProcessorFeatures.hasAVX2]) {
            let whole = fill(outline, offset: CGPoint(x: 20.4, y: 10.6), wide: wide)
            let clipped = fill(outline, offset: CGPoint(x: 20.4, y: 10.6), clip: clip, wide: wide)
            for y in 0..<120 {
                for x in 0..<160 {
                    let inClip = x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY
                    XCTAssertEqual(pixel(clipped, x, y), inClip ? pixel(whole, x, y) : Self.grey, "(\(x), \(y)) wide \(wide)")
                }
            }
        }
    }

    /// An outline reaching billions of pixels past the target, or moved
    /// there, draws what shows of it and nothing more, without trapping.
    func testFarOutlinesDrawWhatShows() {
        let huge = [CGPoint(x: -4e12, y: -3e12), CGPoint(x: 5e12, y: -3e12), CGPoint(x: 5e12, y: 4e12), CGPoint(x: -4e12, y: 4e12)]
        let covering = fill(ConvexOutline(huge)!, offset: .zero, wide: false)
        let coloured = pixel(covering, 80, 60)
        XCTAssertNotEqual(coloured, Self.grey)
        XCTAssertEqual(pixel(covering, 0, 0), coloured, "covered to the corner")
        XCTAssertEqual(pixel(covering, 159, 119), coloured)
        let (outline, _) = outline(CGRect(x: 0, y: 0, width: 50, height: 50), radius: 10)
        for offset in [CGPoint(x: 1e15, y: 3), CGPoint(x: 5, y: -1e15), CGPoint(x: CGFloat.infinity, y: 0)] {
            let moved = fill(outline, offset: offset, wide: false)
            XCTAssertEqual(pixel(moved, 10, 10), Self.grey, "offset \(offset)")
        }
    }

    /// A fill recorded at one place gives, filled again from the record,
    /// the pixels the fill itself gives there, bit for bit, within any clip:
    /// at fractions and whole pixels, partly outside the target, with
    /// pixman's boxes and the wide loop.
    func testARecordedFillGivesTheFillsPixels() throws {
        let cases: [(CGRect, CGFloat, CGPoint)] = [
            (CGRect(x: 0, y: 0, width: 100, height: 50), 25, CGPoint(x: 30, y: 20)),
            (CGRect(x: 0, y: 0, width: 100, height: 100), 50, CGPoint(x: 20.4, y: 10.6)),
            (CGRect(x: 0, y: 0, width: 130, height: 60), 12, CGPoint(x: -40.3, y: 70.8)),
            (CGRect(x: 0, y: 0, width: 1.4, height: 1.4), 0.7, CGPoint(x: 50.8, y: 50.1)),
        ]
        let clips = [PixelRect(x: 0, y: 0, width: 160, height: 120), PixelRect(x: 37, y: 21, width: 45, height: 53),
                     PixelRect(x: 0, y: 100, width: 160, height: 20)]
        for (rect, radius, offset) in cases {
            let (outline, _) = outline(rect, radius: radius)
            let recorded = try XCTUnwrap(ConvexOutlineFiller.record(outline, offsetX: offset.x, offsetY: offset.y,
                                                                    width: 160, height: 120))
            for wide in Set([false, ProcessorFeatures.hasAVX2]) {
                for clip in clips {
                    let direct = fill(outline, offset: offset, clip: clip, wide: wide)
                    let buffer = greyBuffer(width: 160, height: 120)
                    ConvexOutlineFiller.fill(recorded, color: Self.color, into: PixmanImage(buffer: buffer)!, buffer: buffer,
                                             clip: clip, wide: wide)
                    XCTAssertEqual(Data(bytes: buffer.base, count: buffer.bytesPerRow * 120),
                                   Data(bytes: direct.base, count: direct.bytesPerRow * 120),
                                   "\(rect.size) at \(offset), clip \(clip), wide \(wide)")
                }
            }
        }
        // The record keeps the edges only: a 100 x 50 rounded rectangle at
        // whole pixels has far fewer edge pixels than pixels.
        let (rounded, _) = outline(CGRect(x: 0, y: 0, width: 100, height: 50), radius: 25)
        let kept = try XCTUnwrap(ConvexOutlineFiller.record(rounded, offsetX: 30, offsetY: 20, width: 160, height: 120)).sharesKept
        XCTAssertGreaterThan(kept, 100)
        XCTAssertLessThan(kept, 100 * 50 / 2)
        let other = greyBuffer(width: 100, height: 120)
        let recorded = try XCTUnwrap(ConvexOutlineFiller.record(rounded, offsetX: 30, offsetY: 20, width: 160, height: 120))
        ConvexOutlineFiller.fill(recorded, color: Self.color, into: PixmanImage(buffer: other)!, buffer: other,
                                 clip: PixelRect(x: 0, y: 0, width: 100, height: 120))
        XCTAssertEqual(pixel(other, 50, 40), Self.grey, "a record for another size of target draws nothing")
    }

    /// Nearly level edges cross dozens of pixels a row: the record's room
    /// for shares is outgrown and grown, and the fill is still the same.
    func testARecordOfLongEdgesIsWhole() throws {
        let flat = try XCTUnwrap(ConvexOutline([CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 1.5), CGPoint(x: 0, y: 3)]))
        let offset = CGPoint(x: 4.3, y: 50.6)
        let recorded = try XCTUnwrap(ConvexOutlineFiller.record(flat, offsetX: offset.x, offsetY: offset.y, width: 160, height: 120))
        XCTAssertGreaterThan(recorded.sharesKept, 64 * 4, "more than the first room for its four rows")
        for wide in Set([false, ProcessorFeatures.hasAVX2]) {
            let direct = fill(flat, offset: offset, wide: wide)
            let buffer = greyBuffer(width: 160, height: 120)
            ConvexOutlineFiller.fill(recorded, color: Self.color, into: PixmanImage(buffer: buffer)!, buffer: buffer,
                                     clip: PixelRect(x: 0, y: 0, width: 160, height: 120), wide: wide)
            XCTAssertEqual(Data(bytes: buffer.base, count: buffer.bytesPerRow * 120),
                           Data(bytes: direct.base, count: direct.bytesPerRow * 120), "wide \(wide)")
        }
        XCTAssertNil(ConvexOutlineFiller.record(flat, offsetX: .nan, offsetY: 0, width: 160, height: 120))
        XCTAssertNil(ConvexOutlineFiller.record(flat, offsetX: 0, offsetY: 500, width: 160, height: 120), "below the target")
    }
}
