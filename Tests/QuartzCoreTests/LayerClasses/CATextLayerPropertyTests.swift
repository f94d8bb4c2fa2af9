import XCTest
@testable import QuartzCore

/// CATextLayer's properties: Apple's defaults, typed and key-value coding
/// setters, refused values, animatability and redisplay.
final class CATextLayerPropertyTests: ModelTestCase {
    func testDefaultsAreApples() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.font as? String, "Helvetica")
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor?.rgba.red, 1)
        XCTAssertEqual(layer.foregroundColor?.rgba.green, 1)
        XCTAssertEqual(layer.foregroundColor?.rgba.blue, 1)
        XCTAssertEqual(layer.foregroundColor?.alpha, 1)
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertFalse(layer.allowsFontSubpixelQuantization)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat, 36)
        // CALayer's own defaults are still there.
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
    }

    func testModeRawValuesAreApples() {
        XCTAssertEqual([CATextLayerTruncationMode.none, .start, .end, .middle].map(\.rawValue),
                       ["none", "start", "end", "middle"])
        XCTAssertEqual([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue),
                       ["natural", "left", "right", "center", "justified"])
    }

    func testTypedSettersStoreValues() {
        let layer = CATextLayer()
        layer.string = "Movies"
        layer.font = "Helvetica-Bold"
        layer.fontSize = 24
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.isWrapped = true
        layer.truncationMode = .middle
        layer.alignmentMode = .center
        layer.allowsFontSubpixelQuantization = true
        XCTAssertEqual(layer.string as? String, "Movies")
        XCTAssertEqual(layer.font as? String, "Helvetica-Bold")
        XCTAssertEqual(layer.fontSize, 24)
        XCTAssertEqual(layer.foregroundColor?.rgba.green, 0)
        XCTAssertTrue(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .middle)
        XCTAssertEqual(layer.alignmentMode, .center)
        XCTAssertTrue(layer.allowsFontSubpixelQuantization)
        XCTAssertTrue(diagnostics.all.isEmpty, "\(diagnostics.all)")
    }

    func testKeyValueCodingConvertsValues() {
        let layer = CATextLayer()
        layer.setValue(24, forKey: "fontSize")
        layer.setValue(NSNumber(value: 1), forKey: "wrapped")
        layer.setValue("end", forKey: "truncationMode")
        layer.setValue("right", forKeyPath: "alignmentMode")
        layer.setValue(NSString(string: "Times"), forKey: "font")
        layer.setValue(NSString(string: "Hello"), forKey: "string")
        XCTAssertEqual(layer.fontSize, 24)
        XCTAssertTrue(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .end)
        XCTAssertEqual(layer.alignmentMode, .right)
        XCTAssertEqual(layer.font as? String, "Times")
        XCTAssertEqual(layer.string as? String, "Hello")
        XCTAssertEqual(layer.value(forKey: "fontSize") as? CGFloat, 24)
        XCTAssertEqual(layer.value(forKey: "wrapped") as? Bool, true)
        XCTAssertEqual(layer.value(forKeyPath: "isWrapped") as? Bool, true)
        layer.setValue(false, forKey: "isWrapped")
        XCTAssertFalse(layer.isWrapped)
        layer.setValue(nil, forKey: "string")
        XCTAssertNil(layer.string)
        XCTAssertTrue(diagnostics.all.isEmpty, "\(diagnostics.all)")
    }

    func testWrongTypesAreReportedAndIgnored() {
        let layer = CATextLayer()
        layer.name = "title"
        layer.string = "Kept"
        layer.string = 42
        layer.setValue(CGPoint.zero, forKey: "string")
        layer.font = 3.5
        layer.setValue("huge", forKey: "fontSize")
        layer.setValue(CGFloat.nan, forKey: "fontSize")
        layer.setValue("sideways", forKey: "truncationMode")
        layer.setValue(7, forKey: "alignmentMode")
        layer.setValue("red", forKey: "foregroundColor")
        XCTAssertEqual(layer.string as? String, "Kept")
        XCTAssertEqual(layer.font as? String, "Helvetica")
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertEqual(layer.foregroundColor?.rgba.blue, 1)
        for key in ["string", "font", "fontSize", "truncationMode", "alignmentMode", "foregroundColor"] {
            XCTAssertTrue(diagnostics.contains("layer \"title\", key path \"\(key)\""), "no report for \(key): \(diagnostics.all)")
        }
        XCTAssertTrue(diagnostics.contains("sideways"))
    }

    func testAttributedStringIsCopied() {
        let layer = CATextLayer()
        let text = NSMutableAttributedString(string: "Movies")
        layer.string = text
        text.append(NSAttributedString(string: " and more"))
        XCTAssertEqual((layer.string as? NSAttributedString)?.string, "Movies")
    }

    func testFontSizeAndForegroundColorAreAnimatable() {
        let root = makeVisibleRoot()
        let layer = CATextLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.fontSize = 12
        layer.foregroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.string = "Movies"
        layer.isWrapped = true
        layer.alignmentMode = .center
        XCTAssertEqual(Set(layer.animationKeys() ?? []), ["fontSize", "foregroundColor"])
        let animation = layer.animation(forKey: "fontSize") as? CABasicAnimation
        XCTAssertEqual(animation?.fromValue as? CGFloat, 36)
    }

    func testTextChangesMarkTheLayerForDisplay() {
        for key in ["string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
                    "allowsFontSubpixelQuantization"] {
            XCTAssertTrue(CATextLayer.needsDisplay(forKey: key), key)
        }
        XCTAssertFalse(CATextLayer.needsDisplay(forKey: "position"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "fontSize"))
        let layer = CATextLayer()
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        layer.string = "Movies"
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.position = CGPoint(x: 3, y: 4)
        XCTAssertFalse(layer.needsDisplay())
        layer.alignmentMode = .right
        XCTAssertTrue(layer.needsDisplay())
    }

    func testPresentationCopyKeepsTextValues() {
        let layer = CATextLayer()
        layer.string = "Movies"
        layer.fontSize = 20
        layer.truncationMode = .end
        CATransaction.flush()
        let presentation = layer.presentation()
        XCTAssertEqual(presentation?.string as? String, "Movies")
        XCTAssertEqual(presentation?.fontSize, 20)
        XCTAssertEqual(presentation?.truncationMode, .end)
    }

    func testRenderDescriptionCarriesTheLayersValues() {
        let layer = CATextLayer()
        layer.string = "Movies"
        layer.font = "Times"
        layer.fontSize = 32
        layer.foregroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        layer.contentsScale = 2
        layer.isWrapped = true
        layer.truncationMode = .start
        layer.alignmentMode = .justified
        let description = layer.textRenderDescription
        XCTAssertEqual(description.text, "Movies")
        XCTAssertEqual(description.font, TextFont(name: "Times", size: 32))
        XCTAssertEqual(description.color, TextColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        XCTAssertEqual(description.boundsSize, CGSize(width: 200, height: 50))
        XCTAssertEqual(description.contentsScale, 2)
        XCTAssertTrue(description.isWrapped)
        XCTAssertEqual(description.truncationMode, .start)
        XCTAssertEqual(description.alignmentMode, .justified)
        XCTAssertTrue(description.runs.isEmpty)
    }

    func testAttributedStringDescriptionUsesCoreTextDefaultsAndRuns() {
        let layer = CATextLayer()
        layer.fontSize = 50
        let text = NSMutableAttributedString(string: "héllo 👋 red")
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        text.addAttribute(NSAttributedString.Key("NSColor"), value: red, range: NSRange(location: 9, length: 3))
        text.addAttribute(NSAttributedString.Key("NSFont"), value: "Times", range: NSRange(location: 0, length: 5))
        text.addAttribute(NSAttributedString.Key("NSFont"),
                          value: ["NSFontNameAttribute": "Courier", "NSFontSizeAttribute": 20] as [String: Any],
                          range: NSRange(location: 6, length: 2))
        layer.string = text
        let description = layer.textRenderDescription
        XCTAssertEqual(description.text, "héllo 👋 red")
        XCTAssertEqual(description.font, TextFont(name: "Helvetica", size: 12), "font and fontSize apply to plain strings only")
        XCTAssertEqual(description.color, .black)
        // UTF-8 offsets: "héllo" is 6 bytes, "👋" 4 bytes, "red" starts at byte 12.
        XCTAssertEqual(description.runs, [
            TextRun(utf8Range: 0..<6, font: TextFont(name: "Times", size: 12)),
            TextRun(utf8Range: 7..<11, font: TextFont(name: "Courier", size: 20)),
            TextRun(utf8Range: 12..<15, color: TextColor(red: 1, green: 0, blue: 0, alpha: 1)),
        ])
    }

    func testUnderstoodAttributeValuesOnlyAreRead() {
        let layer = CATextLayer()
        layer.name = "caption"
        let text = NSMutableAttributedString(string: "Movies")
        text.addAttribute(NSAttributedString.Key("NSColor"), value: "red", range: NSRange(location: 0, length: 3))
        layer.string = text
        XCTAssertTrue(layer.textRenderDescription.runs.isEmpty)
        XCTAssertTrue(diagnostics.contains("layer \"caption\", key path \"string\""))
    }
}
