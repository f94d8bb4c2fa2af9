import XCTest
@testable import QuartzCore

/// A layer turned in perspective draws inside its projected outline and
/// nowhere else. pixman keeps a transform in 16.16 fixed point, where the
/// tiny perspective terms of a homography lose most of their precision, so
/// the sampled edge wanders; without a clip to the outline, a one-pixel
/// column of the layer showed above a side cover of the cover-flow demo.
final class PerspectiveEdgeTests: GoldenSceneTestCase {
    /// Cover-flow's right-hand neighbour, in an 800x500 window.
    private func sideCover(angle: CGFloat, offset: CGFloat) -> (stage: CALayer, cover: CALayer) {
        let stage = layer(root.bounds, nil)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 750
        stage.sublayerTransform = perspective
        let cover = layer(CGRect(x: 0, y: 0, width: 250, height: 250), white)
        cover.position = CGPoint(x: 400 + offset, y: 250)
        cover.zPosition = -50
        cover.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        stage.addSublayer(cover)
        root.addSublayer(stage)
        return (stage, cover)
    }

    /// Whether `point` lies within `margin` pixels of the convex polygon
    /// `outline` (or inside it).
    private func isNear(_ point: CGPoint, _ outline: [CGPoint], margin: CGFloat) -> Bool {
        var inside = true
        for (a, b) in zip(outline, outline.dropFirst() + [outline[0]]) {
            let edge = CGPoint(x: b.x - a.x, y: b.y - a.y)
            let length = (edge.x * edge.x + edge.y * edge.y).squareRoot()
            guard length > 0 else { continue }
            // Signed distance to the edge's line; the outline winds one way.
            let distance = (edge.x * (point.y - a.y) - edge.y * (point.x - a.x)) / length
            if distance < -margin { inside = false }
        }
        if inside { return true }
        // Try the other winding.
        for (a, b) in zip(outline, outline.dropFirst() + [outline[0]]) {
            let edge = CGPoint(x: b.x - a.x, y: b.y - a.y)
            let length = (edge.x * edge.x + edge.y * edge.y).squareRoot()
            guard length > 0 else { continue }
            if (edge.x * (point.y - a.y) - edge.y * (point.x - a.x)) / length > margin { return false }
        }
        return true
    }

    func testATurnedLayerDrawsOnlyInsideItsProjectedOutline() throws {
        for (angle, offset) in [(-1.05, 187.5), (1.05, -187.5), (-0.6, 230), (-1.3, 260)] as [(CGFloat, CGFloat)] {
            makeScene(width: 800, height: 500)
            let (_, cover) = sideCover(angle: angle, offset: offset)
            CATransaction.commit()
            let image = host.render(at: CACurrentMediaTime())
            let outline = [CGPoint(x: 0, y: 0), CGPoint(x: 250, y: 0), CGPoint(x: 250, y: 250), CGPoint(x: 0, y: 250)]
                .map { cover.convert($0, to: root) }
            let storage = image.storage
            var strays: [String] = []
            for y in 0..<storage.height {
                for x in 0..<storage.width where storage.pixel(x: x, y: y) & 0xFF_FFFF != 0 {
                    let centre = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                    if !isNear(centre, outline, margin: 1.0) { strays.append("(\(x), \(y))") }
                }
            }
            XCTAssertTrue(strays.isEmpty, "angle \(angle): \(strays.count) pixels outside the outline, first \(strays.prefix(5))")
        }
    }
}
