import XCTest
@testable import QuartzCore

/// `CATransformLayer`: its sublayers keep their 3D positions and are
/// depth-sorted together instead of being flattened (Apple: "Objects used to
/// create true 3D layer hierarchies, rather than the flattened hierarchy
/// rendering model used by other layer types").
final class TransformLayerTests: GoldenSceneTestCase {
    let magenta = CGColor(red: 1, green: 0, blue: 1, alpha: 1)

    /// The classic cube: six 50-point faces around the transform layer's
    /// centre. Faces are added back face second, so drawing in model order
    /// (no depth sort) puts the back face over the front one.
    func makeCube(_ container: CALayer, yaw: CGFloat, pitch: CGFloat = -0.4) -> CATransformLayer {
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        cube.position = CGPoint(x: 80, y: 60)
        cube.transform = CATransform3DConcat(CATransform3DMakeRotation(yaw, 0, 1, 0),
                                             CATransform3DMakeRotation(pitch, 1, 0, 0))
        let faces: [(CGColor, CATransform3D)] = [
            (red, CATransform3DIdentity),                           // front, +z
            (green, CATransform3DMakeRotation(.pi, 0, 1, 0)),       // back, -z
            (blue, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),    // right, +x
            (yellow, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)), // left, -x
            (white, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),   // top, -y
            (magenta, CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)), // bottom, +y
        ]
        for (color, rotation) in faces {
            let face = layer(CGRect(x: 0, y: 0, width: 50, height: 50), color)
            face.position = CGPoint(x: 25, y: 25)
            // Out by half the edge along the face's normal, then turned into place.
            face.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 25), rotation)
            cube.addSublayer(face)
        }
        container.addSublayer(cube)
        return cube
    }

    func makePerspectiveScene() {
        makeScene()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
    }

    /// The colour at the centre of the scene, as 0xRRGGBB.
    func centreColor() -> UInt32 {
        host.render(at: CACurrentMediaTime()).storage.pixel(x: 80, y: 60) & 0xFF_FFFF
    }

    func testCubeShowsTheNearestFaceAtEachAngle() {
        // yaw: which face turns toward the viewer (+z) at the cube's centre.
        let cases: [(CGFloat, UInt32, String)] = [
            (0.3, 0xFF0000, "front"), (.pi + 0.3, 0x00FF00, "back"),
            (.pi / 2 + 0.2, 0xFFE600, "left"), (-.pi / 2 - 0.2, 0x0000FF, "right"),
        ]
        for (yaw, expected, faceName) in cases {
            makePerspectiveScene()
            _ = makeCube(root, yaw: yaw, pitch: 0)
            CATransaction.commit()
            XCTAssertEqual(String(centreColor(), radix: 16), String(expected, radix: 16), "yaw \(yaw): the \(faceName) face")
        }
    }

    func testCubeGoldens() {
        for (index, yaw) in [CGFloat(0.5), 2.2, 3.9, 5.4].enumerated() {
            makePerspectiveScene()
            _ = makeCube(root, yaw: yaw)
            render("transform-layer-cube-\(index)")
        }
    }

    /// Tilted down (pitch -0.4 turns the top face toward the viewer): the
    /// top face must be visible above the front face.
    func testCubeTopFaceInFrontWhenTilted() {
        makePerspectiveScene()
        _ = makeCube(root, yaw: 0, pitch: -0.6)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        // Between the front face's top edge and the cube's top: the top face (white).
        XCTAssertEqual(image.storage.pixel(x: 80, y: 43) & 0xFF_FFFF, 0xFFFFFF)
        XCTAssertEqual(image.storage.pixel(x: 80, y: 75) & 0xFF_FFFF, 0xFF0000)
    }

    /// A normal layer in the transform layer's place flattens the faces
    /// into its plane: Apple's model for every other layer class.
    func testNormalLayerStillFlattens() {
        makePerspectiveScene()
        let flat = CALayer()
        flat.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        flat.position = CGPoint(x: 80, y: 60)
        flat.transform = CATransform3DMakeRotation(.pi / 2 - 0.01, 0, 1, 0)
        // Turned 90 degrees inside a layer turned (almost) 90 degrees: in 3D
        // it would face the viewer; flattened, it is edge-on twice.
        let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), red)
        child.transform = CATransform3DMakeRotation(.pi / 2 - 0.01, 0, 1, 0)
        flat.addSublayer(child)
        root.addSublayer(flat)
        CATransaction.commit()
        XCTAssertEqual(centreColor(), 0x000000, "a flattening layer must not let its sublayer turn back to face the viewer")
    }

    func testTransformLayerIgnoresItsOwnRendering() {
        makePerspectiveScene()
        let container = CATransformLayer()
        container.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        container.backgroundColor = red
        container.borderWidth = 4
        container.borderColor = white
        container.shadowOpacity = 1
        container.masksToBounds = true
        container.opacity = 0.5
        let mask = layer(CGRect(x: 0, y: 0, width: 10, height: 10), white)
        container.mask = mask
        // Sticks out of the container's bounds: masksToBounds is ignored.
        container.addSublayer(layer(CGRect(x: -10, y: 30, width: 40, height: 20), blue))
        root.addSublayer(container)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 80, y: 60) & 0xFF_FFFF, 0, "no background")
        XCTAssertEqual(image.storage.pixel(x: 21, y: 21) & 0xFF_FFFF, 0, "no border")
        // Opacity applies to the sublayer itself (blue at half strength), outside the bounds too.
        let inside = image.storage.pixel(x: 15, y: 60), outside = image.storage.pixel(x: 25, y: 60)
        XCTAssertEqual(Int(inside & 0xFF), 0x80, accuracy: 2)
        XCTAssertEqual(inside, outside)
    }

    func testNestedTransformLayersSortTogether() {
        // Two planes in nested transform layers interleave in depth with a
        // third in the outer one: far (nested), middle (outer), near (nested).
        makePerspectiveScene()
        let outer = CATransformLayer()
        outer.frame = root.bounds
        let inner = CATransformLayer()
        inner.frame = root.bounds
        let far = layer(CGRect(x: 40, y: 30, width: 80, height: 60), red)
        far.zPosition = -40
        let near = layer(CGRect(x: 70, y: 50, width: 20, height: 20), blue)
        near.zPosition = 40
        inner.addSublayer(near)
        inner.addSublayer(far)
        let middle = layer(CGRect(x: 60, y: 40, width: 40, height: 40), green)
        outer.addSublayer(inner)
        outer.addSublayer(middle)
        root.addSublayer(outer)
        render("transform-layer-nested")
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 80, y: 60) & 0xFF_FFFF, 0x0000FF, "near in front of middle")
        XCTAssertEqual(image.storage.pixel(x: 65, y: 45) & 0xFF_FFFF, 0x00FF00, "middle in front of far")
    }

    func testSingleSidedFacesFacingAwayAreCulled() {
        // Translucent faces: the far ones show through unless culled.
        for isDoubleSided in [true, false] {
            makePerspectiveScene()
            let cube = makeCube(root, yaw: 0.3, pitch: 0)
            for face in cube.sublayers ?? [] {
                face.opacity = 0.6
                face.isDoubleSided = isDoubleSided
            }
            CATransaction.commit()
            let green = (centreColor() >> 8) & 0xFF
            if isDoubleSided {
                XCTAssertGreaterThan(green, 0x30, "the back face shows through the translucent front face")
            } else {
                XCTAssertEqual(green, 0, "the back face faces away and is culled")
            }
        }
        render("transform-layer-cube-single-sided")
    }

    // MARK: - Hit testing and conversions

    func testHitTestFindsTheNearestFace() {
        makePerspectiveScene()
        let cube = makeCube(root, yaw: .pi + 0.3, pitch: 0)
        CATransaction.commit()
        let faces = cube.sublayers!
        XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 60)) === faces[1], "the back face is turned to the viewer")
        XCTAssertNil(cube.hitTest(CGPoint(x: 5, y: 5)), "the transform layer itself is never hit")
        XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 5)) === root)
    }

    func testConvertThroughTransformLayerKeepsDepth() {
        makeScene()
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        let face = layer(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        face.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        cube.addSublayer(face)
        root.addSublayer(cube)
        CATransaction.commit()
        // The two quarter turns cancel in 3D: the face is flat on the screen.
        let p = face.convert(CGPoint(x: 10, y: 20), to: root)
        XCTAssertEqual(p.x, 10, accuracy: 1e-6)
        XCTAssertEqual(p.y, 20, accuracy: 1e-6)
    }

    // MARK: - Bad input

    func testDegeneratePerspectiveDoesNotCrash() {
        makeScene()
        var singular = CATransformLayer().transform
        singular.m44 = 0
        singular.m34 = 0
        let cube = makeCube(root, yaw: 0.3)
        cube.transform = singular
        root.sublayerTransform.m34 = 1e9
        CATransaction.commit()
        _ = host.render(at: CACurrentMediaTime())
        _ = root.hitTest(CGPoint(x: 80, y: 60))
    }

    func testDepthOfADegenerateMatrixSortsFirst() {
        var matrix = CATransform3DIdentity
        matrix.m44 = 0
        XCTAssertEqual(DepthSort.depth(of: CGRect(x: 0, y: 0, width: 10, height: 10), through: matrix),
                       -.greatestFiniteMagnitude)
        matrix.m44 = .nan
        XCTAssertEqual(DepthSort.depth(of: CGRect(x: 0, y: 0, width: 10, height: 10), through: matrix),
                       -.greatestFiniteMagnitude)
    }
}

/// Plane tests order overlapping planes where the centres' depths would not.
final class DepthOrderTests: GoldenSceneTestCase {
    /// A big plane tilted back about x (its bottom edge toward the viewer)
    /// and a small card standing behind its near part: the card's centre is
    /// nearer than the plane's, but the plane hides it where they overlap.
    func testCardBehindTheNearPartOfATiltedPlane() {
        makeScene()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let space = CATransformLayer()
        space.frame = root.bounds
        let card = layer(CGRect(x: 65, y: 75, width: 30, height: 30), red)
        card.zPosition = 10
        let plane = layer(CGRect(x: 20, y: 10, width: 120, height: 100), blue)
        plane.transform = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)
        space.addSublayer(plane)
        space.addSublayer(card)
        root.addSublayer(space)
        render("depth-order-tilted-plane")
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 80, y: 80) & 0xFF_FFFF, 0x0000FF, "the plane's near part covers the card")
        XCTAssertEqual(image.storage.pixel(x: 80, y: 96) & 0xFF_FFFF, 0xFF0000, "the card shows below the plane")
        // Hit testing follows the drawing order.
        XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 80)) === plane)
        XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 96)) === card)
    }

    /// Two planes crossing each other: no order of the wholes is right, so
    /// they are split along the crossing and each part is ordered.
    func testIntersectingPlanesAreSplit() {
        makeScene()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let space = CATransformLayer()
        space.frame = root.bounds
        // Red's left edge and green's right edge come toward the viewer; they cross a little right of centre.
        let first = layer(CGRect(x: 30, y: 30, width: 100, height: 60), red)
        first.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        first.zPosition = 5
        let second = layer(CGRect(x: 30, y: 30, width: 100, height: 60), green)
        second.transform = CATransform3DMakeRotation(-0.5, 0, 1, 0)
        space.addSublayer(first)
        space.addSublayer(second)
        root.addSublayer(space)
        render("depth-order-intersecting")
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 55, y: 60) & 0xFF_FFFF, 0xFF0000, "left of the crossing, red is nearer")
        XCTAssertEqual(image.storage.pixel(x: 105, y: 60) & 0xFF_FFFF, 0x00FF00, "right of the crossing, green is nearer")
    }

    /// Three translucent planes through one vertical axis, turned: each is
    /// cut along the axis and the six halves are blended back to front.
    func testThreePlanesThroughOneAxis() {
        makeScene(background: CGColor(gray: 0.1, alpha: 1))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let space = CATransformLayer()
        space.frame = CGRect(x: 40, y: 20, width: 80, height: 80)
        space.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
        for (index, angle) in [0, CGFloat.pi / 2, CGFloat.pi / 4].enumerated() {
            let face = layer(space.bounds, CGColor(red: index == 0 ? 1 : 0, green: index == 1 ? 1 : 0,
                                                   blue: index == 2 ? 1 : 0, alpha: 0.7))
            face.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            space.addSublayer(face)
        }
        root.addSublayer(space)
        render("depth-order-three-planes")
    }

    func testDecidedPairs() throws {
        let near = try XCTUnwrap(DepthSort.Quad(CGRect(x: 0, y: 0, width: 10, height: 10),
                                                through: CATransform3DMakeTranslation(0, 0, 5)))
        let far = try XCTUnwrap(DepthSort.Quad(CGRect(x: 5, y: 5, width: 10, height: 10), through: CATransform3DIdentity))
        XCTAssertEqual(DepthSort.isBehind(far, near), true)
        XCTAssertEqual(DepthSort.isBehind(near, far), false)
        let apart = try XCTUnwrap(DepthSort.Quad(CGRect(x: 50, y: 50, width: 10, height: 10), through: CATransform3DIdentity))
        XCTAssertNil(DepthSort.isBehind(near, apart), "no overlap on screen: no constraint")
        XCTAssertNil(DepthSort.isBehind(far, far), "coplanar: the caller's order stands")
        var behindViewer = CATransform3DIdentity
        behindViewer.m44 = -1
        XCTAssertNil(DepthSort.Quad(CGRect(x: 0, y: 0, width: 1, height: 1), through: behindViewer))
    }
}
