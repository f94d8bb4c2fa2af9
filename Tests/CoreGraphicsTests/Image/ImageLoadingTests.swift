import CoreGraphics
import XCTest

/// Decoding PNG and JPEG files into premultiplied ARGB, and refusing broken ones.
final class ImageLoadingTests: DiagnosticsTestCase {
    func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
    }

    /// Asserts the image's pixel (row 0 at the top) is within `tolerance` of (a, r, g, b).
    func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [UInt8], tolerance: Int = 0,
                     file: StaticString = #filePath, line: UInt = #line) {
        let actual = image.argb(x: x, y: y)
        let close = zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        XCTAssertTrue(close, "pixel (\(x), \(y)) is \(actual), expected \(expected) ±\(tolerance)", file: file, line: line)
    }

    func testRGBAPNGIsPremultipliedAndUpright() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("rgba.png")))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 2)
        assertPixel(image, 0, 0, [255, 255, 0, 0])
        assertPixel(image, 1, 0, [255, 0, 255, 0])
        assertPixel(image, 2, 0, [255, 0, 0, 255])
        assertPixel(image, 3, 0, [128, 128, 128, 128], tolerance: 1)
        assertPixel(image, 0, 1, [255, 0, 0, 0])
        assertPixel(image, 2, 1, [0, 0, 0, 0])
        assertPixel(image, 3, 1, [255, 255, 128, 0])
        XCTAssertEqual(diagnostics.messages, [])
    }

    func testSixteenBitPNGIsReducedToEightBits() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("rgba16.png")))
        assertPixel(image, 0, 0, [255, 255, 0, 0])
        assertPixel(image, 3, 0, [128, 128, 128, 128], tolerance: 1)
        assertPixel(image, 3, 1, [255, 255, 128, 0], tolerance: 1)
    }

    func testPalettePNGWithTransparencyExpandsToARGB() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("palette.png")))
        assertPixel(image, 0, 0, [255, 255, 0, 0])
        assertPixel(image, 3, 0, [255, 255, 255, 255])
        assertPixel(image, 2, 1, [0, 0, 0, 0], tolerance: 0)
        assertPixel(image, 3, 1, [255, 255, 128, 0])
    }

    func testGrayPNGBecomesOpaqueGrayRGB() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("gray.png")))
        assertPixel(image, 0, 0, [255, 0, 0, 0])
        assertPixel(image, 1, 0, [255, 85, 85, 85])
        assertPixel(image, 0, 1, [255, 170, 170, 170])
        assertPixel(image, 1, 1, [255, 255, 255, 255])
    }

    func testGrayAlphaPNG() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("gray-alpha.png")))
        assertPixel(image, 0, 0, [128, 128, 128, 128], tolerance: 1)
        assertPixel(image, 1, 0, [255, 0, 0, 0])
    }

    func testJPEGDecodesOpaqueAndUpright() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("photo.jpg")))
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.height, 16)
        assertPixel(image, 3, 3, [255, 255, 0, 0], tolerance: 6)
        assertPixel(image, 12, 3, [255, 0, 255, 0], tolerance: 6)
        assertPixel(image, 3, 12, [255, 0, 0, 255], tolerance: 6)
        assertPixel(image, 12, 12, [255, 255, 255, 255], tolerance: 6)
    }

    func testGrayJPEG() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("gray.jpg")))
        assertPixel(image, 4, 4, [255, 128, 128, 128], tolerance: 3)
    }

    func testCMYKJPEGWithAdobeMarkerConvertsToRGB() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("cmyk.jpg")))
        assertPixel(image, 4, 4, [255, 255, 0, 0], tolerance: 6)
    }

    func testImageSourceAPI() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(fixture("rgba.png"), nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        XCTAssertEqual(CGImageSourceGetType(source), "public.png")
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        assertPixel(image, 0, 0, [255, 255, 0, 0])
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 1, nil))
        XCTAssertEqual(diagnostics.messages.count, 1, "the bad index is reported")

        let data = try Data(contentsOf: fixture("photo.jpg"))
        let jpeg = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetType(jpeg), "public.jpeg")
        XCTAssertEqual(CGImageSourceCreateImageAtIndex(jpeg, 0, nil)?.width, 16)
        XCTAssertNotNil(CGImage.load(data: data))
    }

    func testBrokenFilesReturnNilWithOneReasonEach() {
        let cases: [(String, String)] = [
            ("truncated.png", "truncated"),
            ("corrupt.png", "CRC mismatch"),
            ("bad-data.png", "could not be decoded"),
            ("huge.png", "too large"),
            ("truncated.jpg", "truncated"),
            ("corrupt.jpg", "JPEG header is invalid"),
            ("empty.png", "empty"),
            ("not-an-image.png", "not a PNG or JPEG"),
            ("missing.png", "no such file"),
        ]
        for (name, reason) in cases {
            let before = diagnostics.messages.count
            XCTAssertNil(CGImage.load(contentsOf: fixture(name)), name)
            let reported = diagnostics.messages.dropFirst(before)
            XCTAssertEqual(reported.count, 1, "\(name): \(Array(reported))")
            XCTAssertTrue(reported.first?.contains(reason) ?? false, "\(name): \(Array(reported))")
            XCTAssertTrue(reported.first?.contains(name) ?? false, "the report names the file: \(Array(reported))")
        }
    }

    func testImageSourceStatusForBrokenData() throws {
        let truncated = try XCTUnwrap(CGImageSourceCreateWithURL(fixture("truncated.png"), nil))
        XCTAssertEqual(CGImageSourceGetCount(truncated), 1)
        XCTAssertEqual(CGImageSourceGetStatus(truncated), .statusUnexpectedEOF)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(truncated, 0, nil))
        let corrupt = try XCTUnwrap(CGImageSourceCreateWithURL(fixture("corrupt.jpg"), nil))
        XCTAssertEqual(CGImageSourceGetStatus(corrupt), .statusInvalidData)
        let empty = try XCTUnwrap(CGImageSourceCreateWithData(Data(), nil))
        XCTAssertEqual(CGImageSourceGetCount(empty), 0)
        XCTAssertNil(CGImageSourceGetType(empty))
        XCTAssertEqual(CGImageSourceGetStatus(empty), .statusUnknownType)
        XCTAssertNil(CGImageSourceCreateWithURL(fixture("missing.png"), nil))
        XCTAssertNil(CGImageSourceCreateWithURL(URL(string: "https://example.com/a.png")!, nil))
    }

    func testEveryPrefixOfAPNGAndAJPEGFailsCleanly() throws {
        // No crash, hang or process exit on any truncation point.
        for name in ["rgba.png", "photo.jpg"] {
            let data = try Data(contentsOf: fixture(name))
            for length in 0..<data.count {
                XCTAssertNil(CGImage.load(data: data.prefix(length)), "\(name) cut at \(length)")
            }
        }
    }

    func testLoadedImagesDrawUprightIntoAContext() throws {
        let image = try XCTUnwrap(CGImage.load(contentsOf: fixture("rgba.png")))
        let context = makeNativeContext(width: 4, height: 2)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 0), [255, 255, 0, 0])
        XCTAssertEqual(context.argb(x: 0, row: 1), [255, 0, 0, 0])
    }
}
