import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Golden images of `cornerCurve`: circular and continuous corners at a
/// small radius, just under the radius where a continuous corner's reach
/// fills half a side (side / (2 · 1.528665)), between that and half the
/// side, at half the side (a circle), and a capsule; each with a border.
/// Then the continuous shape where else it applies: `masksToBounds`
/// clipping sublayers, the shadow of a layer without a `shadowPath`, and
/// `maskedCorners`.
final class CornerCurveGoldenTests: GoldenSceneTestCase {
    private func addShapes(curve: CALayerCornerCurve) {
        // 90 pt squares: the continuous corners start to meet mid-side at r ≈ 29.4.
        for (index, radius) in [CGFloat(10), 29, 37, 45].enumerated() {
            let square = layer(CGRect(x: 10 + CGFloat(index) * 100, y: 10, width: 90, height: 90), blue)
            square.cornerRadius = radius
            square.cornerCurve = curve
            square.borderWidth = 3
            square.borderColor = white
            root.addSublayer(square)
        }
        let capsule = layer(CGRect(x: 10, y: 110, width: 190, height: 60), red)
        capsule.cornerRadius = 30
        capsule.cornerCurve = curve
        capsule.borderWidth = 2
        capsule.borderColor = yellow
        root.addSublayer(capsule)
        let wide = layer(CGRect(x: 210, y: 110, width: 180, height: 60), green)
        wide.cornerRadius = 16
        wide.cornerCurve = curve
        wide.borderWidth = 2
        wide.borderColor = white
        root.addSublayer(wide)
    }

    func testCircularCorners() {
        makeScene(width: 400, height: 180)
        addShapes(curve: .circular)
        render("corners-circular")
    }

    func testContinuousCorners() {
        makeScene(width: 400, height: 180)
        addShapes(curve: .continuous)
        render("corners-continuous")
        let continuous = host.render(at: CACurrentMediaTime())
        // The two curves differ: the continuous corner reaches further along the edges.
        makeScene(width: 400, height: 180)
        addShapes(curve: .circular)
        CATransaction.commit()
        let circular = host.render(at: CACurrentMediaTime())
        XCTAssertGreaterThan(GoldenImage.differingPixels(continuous, circular, tolerance: 8), 200)
    }

    /// One corner of each curve (r = 20 pt), magnified 4x: the continuous
    /// one leaves the straight edge 1.528665·r from the corner, where the
    /// circle leaves it at r, and bends more gently.
    func testOneCornerOfEachCurveMagnified() {
        makeScene(width: 300, height: 150)
        for (index, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
            let corner = layer(CGRect(x: 0, y: 0, width: 35, height: 35), white)
            corner.anchorPoint = .zero
            corner.position = CGPoint(x: 5 + CGFloat(index) * 150, y: 5)
            corner.transform = CATransform3DMakeScale(4, 4, 1)
            corner.cornerRadius = 20
            corner.cornerCurve = curve
            corner.maskedCorners = [.layerMinXMinYCorner]
            root.addSublayer(corner)
        }
        render("corners-magnified")
        // On the top edge's row, r from the corner (80 px at 4x): the circle
        // is on the edge, the continuous corner still 0.0094·r (0.75 px at
        // 4x) below it.
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 5 + 82, y: 5) & 0xFF, 0xFF)
        XCTAssertLessThan(image.storage.pixel(x: 155 + 82, y: 5) & 0xFF, 0xF0)
        // Past 1.528665·r (122 px at 4x) the continuous corner's edge is straight.
        XCTAssertEqual(image.storage.pixel(x: 155 + 124, y: 5) & 0xFF, 0xFF)
    }

    func testContinuousCornersClipSublayersCastShadowsAndHonourMaskedCorners() {
        makeScene(width: 320, height: 120, background: CGColor(gray: 0.5, alpha: 1))
        let clipping = layer(CGRect(x: 10, y: 10, width: 90, height: 90), blue)
        clipping.cornerRadius = 30
        clipping.cornerCurve = .continuous
        clipping.masksToBounds = true
        clipping.addSublayer(layer(CGRect(x: -10, y: -10, width: 70, height: 70), yellow))
        clipping.addSublayer(layer(CGRect(x: 50, y: 50, width: 60, height: 60), red))
        root.addSublayer(clipping)
        let shadowed = layer(CGRect(x: 120, y: 15, width: 80, height: 80), white)
        shadowed.cornerRadius = 26
        shadowed.cornerCurve = .continuous
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 6, height: 6)
        root.addSublayer(shadowed)
        let masked = layer(CGRect(x: 220, y: 10, width: 90, height: 90), green)
        masked.cornerRadius = 30
        masked.cornerCurve = .continuous
        masked.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        masked.borderWidth = 3
        masked.borderColor = white
        root.addSublayer(masked)
        render("corners-continuous-clip-shadow-masked")
    }
}
