import XCTest
@testable import QuartzCore

/// Golden images of the compositor's drawing of Apple's layer properties.
final class CompositorGoldenTests: GoldenSceneTestCase {
    func testBackgroundsAndNesting() {
        makeScene()
        let outer = layer(CGRect(x: 10, y: 10, width: 100, height: 80), blue)
        outer.addSublayer(layer(CGRect(x: 10, y: 10, width: 30, height: 30), red))
        root.addSublayer(outer)
        root.addSublayer(layer(CGRect(x: 120, y: 20, width: 30, height: 90), green))
        renderBothWays("backgrounds-nesting")
    }

    func testCornerRadiusAndBorder() {
        makeScene()
        let card = layer(CGRect(x: 20, y: 20, width: 120, height: 50), blue)
        card.cornerRadius = 25
        card.borderWidth = 2
        card.borderColor = white
        root.addSublayer(card)
        let corners = layer(CGRect(x: 20, y: 80, width: 60, height: 30), red)
        corners.cornerRadius = 10
        corners.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        root.addSublayer(corners)
        render("corner-radius-border")
    }

    func testOpacityAndHidden() {
        makeScene(background: white)
        let faded = layer(CGRect(x: 20, y: 20, width: 60, height: 60), red)
        faded.opacity = 0.5
        root.addSublayer(faded)
        let hidden = layer(CGRect(x: 90, y: 20, width: 60, height: 60), blue)
        hidden.isHidden = true
        root.addSublayer(hidden)
        render("opacity-hidden")
    }

    func testTransforms2D() {
        makeScene()
        let rotated = layer(CGRect(x: 30, y: 30, width: 60, height: 40), red)
        rotated.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        root.addSublayer(rotated)
        let scaled = layer(CGRect(x: 110, y: 40, width: 20, height: 20), green)
        scaled.transform = CATransform3DMakeScale(1.5, 2, 1)
        root.addSublayer(scaled)
        let anchored = layer(CGRect(x: 100, y: 90, width: 40, height: 20), blue)
        anchored.anchorPoint = .zero
        anchored.position = CGPoint(x: 100, y: 90)
        anchored.transform = CATransform3DMakeRotation(-.pi / 12, 0, 0, 1)
        root.addSublayer(anchored)
        renderBothWays("transforms-2d")
    }

    func testPerspectiveAndDoubleSided() {
        makeScene()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        root.sublayerTransform = perspective
        let tilted = layer(CGRect(x: 20, y: 30, width: 60, height: 60), red)
        tilted.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(tilted)
        let back = layer(CGRect(x: 90, y: 30, width: 60, height: 60), blue)
        back.transform = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0)
        back.isDoubleSided = false
        root.addSublayer(back)
        renderBothWays("perspective-double-sided")
    }

    func testZPositionOrdersSiblings() {
        makeScene()
        let front = layer(CGRect(x: 30, y: 30, width: 60, height: 60), red)
        front.zPosition = 1
        root.addSublayer(front)
        root.addSublayer(layer(CGRect(x: 60, y: 50, width: 60, height: 60), green))
        render("zposition")
    }

    func testMasksToBoundsClipsSublayers() {
        makeScene()
        let clip = layer(CGRect(x: 20, y: 20, width: 80, height: 60), blue)
        clip.masksToBounds = true
        clip.addSublayer(layer(CGRect(x: 50, y: 30, width: 60, height: 60), red))
        root.addSublayer(clip)
        let rounded = layer(CGRect(x: 110, y: 20, width: 40, height: 80), blue)
        rounded.masksToBounds = true
        rounded.cornerRadius = 15
        rounded.addSublayer(layer(CGRect(x: -10, y: -10, width: 60, height: 50), green))
        root.addSublayer(rounded)
        renderBothWays("masks-to-bounds")
    }

    func testGeometryFlipped() {
        makeScene()
        root.isGeometryFlipped = true
        root.addSublayer(layer(CGRect(x: 10, y: 10, width: 40, height: 20), red))
        render("geometry-flipped")
    }
}
