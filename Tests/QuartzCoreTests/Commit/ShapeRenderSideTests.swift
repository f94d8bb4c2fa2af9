import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The render server evaluates shape and gradient animations on
/// `LayerState` exactly as `presentation()` does on the app thread.
final class ShapeRenderSideTests: ModelTestCase {
    func testStrokeEndAndColorsEvaluateAsThePresentation() throws {
        let host = CommitRecorder()
        let root = CALayer()
        root.attach(to: host)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        root.addSublayer(shape)
        root.addSublayer(gradient)
        CATransaction.flush()
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        shape.add(draw, forKey: "draw")
        let recolor = CABasicAnimation(keyPath: "colors")
        recolor.toValue = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)]
        recolor.duration = 2
        gradient.add(recolor, forKey: "recolor")
        CATransaction.flush()
        let tree = RenderTree()
        host.commits.forEach(tree.apply)
        let shapeNode = try XCTUnwrap(tree.nodes[shape.layerID])
        let gradientNode = try XCTUnwrap(tree.nodes[gradient.layerID])
        for step in 1...5 {
            clock.advance(by: 0.3)
            let renderedShape = try XCTUnwrap(tree.presentedState(of: shapeNode, parentTime: CACurrentMediaTime()).state.shape)
            XCTAssertEqual(renderedShape.strokeEnd, try XCTUnwrap(shape.presentation()).strokeEnd, accuracy: 1e-9, "step \(step)")
            XCTAssertEqual(renderedShape.strokeEnd, 0.15 * CGFloat(step), accuracy: 1e-9, "step \(step)")
            let renderedColors = try XCTUnwrap(tree.presentedState(of: gradientNode, parentTime: CACurrentMediaTime()).state.gradient).colors
            let presentedColors = try XCTUnwrap(gradient.presentation()?.colors as? [CGColor])
            XCTAssertEqual(renderedColors.count, 2)
            for (rendered, presented) in zip(renderedColors, presentedColors) {
                XCTAssertEqual(rendered.rgba.red, presented.rgba.red, accuracy: 1e-6, "step \(step)")
                XCTAssertEqual(rendered.rgba.blue, presented.rgba.blue, accuracy: 1e-6, "step \(step)")
                XCTAssertEqual(rendered.rgba.alpha, presented.rgba.alpha, accuracy: 1e-6, "step \(step)")
            }
        }
    }
}
