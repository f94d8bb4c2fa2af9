import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Inputs the fuzz tests found to crash (Swift traps converting huge
/// doubles to integers), kept as regression tests now that they are fixed.
final class HugeInputRegressionTests: ModelTestCase {
    /// `LayerProperty.coerce` converts with `UInt(max(0, x))` / `UInt32(...)`:
    /// infinity or a number beyond the integer's range traps
    /// ("Double value cannot be converted to UInt because the result would be
    /// greater than UInt.max", LayerProperty.swift:79 and :76).
    func testHugeNumberForAnIntegerMaskIsClampedNotACrash() throws {
        let layer = CALayer()
        layer.setValue(Double.infinity, forKey: "maskedCorners")
        layer.setValue(1e308, forKey: "autoresizingMask")
        XCTAssertEqual(layer.maskedCorners, .all)
        XCTAssertTrue(diagnostics.contains("maskedCorners"))
    }

    /// `CGPathSegment.pieceCount(tolerance:)` (CGPathSegment.swift:154)
    /// checks `count.isFinite` but not its size: a curve with coordinates
    /// around 1e300 gives a finite count beyond Int.max and `Int(count)`
    /// traps. Reached from a keyframe animation's path at commit
    /// (CAAnimation.polyline(of:), CAAnimation+Snapshot.swift:44).
    func testKeyframePathWithHugeCoordinatesIsNotACrash() throws {
        let layer = makeVisibleRoot()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1e300, height: 1e300), transform: nil)
        move.duration = 1
        layer.add(move, forKey: "move")
        CATransaction.flush()
        _ = layer.presentation()?.position
    }

    /// `ShadowRenderer.spread(of:)` (Render/EffectsBridge.swift:72) does
    /// `Int(max(abs(offset.x), abs(offset.y)).rounded(.up))`: a finite but
    /// huge shadow offset (1e308, or a moderate one under a huge scale)
    /// traps at render time ("Double value cannot be converted to Int").
    func testHugeShadowOffsetIsNotACrash() throws {
        let host = InlineRenderHost(width: 16, height: 16)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.shadowOpacity = 1
        root.shadowOffset = CGSize(width: 1e308, height: 0)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: CACurrentMediaTime())
    }

    /// `LayerContent.init(key:extent:draw:)` (Render/LayerContent.swift:49)
    /// does `Int((extent.width * key.scale).rounded(.up))` before its size
    /// guard: a layer with finite but huge bounds (1e300 wide) and a
    /// background traps when drawn.
    func testHugeFiniteBoundsAreNotACrash() throws {
        let host = InlineRenderHost(width: 16, height: 16)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 10)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: CACurrentMediaTime())
    }
}

extension HugeInputRegressionTests {
    /// `PixelRect.init(covering:)` (Render/RasterBuffer.swift:71-72) clamps
    /// minX only from below and maxX only from above: a layer whose projected
    /// rectangle lies entirely beyond ±9.2e18 (a far position, nested large
    /// scales, a near-singular transform) traps in `Int(...)`, from
    /// `Compositor.ownCoverage` (Compositor.swift:162) at render time.
    func testDegenerateTransformsAreNotARenderCrash() throws {
        let host = InlineRenderHost(width: 16, height: 16)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.position = CGPoint(x: 1e20, y: 0)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: CACurrentMediaTime())
    }
}
