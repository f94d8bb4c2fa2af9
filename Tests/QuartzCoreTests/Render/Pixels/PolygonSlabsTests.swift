import CPixman
import XCTest
@testable import QuartzCore

/// `PixmanImage.fillPolygon`, which gives pixman a convex polygon as
/// slabs between its corners' heights (`PolygonSlabs`), writes the same
/// bytes as the fan of triangles it was given before, for the outlines
/// perspective layers have and for turned, clipped, small and many-sided
/// ones; points that are not convex still go as the fan.
final class PolygonSlabsTests: XCTestCase {
    private func bytes(of image: PixmanImage) -> [UInt8] {
        let stride = Int(pixman_image_get_stride(image.raw)), height = Int(pixman_image_get_height(image.raw))
        let base = UnsafeRawPointer(pixman_image_get_data(image.raw)!)
        return Array(UnsafeRawBufferPointer(start: base, count: stride * height))
    }

    /// Checks one outline in a `width` x `height` mask; returns how many
    /// pixels are inside (255).
    @discardableResult
    private func check(_ outline: [CGPoint], width: Int, height: Int, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        XCTAssertNotNil(PolygonSlabs.trapezoids(outline), "\(label): convex, so slabs", file: file, line: line)
        let fan = try XCTUnwrap(PixmanImage(alphaWidth: width, height: height))
        let slabs = try XCTUnwrap(PixmanImage(alphaWidth: width, height: height))
        fan.fillPolygonAsFan(outline)
        slabs.fillPolygon(outline)
        let expected = bytes(of: fan), actual = bytes(of: slabs)
        let differing = zip(expected, actual).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(label): \(differing) bytes differ", file: file, line: line)
        return expected.filter { $0 == 255 }.count
    }

    /// A `width` x `height` rectangle turned by `yaw` about its vertical
    /// axis and `roll` in its plane, seen from `eye` pixels in front, its
    /// centre at `centre`: a perspective layer's outline (always convex).
    private func turnedRectangle(width: CGFloat, height: CGFloat, yaw: CGFloat, roll: CGFloat, eye: CGFloat,
                                 centre: CGPoint) -> [CGPoint] {
        [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (sx: CGFloat, sy: CGFloat) in
            let x = sx * width / 2, y = sy * height / 2
            let turnedX = x * cos(yaw), z = x * sin(yaw)
            let rolledX = turnedX * cos(roll) - y * sin(roll), rolledY = turnedX * sin(roll) + y * cos(roll)
            let scale = eye / (eye - z)
            return CGPoint(x: centre.x + rolledX * scale, y: centre.y + rolledY * scale)
        }
    }

    func testCoverFlowsOutlinesGiveFillPolygonsBytes() throws {
        // Covers turned about the vertical axis (upright sides, slanting
        // top and bottom), facing, and mirrored, at fractions of a pixel.
        var inside = 0
        for (index, yaw) in [0, 0.3, -0.7, 1.05, -1.05, 1.4].enumerated() {
            let outline = turnedRectangle(width: 540, height: 540, yaw: yaw, roll: 0, eye: 1620,
                                          centre: CGPoint(x: 300.37 + CGFloat(index), y: 290.61))
            inside += try check(outline, width: 620, height: 600, "cover turned \(yaw)")
        }
        XCTAssertGreaterThan(inside, 100_000, "the covers have insides")
    }

    func testTurnedClippedAndSmallOutlinesGiveFillPolygonsBytes() throws {
        var random = 0x2545F491 as UInt64
        func next() -> CGFloat {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(random >> 11) / CGFloat(1 << 53)
        }
        for index in 0..<60 {
            let size = 4 + next() * 300
            let outline = turnedRectangle(width: size * (0.3 + next()), height: size, yaw: (next() - 0.5) * 2.8,
                                          roll: (next() - 0.5) * 3, eye: 200 + next() * 2000,
                                          centre: CGPoint(x: next() * 260 - 30, y: next() * 220 - 30))
            try check(outline, width: 203 + index % 5, height: 190, "outline \(index): \(outline)")
        }
        // Axis-aligned edges on whole and half pixels, a sliver, a triangle, a pentagon.
        try check([CGPoint(x: 10, y: 10), CGPoint(x: 150, y: 10), CGPoint(x: 150, y: 120), CGPoint(x: 10, y: 120)],
                  width: 160, height: 130, "whole pixels")
        try check([CGPoint(x: 10.5, y: 9.5), CGPoint(x: 150.5, y: 9.5), CGPoint(x: 150.5, y: 120.5), CGPoint(x: 10.5, y: 120.5)],
                  width: 160, height: 130, "half pixels")
        try check([CGPoint(x: 40, y: 1), CGPoint(x: 42.4, y: 1.2), CGPoint(x: 41.1, y: 129.6)], width: 160, height: 130, "sliver")
        try check([CGPoint(x: 30, y: 2), CGPoint(x: 155, y: 65), CGPoint(x: 8, y: 128)], width: 160, height: 130, "triangle")
        try check([CGPoint(x: 80, y: 2), CGPoint(x: 155, y: 45), CGPoint(x: 128, y: 128), CGPoint(x: 24, y: 116),
                   CGPoint(x: 6, y: 34)], width: 160, height: 130, "pentagon")
        // Clockwise and anticlockwise, corners on one height.
        try check([CGPoint(x: 10.2, y: 120.7), CGPoint(x: 150.1, y: 120.7), CGPoint(x: 140.6, y: 10.3), CGPoint(x: 20.9, y: 12.8)],
                  width: 160, height: 130, "anticlockwise")
        // Reaching past every side of the mask.
        try check([CGPoint(x: -40.3, y: -20.2), CGPoint(x: 210.1, y: -5.7), CGPoint(x: 190.8, y: 170.4), CGPoint(x: -12.6, y: 150.9)],
                  width: 160, height: 130, "past the mask")
    }

    /// A bow tie (not convex) is not cut into slabs: it goes as the fan.
    func testPointsThatAreNotConvexGoAsTheFan() throws {
        let bowTie = [CGPoint(x: 10, y: 10), CGPoint(x: 100, y: 90), CGPoint(x: 100, y: 10), CGPoint(x: 10, y: 90)]
        XCTAssertNil(PolygonSlabs.trapezoids(bowTie))
        let fan = try XCTUnwrap(PixmanImage(alphaWidth: 110, height: 100))
        let filled = try XCTUnwrap(PixmanImage(alphaWidth: 110, height: 100))
        fan.fillPolygonAsFan(bowTie)
        filled.fillPolygon(bowTie)
        XCTAssertEqual(bytes(of: filled), bytes(of: fan))
    }
}
