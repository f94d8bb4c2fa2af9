import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Apple API apps use: `contentsFormat`, `contentsAreFlipped()`,
/// `wantsExtendedDynamicRangeContent`, `kCARendererColorSpace`, `CATextLayer.font` as a `CGFont` or a `CFTypeRef`.
final class LayerAPIAdditionsTests: ModelTestCase {
    func testContentsFormatKeepsAppleConstants() {
        let layer = CALayer()
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertEqual(CALayerContentsFormat.RGBA8Uint.rawValue, "RGBA8")
        XCTAssertEqual(CALayerContentsFormat.RGBA16Float.rawValue, "RGBAh")
        XCTAssertEqual(CALayerContentsFormat.gray8Uint.rawValue, "Gray8")
        layer.contentsFormat = .gray8Uint
        XCTAssertEqual(layer.contentsFormat, .gray8Uint)
        layer.setValue("RGBAh", forKey: "contentsFormat")
        XCTAssertEqual(layer.contentsFormat, .RGBA16Float, "the raw string through key-value coding")
        layer.setValue(12, forKey: "contentsFormat")
        XCTAssertEqual(layer.contentsFormat, .RGBA16Float, "a number is refused")
        XCTAssertTrue(diagnostics.contains("contentsFormat"))
    }

    /// `wantsExtendedDynamicRangeContent` (iOS 17): false by default, kept
    /// as set, through key-value coding too, and never animated.
    func testWantsExtendedDynamicRangeContentIsKept() {
        let layer = CALayer()
        XCTAssertFalse(layer.wantsExtendedDynamicRangeContent)
        layer.wantsExtendedDynamicRangeContent = true
        XCTAssertTrue(layer.wantsExtendedDynamicRangeContent)
        XCTAssertEqual(layer.value(forKey: "wantsExtendedDynamicRangeContent") as? Bool, true)
        layer.setValue(false, forKey: "wantsExtendedDynamicRangeContent")
        XCTAssertFalse(layer.wantsExtendedDynamicRangeContent)
        XCTAssertNil(layer.action(forKey: "wantsExtendedDynamicRangeContent"))
    }

    /// Apple: true when "there are an odd number of layers with
    /// flippedGeometry=YES from the receiver up to and including the
    /// implicit container of the root layer".
    func testContentsAreFlippedCountsFlippedLayersUpToTheRoot() {
        let root = CALayer(), middle = CALayer(), leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        XCTAssertFalse(leaf.contentsAreFlipped())
        root.isGeometryFlipped = true
        XCTAssertTrue(leaf.contentsAreFlipped())
        XCTAssertTrue(root.contentsAreFlipped())
        middle.isGeometryFlipped = true
        XCTAssertFalse(leaf.contentsAreFlipped(), "two flips cancel")
        XCTAssertFalse(middle.contentsAreFlipped())
        leaf.isGeometryFlipped = true
        XCTAssertTrue(leaf.contentsAreFlipped())
    }

    func testRendererColorSpaceOption() throws {
        let context = try XCTUnwrap(CGContext.makeLayerContext(width: 4, height: 4, scale: 1))
        _ = CARenderer(cgContext: context, options: [kCARendererColorSpace: CGColorSpaceCreateDeviceRGB()])
        XCTAssertFalse(diagnostics.contains("kCARendererColorSpace"), "an RGB space is drawn as asked")
        _ = CARenderer(cgContext: context, options: [kCARendererColorSpace: CGColorSpaceCreateDeviceGray()])
        XCTAssertTrue(diagnostics.contains("kCARendererColorSpace"), "a grey one is said to be drawn in RGB")
    }

    func testTextLayerFontTakesACGFontOrACFTypeRef() throws {
        let text = CATextLayer()
        let bold = CGFont("DejaVu Sans Bold" as CFString)
        text.font = bold
        XCTAssertTrue(text.font as? CGFont === bold, "read back as the CGFont set, as on Apple")
        XCTAssertEqual(text.fontName, "DejaVu Sans Bold", "drawn with the name it stands for")
        let archived = try NSKeyedArchiver.archivedData(withRootObject: text, requiringSecureCoding: true)
        let decoded = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CATextLayer.self, from: archived))
        XCTAssertEqual((decoded.font as? CGFont)?.postScriptName, "DejaVu Sans Bold", "archived as a CGFont")
        text.font = "DejaVu Serif" as CFTypeRef
        XCTAssertEqual(text.font as? String, "DejaVu Serif")
        XCTAssertNil(CGFont("" as CFString))
        text.font = 12
        XCTAssertEqual(text.font as? String, "DejaVu Serif", "a number is refused")
        XCTAssertTrue(diagnostics.contains("CGFont"))
        // Drawn with the font it names: bold is wider than regular.
        func inkWidth(_ font: Any) throws -> CGFloat {
            let layer = CATextLayer()
            layer.string = "Lamina"
            layer.font = font
            layer.fontSize = 30
            layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 50)
            return try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds()).width
        }
        XCTAssertGreaterThan(try inkWidth(CGFont("DejaVuSans-Bold" as CFString) as Any), try inkWidth("DejaVuSans"))
    }
}
