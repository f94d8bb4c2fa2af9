import CoreGraphics
import ImageIO
import XCTest

/// Writing PNG files with ImageIO's `CGImageDestination` and reading them
/// back with `CGImageSource`.
final class CGImageDestinationTests: DiagnosticsTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("CGImageDestinationTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// A 5×3 image whose pixels cover opaque, translucent and clear values,
    /// each validly premultiplied (no colour above its alpha).
    private func translucentImage() -> CGImage {
        let alphas: [UInt32] = [255, 254, 200, 128, 127, 64, 33, 17, 3, 1, 0, 255, 90, 160, 240]
        return CGImage(storage: PixelStorage(width: 5, height: 3) { base, stride in
            for index in 0..<15 {
                let a = alphas[index]
                let r = a * UInt32(index) / 14, g = a - r, b = a / 2
                let word = a << 24 | r << 16 | g << 8 | b
                base.storeBytes(of: word, toByteOffset: (index / 5) * stride + (index % 5) * 4, as: UInt32.self)
            }
        })
    }

    private func opaqueImage() -> CGImage {
        CGImage(storage: PixelStorage(width: 2, height: 2) { base, stride in
            for index in 0..<4 {
                let word: UInt32 = 0xFF00_0000 | UInt32(index * 60) << 16 | 0x80 << 8 | UInt32(255 - index * 60)
                base.storeBytes(of: word, toByteOffset: (index / 2) * stride + (index % 2) * 4, as: UInt32.self)
            }
        })
    }

    private func assertSamePixels(_ actual: CGImage?, _ expected: CGImage,
                                  file: StaticString = #filePath, line: UInt = #line) {
        guard let actual else { return XCTFail("no image", file: file, line: line) }
        XCTAssertEqual(actual.width, expected.width, file: file, line: line)
        XCTAssertEqual(actual.height, expected.height, file: file, line: line)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                XCTAssertEqual(actual.argb(x: x, y: y), expected.argb(x: x, y: y), "pixel (\(x), \(y))",
                               file: file, line: line)
            }
        }
    }

    /// The PNG colour type in the IHDR chunk, which PNG requires to come
    /// first: 2 for RGB, 6 for RGB with alpha.
    private func pngColorType(_ data: Data) -> UInt8 {
        data[data.startIndex + 25]
    }

    private func encodedData(_ image: CGImage) throws -> Data {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        return data as Data
    }

    // MARK: Writing

    func testDataRoundTripKeepsEveryPixelAndItsAlpha() throws {
        let image = translucentImage()
        let data = try encodedData(image)
        XCTAssertTrue(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG file")
        XCTAssertEqual(pngColorType(data), 6, "translucent pixels need an alpha channel")
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetType(source), "public.png")
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        // PNG stores straight alpha: pixels written premultiplied, as they
        // are, would come back darkened (premultiplied twice).
        assertSamePixels(CGImageSourceCreateImageAtIndex(source, 0, nil), image)
        XCTAssertEqual(diagnostics.messages, [])
    }

    func testOpaqueImageIsWrittenWithoutAlpha() throws {
        let image = opaqueImage()
        let data = try encodedData(image)
        XCTAssertEqual(pngColorType(data), 2)
        assertSamePixels(CGImage.load(data: data), image)
    }

    func testImageDrawnWithAlphaInAContextRoundTrips() throws {
        let context = makeNativeContext(width: 8, height: 8)
        context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.4)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 6))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.argb(x: 4, y: 4)[0], 102, "translucent in the middle")
        assertSamePixels(CGImage.load(data: try encodedData(image)), image)
    }

    func testURLDestinationWritesTheFile() throws {
        let url = directory.appendingPathComponent("written.png")
        let image = translucentImage()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "nothing is written before finalizing")
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(url, nil))
        assertSamePixels(CGImageSourceCreateImageAtIndex(source, 0, nil), image)
        XCTAssertEqual(diagnostics.messages, [])
    }

    func testDataDestinationAppendsToTheData() throws {
        let data = NSMutableData(data: Data([1, 2, 3]))
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        XCTAssertEqual(data.length, 3, "nothing is written before finalizing")
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let bytes = data as Data
        XCTAssertEqual(Array(bytes.prefix(3)), [1, 2, 3])
        XCTAssertNotNil(CGImage.load(data: bytes.dropFirst(3)))
    }

    func testTypeIdentifiersListPNG() {
        XCTAssertEqual(CGImageDestinationCopyTypeIdentifiers() as? [String], ["public.png"])
    }

    // MARK: Failures

    func testUnwritablePathFailsAtFinalize() throws {
        let url = directory.appendingPathComponent("missing-folder/out.png")
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        XCTAssertFalse(CGImageDestinationFinalize(destination))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertEqual(diagnostics.messages.count, 1)
        XCTAssertTrue(diagnostics.messages.first?.contains("could not be written") ?? false, "\(diagnostics.messages)")
    }

    func testOtherTypesAndURLsGiveNil() {
        let url = directory.appendingPathComponent("out.jpg")
        XCTAssertNil(CGImageDestinationCreateWithURL(url, "public.jpeg", 1, nil))
        XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData(), "com.compuserve.gif", 1, nil))
        XCTAssertNil(CGImageDestinationCreateWithURL(URL(string: "https://example.com/a.png")!, "public.png", 1, nil))
        XCTAssertEqual(diagnostics.messages.count, 3, "\(diagnostics.messages)")
        XCTAssertTrue(diagnostics.messages[0].contains("public.jpeg"))
    }

    func testFinalizingWithoutAnImageFails() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        XCTAssertFalse(CGImageDestinationFinalize(destination))
        XCTAssertEqual(data.length, 0)
        XCTAssertTrue(diagnostics.messages.first?.contains("at least one image") ?? false, "\(diagnostics.messages)")
    }

    func testMoreImagesThanTheCountFailsAndWritesNothing() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        CGImageDestinationAddImage(destination, translucentImage(), nil)
        XCTAssertEqual(diagnostics.messages.count, 1, "adding too many is reported at once")
        XCTAssertFalse(CGImageDestinationFinalize(destination))
        XCTAssertEqual(data.length, 0)
    }

    func testCountOtherThanOne() throws {
        XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData(), "public.png", 2, nil),
                     "one image per PNG")
        // ImageIO takes a count of 0 as 1, logging "invalid capacity".
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 0, nil))
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        XCTAssertGreaterThan(data.length, 0)
        XCTAssertEqual(diagnostics.messages.count, 2, "\(diagnostics.messages)")
    }

    func testADestinationIsFinalizedOnce() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let written = data.length
        CGImageDestinationAddImage(destination, opaqueImage(), nil)
        XCTAssertFalse(CGImageDestinationFinalize(destination))
        XCTAssertEqual(data.length, written, "nothing more is written")
        XCTAssertEqual(diagnostics.messages.count, 2, "\(diagnostics.messages)")
    }

    func testAnImageWithNoPixelsCannotBeEncoded() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, CGImage(storage: PixelStorage(width: 0, height: 0) { _, _ in }), nil)
        XCTAssertFalse(CGImageDestinationFinalize(destination))
        XCTAssertEqual(data.length, 0)
        XCTAssertTrue(diagnostics.messages.first?.contains("could not be encoded") ?? false, "\(diagnostics.messages)")
    }
}

/// Apple's spelling compiles unchanged: `import ImageIO` and the Core
/// Foundation casts, which name the Swift types on Linux.
final class ImageIOSpellingTests: XCTestCase {
    func testAppleCallSitesCompileAndWrite() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("imageio-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        let image = try XCTUnwrap(context.makeImage())
        // As an app writes it on Apple platforms:
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let data = NSMutableData()
        let toData = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1,
                                                                    [:] as CFDictionary))
        CGImageDestinationAddImage(toData, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(toData))
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(url as CFURL, nil))
        let read = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(read.width, 4)
        XCTAssertEqual(read.height, 3)
        XCTAssertEqual(Data(referencing: data), try Data(contentsOf: url), "the same PNG to a file and to data")
    }
}
