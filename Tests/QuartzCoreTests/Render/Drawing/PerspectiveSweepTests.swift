import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A solid layer turned under perspective, swept over angles about x, y
/// and both, perspectives, canvas sizes and places in the canvas, drawn by
/// a `CARenderer` (one frame after another, so only what changed is
/// redrawn): each frame is drawn exactly where the layer's corners project
/// (the drawn box is their box within a pixel) and fills it (every pixel 2
/// pixels inside is the layer's colour). `PerspectiveCoverageTests` holds
/// the goldens; this is the net under them, with no images to keep.
final class PerspectiveSweepTests: ModelTestCase {
    private static let black: UInt32 = 0xFF00_0000, red: UInt32 = 0xFFFF_0000

    /// Turns in degrees about x and about y: each axis alone from -60° to
    /// 60° in steps of 7.5°, and a few about both.
    private static let turns: [(x: CGFloat, y: CGFloat)] = {
        let steps = (-8...8).map { CGFloat($0) * 7.5 }
        return steps.map { ($0, 0) } + steps.filter { $0 != 0 }.map { (0, $0) }
            + [(20, 30), (-35, 15), (45, -45), (-10, -50), (5, 5)]
    }()

    func testPerspectiveLayersAreDrawnWhereverTheirCornersProject() {
        var frames = 0, insidePixels = 0
        for (width, height) in [(200, 200), (400, 400), (640, 360)] {
            let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                        | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(cgContext: context)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let turned = CALayer()
            turned.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(turned)
            renderer.layer = root
            CATransaction.flush()
            let (w, h) = (CGFloat(width), CGFloat(height)), side = min(w, h) * 0.4
            // Near the top-left corner (where the cut showed), centred, and
            // hanging over the bottom-right corner.
            let places = [CGPoint(x: 0.05 * w + side / 2, y: 0.05 * h + side / 2), CGPoint(x: w / 2, y: h / 2),
                          CGPoint(x: 0.85 * w, y: 0.8 * h)]
            for place in places {
                for distance: CGFloat in [200, 500, 2000] {
                    for turn in Self.turns {
                        var transform = CATransform3DIdentity
                        transform.m34 = -1 / distance
                        transform = CATransform3DRotate(transform, turn.x * .pi / 180, 1, 0, 0)
                        transform = CATransform3DRotate(transform, turn.y * .pi / 180, 0, 1, 0)
                        CATransaction.begin()
                        CATransaction.setDisableActions(true)
                        turned.bounds = CGRect(x: 0, y: 0, width: side, height: side)
                        turned.position = place
                        turned.transform = transform
                        CATransaction.commit()
                        renderer.beginFrame(atTime: CACurrentMediaTime())
                        renderer.render()
                        renderer.endFrame()
                        let label = "\(width)x\(height), at (\(place.x), \(place.y)), 1/\(distance), turned \(turn)"
                        insidePixels += check(DrawnPixels(context: context, background: Self.black),
                                              ProjectedQuad(of: turned, in: root), label)
                        frames += 1
                    }
                }
            }
            renderer.layer = nil
        }
        XCTAssertEqual(frames, 3 * 3 * 3 * Self.turns.count)
        XCTAssertGreaterThan(insidePixels, frames * 1000, "each frame had pixels inside to check")
    }

    /// Checks one frame; returns how many pixels inside were checked.
    private func check(_ drawn: DrawnPixels, _ quad: ProjectedQuad, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line) -> Int {
        if let mismatch = drawn.boxMismatch(with: quad) { XCTFail("\(label): \(mismatch)", file: file, line: line) }
        let inside = drawn.strays(inside: quad, inset: 2, colour: Self.red)
        if inside.count > 0 {
            XCTFail("\(label): \(inside.count) of \(inside.checked) pixels inside not red, first \(inside.first)",
                    file: file, line: line)
        }
        return inside.checked
    }
}
