import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `edgeAntialiasingMask` with `allowsEdgeAntialiasing`: a turned layer's
/// edges outside the mask are drawn hard, each target pixel in or out by
/// its centre; those in it fade as before.
final class EdgeAntialiasingGoldenTests: GoldenSceneTestCase {
    /// A 60x40 red layer centred at (80, 60), turned 30°.
    @discardableResult
    private func turnedLayer(_ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let turned = layer(CGRect(x: 50, y: 40, width: 60, height: 40), red)
        turned.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        configure(turned)
        root.addSublayer(turned)
        return turned
    }

    /// The signed distances (target pixels, positive inside) of the centre
    /// of pixel (`x`, `y`) from the turned layer's four edges: minX (left),
    /// maxX (right), minY (Apple's bottom edge) and maxY (its top edge).
    private func edgeDistances(x: Int, y: Int) -> (left: CGFloat, right: CGFloat, minY: CGFloat, maxY: CGFloat) {
        let angle = CGFloat.pi / 6
        let dx = CGFloat(x) + 0.5 - 80, dy = CGFloat(y) + 0.5 - 60
        // Into the layer's own axes (the rotation undone).
        let u = dx * cos(angle) + dy * sin(angle), v = -dx * sin(angle) + dy * cos(angle)
        return (u + 30, 30 - u, v + 20, 20 - v)
    }

    /// Pixels neither background (black) nor the layer's red: blended ones.
    private func blendedPixels(in image: CGImage) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<120 {
            for x in 0..<160 {
                let pixel = image.storage.pixel(x: x, y: y)
                if pixel != 0xFF00_0000, pixel != 0xFFFF_0000 { result.append((x, y)) }
            }
        }
        return result
    }

    /// Only the left and right edges antialiased: every blended pixel lies
    /// on one of them, and there are such pixels; along the other two every
    /// pixel is red or black.
    func testOnlyTheMaskedEdgesAreAntialiased() {
        makeScene()
        turnedLayer { $0.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge] }
        CATransaction.commit()
        let blended = blendedPixels(in: host.render(at: CACurrentMediaTime()))
        XCTAssertGreaterThan(blended.count, 40)
        for pixel in blended {
            let d = edgeDistances(x: pixel.x, y: pixel.y)
            XCTAssertLessThan(min(abs(d.left), abs(d.right)), 1.5, "(\(pixel.x), \(pixel.y)) is blended away from the left and right edges")
        }
        var blendedOnLeftOrRight = 0
        for pixel in blended {
            let d = edgeDistances(x: pixel.x, y: pixel.y)
            if min(abs(d.left), abs(d.right)) < 1.5, min(d.minY, d.maxY) > 1.5 { blendedOnLeftOrRight += 1 }
        }
        XCTAssertGreaterThan(blendedOnLeftOrRight, 40)
    }

    /// `allowsEdgeAntialiasing = false`: no edge is antialiased, whatever
    /// the mask; each pixel is the layer's or the background's. By default
    /// (macOS's true, all four edges) every edge blends.
    func testAllowsEdgeAntialiasingOffDrawsEveryEdgeHard() {
        makeScene()
        turnedLayer { $0.allowsEdgeAntialiasing = false }
        CATransaction.commit()
        let hard = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(blendedPixels(in: hard).count, 0)
        // Hard, yet where it should be: a pixel is red exactly when its centre is inside.
        for y in 0..<120 {
            for x in 0..<160 {
                let d = edgeDistances(x: x, y: y)
                let inside = min(d.left, d.right, d.minY, d.maxY)
                if abs(inside) > 0.01 {
                    XCTAssertEqual(hard.storage.pixel(x: x, y: y) == 0xFFFF_0000, inside > 0, "(\(x), \(y))")
                }
            }
        }
        makeScene()
        turnedLayer()
        CATransaction.commit()
        let soft = host.render(at: CACurrentMediaTime())
        XCTAssertGreaterThan(blendedPixels(in: soft).count, 150)
    }

    /// The golden: turned layers with only their left and right edges
    /// antialiased (a plain one, one showing an image, one masking a
    /// sublayer to its bounds, one turned in perspective), then the same
    /// with no edge antialiased and with all four.
    func testLeftAndRightEdgesAntialiased() {
        makeScene(width: 320, height: 240, background: CGColor(gray: 0.15, alpha: 1))
        let rows: [(CALayer) -> Void] = [
            { $0.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge] },
            { $0.allowsEdgeAntialiasing = false },
            { _ in },
        ]
        for (row, configure) in rows.enumerated() {
            let y = 10 + CGFloat(row) * 78
            let plain = layer(CGRect(x: 10, y: y + 12, width: 60, height: 36), white)
            plain.transform = CATransform3DMakeRotation(.pi / 9, 0, 0, 1)
            configure(plain)
            root.addSublayer(plain)
            let image = CALayer()
            image.frame = CGRect(x: 90, y: y + 6, width: 48, height: 48)
            image.contents = ContentsFilterGoldenTests.pixelArt
            image.transform = CATransform3DMakeRotation(-.pi / 7, 0, 0, 1)
            configure(image)
            root.addSublayer(image)
            let clipping = layer(CGRect(x: 160, y: y + 8, width: 60, height: 44), blue)
            clipping.masksToBounds = true
            clipping.addSublayer(layer(CGRect(x: 30, y: -10, width: 50, height: 40), yellow))
            clipping.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
            configure(clipping)
            root.addSublayer(clipping)
            let perspective = layer(CGRect(x: 240, y: y + 6, width: 70, height: 48), green)
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 150
            let turn = CATransform3DRotate(CATransform3DMakeRotation(.pi / 10, 0, 0, 1), .pi / 4, 0, 1, 0)
            perspective.transform = CATransform3DConcat(turn, eye)
            configure(perspective)
            root.addSublayer(perspective)
        }
        render("edges-left-right-none-all")
    }
}
