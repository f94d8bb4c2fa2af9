import XCTest
@testable import QuartzCore

/// Shape and gradient layers, drawn: compared with `Golden/*.png`.
final class ShapeGoldenTests: GoldenSceneTestCase {
    private func star(in rect: CGRect) -> CGPath {
        let path = CGMutablePath()
        let center = CGPoint(x: rect.midX, y: rect.midY), radius = min(rect.width, rect.height) / 2
        for index in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(index) * 4 * .pi / 5
            let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    func testFilledAndStrokedPathWithDashesCapsAndJoins() {
        makeScene()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
        shape.path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 60), cornerWidth: 12, cornerHeight: 12, transform: nil)
        shape.fillColor = blue
        shape.strokeColor = yellow
        shape.lineWidth = 4
        shape.lineDashPattern = [10, 6]
        shape.lineDashPhase = 3
        root.addSublayer(shape)
        let zigzag = CAShapeLayer()
        zigzag.frame = CGRect(x: 90, y: 20, width: 50, height: 80)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 50, y: 20))
        path.addLine(to: CGPoint(x: 0, y: 40))
        path.addLine(to: CGPoint(x: 50, y: 60))
        zigzag.path = path
        zigzag.fillColor = nil
        zigzag.strokeColor = white
        zigzag.lineWidth = 8
        zigzag.lineCap = .round
        zigzag.lineJoin = .bevel
        root.addSublayer(zigzag)
        // Miter joins past the limit become bevels; this one stays sharp and
        // pokes out of the layer's bounds, which do not clip.
        let wedge = CAShapeLayer()
        wedge.frame = CGRect(x: 20, y: 90, width: 40, height: 20)
        let wedgePath = CGMutablePath()
        wedgePath.move(to: CGPoint(x: 0, y: 20))
        wedgePath.addLine(to: CGPoint(x: 20, y: 0))
        wedgePath.addLine(to: CGPoint(x: 40, y: 20))
        wedge.path = wedgePath
        wedge.fillColor = nil
        wedge.strokeColor = red
        wedge.lineWidth = 6
        wedge.lineCap = .square
        root.addSublayer(wedge)
        render("shape-stroke-dash-caps-joins")
    }

    func testEvenOddFillLeavesTheStarsCentreEmpty() {
        makeScene()
        let nonZero = CAShapeLayer()
        nonZero.frame = CGRect(x: 0, y: 10, width: 80, height: 100)
        nonZero.path = star(in: CGRect(x: 5, y: 10, width: 70, height: 70))
        nonZero.fillColor = green
        root.addSublayer(nonZero)
        let evenOdd = CAShapeLayer()
        evenOdd.frame = CGRect(x: 80, y: 10, width: 80, height: 100)
        evenOdd.path = star(in: CGRect(x: 5, y: 10, width: 70, height: 70))
        evenOdd.fillColor = green
        evenOdd.fillRule = .evenOdd
        root.addSublayer(evenOdd)
        render("shape-even-odd")
    }

    func testStrokeEndHalfDrawsHalfTheOutline() {
        makeScene()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 30, y: 10, width: 100, height: 100)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = red
        shape.lineWidth = 6
        shape.strokeEnd = 0.5
        root.addSublayer(shape)
        render("shape-stroke-end-half")
    }

    private func gradient(_ type: CAGradientLayerType, frame: CGRect) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.type = type
        layer.colors = [red, yellow, blue]
        layer.locations = [0, 0.25, 1]
        return layer
    }

    func testAxialRadialAndConicGradientsWithLocations() {
        makeScene()
        let axial = gradient(.axial, frame: CGRect(x: 5, y: 5, width: 70, height: 50))
        axial.startPoint = CGPoint(x: 0, y: 0.5)
        axial.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(axial)
        let radial = gradient(.radial, frame: CGRect(x: 85, y: 5, width: 70, height: 50))
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(radial)
        let conic = gradient(.conic, frame: CGRect(x: 45, y: 62, width: 70, height: 54))
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)
        root.addSublayer(conic)
        render("gradient-axial-radial-conic")
    }

    func testGradientRoundedByCornerRadiusWhenMaskingToBounds() {
        makeScene()
        let rounded = gradient(.axial, frame: CGRect(x: 10, y: 10, width: 60, height: 100))
        rounded.cornerRadius = 20
        rounded.masksToBounds = true
        root.addSublayer(rounded)
        let square = gradient(.axial, frame: CGRect(x: 90, y: 10, width: 60, height: 100))
        square.cornerRadius = 20
        square.borderColor = white
        square.borderWidth = 2
        root.addSublayer(square)
        render("gradient-corner-radius-masks")
    }
}
