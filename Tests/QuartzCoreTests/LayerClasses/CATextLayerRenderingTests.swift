import XCTest
@testable import QuartzCore

/// Text drawn by `TextRenderer` from a layer's description: where the ink
/// lands, in what colour, and how wrapping, truncation and alignment move it.
final class CATextLayerRenderingTests: ModelTestCase {
    func testMoviesIsDrawnAtTheTopInTheForegroundColor() throws {
        let layer = textLayer("Movies", size: CGSize(width: 200, height: 60), fontSize: 32)
        let image = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 60)
        let ink = try XCTUnwrap(image.inkBounds())
        // The first line hangs from the top: cap height at 32 pt is about 23.
        XCTAssertLessThan(ink.minY, 14)
        XCTAssertGreaterThan(ink.minY, 1)
        XCTAssertLessThan(ink.maxY, 36, "no descenders in \"Movies\"")
        XCTAssertLessThan(ink.minX, 8)
        XCTAssertGreaterThan(ink.width, 70)
        XCTAssertLessThan(ink.maxX, 160)
        let solid = image.pixels.filter { $0 >> 24 == 0xFF }
        XCTAssertGreaterThan(solid.count, 50)
        XCTAssertTrue(solid.allSatisfy { $0 == 0xFFFF_FFFF }, "opaque white by default")
        XCTAssertEqual(image.storage.pixel(x: 199, y: 59), 0, "transparent outside the text")
    }

    func testForegroundColorIsUsed() throws {
        let layer = textLayer("Movies", size: CGSize(width: 200, height: 60), fontSize: 32)
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let image = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        let solid = image.pixels.filter { $0 >> 24 == 0xFF }
        XCTAssertGreaterThan(solid.count, 50)
        XCTAssertTrue(solid.allSatisfy { $0 == 0xFFFF_0000 })
    }

    func testContentsScaleMultipliesPixels() throws {
        let layer = textLayer("Movies", size: CGSize(width: 200, height: 60), fontSize: 32)
        let single = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        layer.contentsScale = 2
        let image = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        XCTAssertEqual(image.width, 400)
        XCTAssertEqual(image.height, 120)
        let double = try XCTUnwrap(image.inkBounds())
        XCTAssertEqual(double.width, single.width * 2, accuracy: 4)
        XCTAssertEqual(double.height, single.height * 2, accuracy: 4)
    }

    func testAlignmentMovesTheInk() throws {
        let layer = textLayer("Movies", size: CGSize(width: 300, height: 50), fontSize: 32)
        func ink(_ mode: CATextLayerAlignmentMode) throws -> CGRect {
            layer.alignmentMode = mode
            return try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds(), mode.rawValue)
        }
        let left = try ink(.left), center = try ink(.center), right = try ink(.right), natural = try ink(.natural)
        XCTAssertLessThan(left.minX, 8)
        XCTAssertEqual(center.midX, 150, accuracy: 4)
        XCTAssertGreaterThan(right.maxX, 290)
        XCTAssertEqual(left.width, right.width, accuracy: 1)
        XCTAssertEqual(natural, left, "natural is left for a left-to-right script")
        // Wrapped text is aligned by pango within the width: the same places.
        layer.isWrapped = true
        XCTAssertEqual(try ink(.center).midX, 150, accuracy: 4)
        XCTAssertGreaterThan(try ink(.right).maxX, 290)
    }

    func testNaturalAlignmentOfRightToLeftTextIsRight() throws {
        let layer = textLayer("שלום עולם", size: CGSize(width: 300, height: 50), fontSize: 24)
        let ink = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertGreaterThan(ink.maxX, 285)
        XCTAssertGreaterThan(ink.minX, 100)
    }

    func testWrappingMakesMoreLines() throws {
        let text = "Movies and television shows for everyone"
        let layer = textLayer(text, size: CGSize(width: 150, height: 300), fontSize: 20)
        let single = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertEqual(single.maxX, 150, "unwrapped text runs past the bounds and is clipped")
        layer.isWrapped = true
        let wrapped = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertGreaterThan(wrapped.height, single.height * 2.5)
        XCTAssertLessThan(wrapped.maxX, 150)
    }

    func testHardLineBreaksMakeLinesWithoutWrapping() throws {
        let layer = textLayer("Movies\nMusic", size: CGSize(width: 200, height: 100), fontSize: 20)
        let ink = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertGreaterThan(ink.height, 35)
    }

    func testTruncationEllipsizesEachLineAtTheWidth() throws {
        let text = "Movies and television shows for everyone"
        let layer = textLayer(text, size: CGSize(width: 150, height: 40), fontSize: 20)
        let clipped = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        XCTAssertEqual(try XCTUnwrap(clipped.inkBounds()).maxX, 150, "untruncated text is clipped at the edge")
        var images: [CATextLayerTruncationMode: CGImage] = [:]
        for mode in [CATextLayerTruncationMode.start, .middle, .end] {
            layer.truncationMode = mode
            let image = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
            XCTAssertLessThan(try XCTUnwrap(image.inkBounds(), mode.rawValue).maxY, 30, "\(mode.rawValue): one line")
            XCTAssertNotEqual(image.pixels, clipped.pixels, mode.rawValue)
            images[mode] = image
        }
        let start = try XCTUnwrap(images[.start]), middle = try XCTUnwrap(images[.middle]), end = try XCTUnwrap(images[.end])
        // The beginning is kept by end and middle truncation: the same "M".
        let leadingM = try XCTUnwrap(clipped.inkBounds(columns: 0..<6))
        XCTAssertGreaterThan(leadingM.height, 10)
        XCTAssertEqual(end.inkBounds(columns: 0..<6), leadingM)
        XCTAssertEqual(middle.inkBounds(columns: 0..<6), leadingM)
        // Start truncation begins with the ellipsis: a dot on the baseline.
        XCTAssertLessThan(try XCTUnwrap(start.inkBounds(columns: 0..<4)).height, 6)
        // End truncation ends with the ellipsis, inside the width.
        XCTAssertLessThan(try XCTUnwrap(end.inkBounds()).maxX, 149)
        XCTAssertNotEqual(middle.pixels, end.pixels)
    }

    func testWrappedTruncationEndsWithTheLastLineThatFits() throws {
        let text = "Movies and television shows for everyone, every day of the week"
        let layer = textLayer(text, size: CGSize(width: 150, height: 60), fontSize: 20)
        layer.isWrapped = true
        let clipped = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertEqual(clipped.maxY, 60, "untruncated wrapped text runs past the bottom")
        layer.truncationMode = .end
        let truncated = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertLessThan(truncated.maxY, 58)
        XCTAssertGreaterThan(truncated.height, 30, "more than one line")
    }

    func testAttributedRunsHaveTheirOwnColors() throws {
        let text = NSMutableAttributedString(string: "Red Blue")
        text.addAttribute(NSAttributedString.Key("NSColor"), value: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                          range: NSRange(location: 0, length: 3))
        text.addAttribute(NSAttributedString.Key("CTForegroundColor"), value: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                          range: NSRange(location: 4, length: 4))
        text.addAttribute(NSAttributedString.Key("NSFont"), value: ["NSFontSizeAttribute": 30] as [String: Any],
                          range: NSRange(location: 0, length: 8))
        let layer = textLayer("", size: CGSize(width: 300, height: 60), fontSize: 10)
        layer.string = text
        let image = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        let red = image.points { $0 == 0xFFFF_0000 }, blue = image.points { $0 == 0xFF00_00FF }
        XCTAssertGreaterThan(red.count, 20)
        XCTAssertGreaterThan(blue.count, 20)
        XCTAssertLessThan(red.map(\.x).max()!, blue.map(\.x).min()!)
        XCTAssertGreaterThan(try XCTUnwrap(image.inkBounds()).height, 18, "30-point runs, not the layer's 10")
    }

    func testUnknownFontFallsBackAndRenders() throws {
        let layer = textLayer("Movies", size: CGSize(width: 200, height: 60), fontSize: 32)
        layer.font = "No Such Font Anywhere-BoldItalic"
        XCTAssertNotNil(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        layer.font = "Helvetica"
        XCTAssertNotNil(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
    }

    func testEmptyAndNilStringsRenderTransparent() throws {
        let layer = textLayer("", size: CGSize(width: 40, height: 20), fontSize: 32)
        let empty = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        XCTAssertEqual(empty.width, 40)
        XCTAssertTrue(empty.pixels.allSatisfy { $0 == 0 })
        layer.string = nil
        let none = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription))
        XCTAssertTrue(none.pixels.allSatisfy { $0 == 0 })
    }

    func testBadSizesDoNotCrash() throws {
        let layer = textLayer("Movies", size: .zero, fontSize: 32)
        XCTAssertNil(TextRenderer.render(layer.textRenderDescription))
        layer.bounds = CGRect(x: 0, y: 0, width: -20, height: 10)
        XCTAssertNil(TextRenderer.render(layer.textRenderDescription))
        var description = layer.textRenderDescription
        description.boundsSize = CGSize(width: CGFloat.nan, height: 10)
        XCTAssertNil(TextRenderer.render(description))
        description.boundsSize = CGSize(width: 1e9, height: 1e9)
        XCTAssertNil(TextRenderer.render(description))
        XCTAssertTrue(diagnostics.contains("not drawn"))
        description.boundsSize = CGSize(width: 100, height: 40)
        description.contentsScale = .nan
        XCTAssertEqual(TextRenderer.render(description)?.width, 100, "a bad scale counts as 1")
        description.contentsScale = 0
        XCTAssertEqual(TextRenderer.render(description)?.width, 100)
        description.font.size = -5
        XCTAssertNil(try XCTUnwrap(TextRenderer.render(description)).inkBounds(), "a negative size draws nothing")
        XCTAssertEqual(TextRenderer.preferredSize(description), .zero)
        description.font.size = .nan
        XCTAssertNil(try XCTUnwrap(TextRenderer.render(description)).inkBounds())
        description.font.size = 0
        XCTAssertNotNil(try XCTUnwrap(TextRenderer.render(description)).inkBounds(), "0 is Core Text's 12 points")
        description.font.size = 5000
        XCTAssertNotNil(TextRenderer.render(description), "a huge font is drawn, clipped")
        description.font.size = 1e12
        XCTAssertNotNil(TextRenderer.render(description), "past what FreeType takes: drawn smaller")
        XCTAssertTrue(diagnostics.contains("font size"))
        description.runs = [TextRun(utf8Range: -4..<400, color: .black)]
        XCTAssertNotNil(TextRenderer.render(description), "runs past the text are cut")
    }

    func testNulCharactersDoNotEndTheText() throws {
        let layer = textLayer("M\0MMMM", size: CGSize(width: 200, height: 40), fontSize: 20)
        let ink = try XCTUnwrap(TextRenderer.render(layer.textRenderDescription)?.inkBounds())
        XCTAssertGreaterThan(ink.width, 60)
    }

    func testRenderingFromManyThreadsGivesTheSameImage() throws {
        let description = textLayer("Movies", size: CGSize(width: 200, height: 60), fontSize: 32).textRenderDescription
        let expected = try XCTUnwrap(TextRenderer.render(description)).pixels
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            results.append(TextRenderer.render(description)?.pixels == expected)
        }
        XCTAssertEqual(results.values, Array(repeating: true, count: 8))
    }

    private func textLayer(_ string: String, size: CGSize, fontSize: CGFloat) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = fontSize
        layer.bounds = CGRect(origin: .zero, size: size)
        return layer
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    func append(_ value: Bool) { lock.withLock { stored.append(value) } }
    var values: [Bool] { lock.withLock { stored } }
}

extension CGImage {
    /// Every pixel, row by row: premultiplied ARGB words.
    var pixels: [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { x in storage.pixel(x: x, y: y) } }
    }

    /// Pixels matching `test`, as points.
    func points(where test: (UInt32) -> Bool) -> [CGPoint] {
        (0..<height).flatMap { y in
            (0..<width).compactMap { x in test(storage.pixel(x: x, y: y)) ? CGPoint(x: x, y: y) : nil }
        }
    }

    /// The bounding box, in pixels, of the pixels with alpha above
    /// `threshold` (out of 255), in `columns` or all; nil when there are none.
    func inkBounds(threshold: UInt32 = 64, columns: Range<Int>? = nil) -> CGRect? {
        let ink = points { $0 >> 24 > threshold }.filter { columns?.contains(Int($0.x)) ?? true }
        guard let minX = ink.map(\.x).min(), let maxX = ink.map(\.x).max(),
              let minY = ink.map(\.y).min(), let maxY = ink.map(\.y).max() else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
