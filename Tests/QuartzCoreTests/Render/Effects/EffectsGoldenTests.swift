import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Golden images of shadows, filters, masks, group opacity and compositing filters.
final class EffectsGoldenTests: GoldenSceneTestCase {
    func testShadows() {
        makeScene(background: white)
        let plain = layer(CGRect(x: 20, y: 30, width: 50, height: 50), blue)
        plain.shadowOpacity = 0.8
        plain.shadowOffset = CGSize(width: 5, height: 8)
        plain.shadowRadius = 4
        plain.cornerRadius = 10
        root.addSublayer(plain)
        let pathShadow = layer(CGRect(x: 100, y: 20, width: 40, height: 40), red)
        pathShadow.shadowOpacity = 1
        pathShadow.shadowColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        pathShadow.shadowRadius = 0
        pathShadow.shadowOffset = CGSize(width: 0, height: 30)
        pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        root.addSublayer(pathShadow)
        renderBothWays("shadows")
    }

    /// A layer with sublayers and no shadow path casts the shadow of everything under it.
    func testShadowOfSublayers() {
        makeScene(background: white)
        let container = layer(CGRect(x: 30, y: 30, width: 100, height: 60), nil)
        container.shadowOpacity = 1
        container.shadowRadius = 3
        container.shadowOffset = CGSize(width: 6, height: 6)
        container.addSublayer(layer(CGRect(x: 0, y: 0, width: 40, height: 40), red))
        container.addSublayer(layer(CGRect(x: 60, y: 20, width: 40, height: 40), blue))
        root.addSublayer(container)
        render("shadow-sublayers")
    }

    func testFilters() {
        makeScene(background: CGColor(gray: 0, alpha: 1))
        let blurred = layer(CGRect(x: 15, y: 15, width: 40, height: 40), red)
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.setValue(4, forKey: "inputRadius")
        blurred.filters = [blur]
        root.addSublayer(blurred)
        let glowing = layer(CGRect(x: 70, y: 15, width: 70, height: 26), nil)
        glowing.borderWidth = 2
        glowing.borderColor = CGColor(gray: 1, alpha: 1)
        glowing.cornerRadius = 13
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(1.5, forKey: "inputIntensity")
        bloom.setValue(5, forKey: "inputRadius")
        glowing.filters = [bloom]
        root.addSublayer(glowing)
        let posterized = layer(CGRect(x: 70, y: 60, width: 70, height: 40), CGColor(red: 0.45, green: 0.7, blue: 0.2, alpha: 1))
        let posterize = CIFilter(name: "CIColorPosterize")!
        posterize.setValue(2, forKey: "inputLevels")
        posterized.filters = [posterize]
        root.addSublayer(posterized)
        renderBothWays("filters")
    }

    func testMaskLayer() {
        makeScene(background: white)
        let masked = layer(CGRect(x: 20, y: 20, width: 120, height: 80), blue)
        let mask = layer(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(gray: 0, alpha: 1))
        mask.cornerRadius = 30
        let half = layer(CGRect(x: 70, y: 10, width: 40, height: 60), CGColor(gray: 0, alpha: 0.4))
        mask.addSublayer(half)
        masked.mask = mask
        root.addSublayer(masked)
        renderBothWays("mask")
    }

    /// Group opacity fades sublayers as one image: the overlap shows no
    /// darker band; with `allowsGroupOpacity` false, each fades on its own.
    func testGroupOpacity() {
        makeScene(background: white)
        for (index, grouped) in [true, false].enumerated() {
            let container = layer(CGRect(x: 10 + index * 75, y: 20, width: 70, height: 80), nil)
            container.opacity = 0.5
            container.allowsGroupOpacity = grouped
            container.addSublayer(layer(CGRect(x: 0, y: 0, width: 50, height: 50), red))
            container.addSublayer(layer(CGRect(x: 20, y: 30, width: 50, height: 50), red))
            root.addSublayer(container)
        }
        renderBothWays("group-opacity")
    }

    func testCompositingFilter() {
        makeScene(background: white)
        root.addSublayer(layer(CGRect(x: 10, y: 10, width: 90, height: 100), yellow))
        let multiply = layer(CGRect(x: 50, y: 30, width: 90, height: 60), CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
        multiply.compositingFilter = "multiplyBlendMode"
        root.addSublayer(multiply)
        render("compositing-multiply")
    }
}

final class BackgroundFilterTests: ModelTestCase {
    /// A white 120x60 root with six 10-point stripes of `stripe` colour, 20 points apart.
    private func stripedRoot(_ stripe: CGColor) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        for index in 0..<6 {
            let layer = CALayer()
            layer.frame = CGRect(x: index * 20, y: 0, width: 10, height: 60)
            layer.backgroundColor = stripe
            root.addSublayer(layer)
        }
        return root
    }

    /// `backgroundFilters` filter what is behind the layer, inside its bounds.
    func testBackgroundBlurBlursWhatIsBehind() {
        let host = InlineRenderHost(width: 120, height: 60)
        let root = stripedRoot(CGColor(gray: 0, alpha: 1))
        let glass = CALayer()
        glass.frame = CGRect(x: 60, y: 10, width: 50, height: 40)
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.setValue(5, forKey: "inputRadius")
        glass.backgroundFilters = [blur]
        root.addSublayer(glass)
        root.attach(to: host)
        CATransaction.flush()
        let image = host.render(at: CACurrentMediaTime())
        XCTAssertEqual(image.storage.pixel(x: 15, y: 30), 0xFFFF_FFFF, "outside: sharp white gap")
        let blurred = image.storage.pixel(x: 85, y: 30) & 0xFF
        XCTAssertTrue((40...215).contains(blurred), "inside: stripes blurred to grey, got \(blurred)")
        GoldenImage.assertMatches(image, named: "background-filters")
    }

    /// An animated filter input is held inline in the presented state
    /// (`AnimatedFilterInput`); a blur's radius, animated on the layer's
    /// `filters` or its `backgroundFilters`, draws what the same radius set
    /// on the filter draws: in the group's blur, in its reach (the
    /// coverage, so the damage), and behind the layer.
    func testAnimatedBlurRadiiDrawAsThoseRadiiSet() {
        func scene(radius: Double, background: Bool, animated: Bool) -> CGImage {
            let host = InlineRenderHost(width: 120, height: 60)
            let root = stripedRoot(CGColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 1))
            let layer = CALayer()
            layer.frame = CGRect(x: 40, y: 15, width: 40, height: 30)
            if !background { layer.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1) }
            let blur = CIFilter(name: "CIGaussianBlur")!
            blur.name = "soften"
            blur.setValue(animated ? 1.0 : radius, forKey: "inputRadius")
            if background { layer.backgroundFilters = [blur] } else { layer.filters = [blur] }
            root.addSublayer(layer)
            root.attach(to: host)
            if animated {
                let grow = CABasicAnimation(keyPath: (background ? "backgroundFilters" : "filters") + ".soften.inputRadius")
                grow.fromValue = 1.0
                grow.toValue = 9.0
                grow.beginTime = 1  // layer time: 1 -> 9 over 1 s
                grow.duration = 1
                layer.add(grow, forKey: "grow")
            }
            CATransaction.flush()
            _ = host.render(at: 0.5)  // a first frame at radius 1, so the next one draws only its damage
            let image = host.render(at: 1.5)
            withExtendedLifetime(root) {}
            return image
        }
        for background in [false, true] {
            let animated = scene(radius: 5, background: background, animated: true)
            let still = scene(radius: 5, background: background, animated: false)
            XCTAssertEqual(GoldenImage.differingPixels(animated, still, tolerance: 0), 0,
                           background ? "background filters" : "filters")
        }
    }
}
