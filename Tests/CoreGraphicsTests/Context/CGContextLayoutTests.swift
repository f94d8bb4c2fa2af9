import CoreGraphics
import XCTest

/// Bitmap contexts in each of Apple's supported 32-bit RGB layouts: where
/// the components land in memory, and Apple's bottom-left origin.
final class CGContextLayoutTests: DiagnosticsTestCase {
    /// One accepted layout and the memory order of its bytes ("X" is the unused byte).
    struct Layout {
        let alpha: CGImageAlphaInfo
        let order: CGBitmapInfo
        let memoryOrder: String
        var info: UInt32 { alpha.rawValue | order.rawValue }
    }

    static let layouts: [Layout] = [
        Layout(alpha: .premultipliedFirst, order: [], memoryOrder: "ARGB"),
        Layout(alpha: .premultipliedFirst, order: .byteOrder32Big, memoryOrder: "ARGB"),
        Layout(alpha: .premultipliedFirst, order: .byteOrder32Little, memoryOrder: "BGRA"),
        Layout(alpha: .premultipliedLast, order: [], memoryOrder: "RGBA"),
        Layout(alpha: .premultipliedLast, order: .byteOrder32Big, memoryOrder: "RGBA"),
        Layout(alpha: .premultipliedLast, order: .byteOrder32Little, memoryOrder: "ABGR"),
        Layout(alpha: .noneSkipFirst, order: [], memoryOrder: "XRGB"),
        Layout(alpha: .noneSkipFirst, order: .byteOrder32Big, memoryOrder: "XRGB"),
        Layout(alpha: .noneSkipFirst, order: .byteOrder32Little, memoryOrder: "BGRX"),
        Layout(alpha: .noneSkipLast, order: [], memoryOrder: "RGBX"),
        Layout(alpha: .noneSkipLast, order: .byteOrder32Big, memoryOrder: "RGBX"),
        Layout(alpha: .noneSkipLast, order: .byteOrder32Little, memoryOrder: "XBGR"),
    ]

    /// The bytes of (a, r, g, b) in `memoryOrder`.
    func expected(_ memoryOrder: String, a: UInt8, r: UInt8, g: UInt8, b: UInt8) -> [UInt8] {
        memoryOrder.map { letter -> UInt8 in
            switch letter {
            case "A", "X": return a
            case "R": return r
            case "G": return g
            default: return b
            }
        }
    }

    func testEveryLayoutPutsTheComponentsInTheRightBytesWithTheOriginBottomLeft() {
        for layout in Self.layouts {
            // Padded rows: 8 pixels in 40 bytes.
            let bitmap = TestBitmap(width: 8, height: 6, bytesPerRow: 40)
            guard let context = bitmap.context(layout.info) else {
                XCTFail("no context for \(layout.memoryOrder) \(layout.alpha)"); continue
            }
            context.setFillColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
            // y 1..<3 in Quartz's y-up space: memory rows 6-3 = 3 and 4.
            context.fill(CGRect(x: 2, y: 1, width: 3, height: 2))
            let colour = expected(layout.memoryOrder, a: 0xFF, r: 0xFF, g: 0x80, b: 0x40)
            for row in 3...4 {
                for x in 2...4 {
                    XCTAssertEqual(bitmap.bytes(x: x, row: row), colour, "\(layout.memoryOrder) (\(x), row \(row))")
                }
            }
            let untouched: [(Int, Int)] = [(1, 3), (5, 4), (2, 2), (2, 5), (0, 0)]
            for (x, row) in untouched {
                let bytes = bitmap.bytes(x: x, row: row)
                let colourBytes = layout.memoryOrder.enumerated().filter { $0.element != "X" }.map { bytes[$0.offset] }
                XCTAssertEqual(colourBytes, [0, 0, 0, 0].prefix(colourBytes.count).map { $0 },
                               "\(layout.memoryOrder) (\(x), row \(row)) stays empty")
            }
            XCTAssertEqual(context.bitmapInfo.rawValue, layout.info)
            XCTAssertEqual(context.alphaInfo, layout.alpha)
        }
        XCTAssertEqual(diagnostics.messages, [])
    }

    func testPremultipliedLayoutsStorePremultipliedColour() {
        for layout in Self.layouts where layout.alpha == .premultipliedFirst || layout.alpha == .premultipliedLast {
            let bitmap = TestBitmap(width: 4, height: 4)
            let context = bitmap.context(layout.info)!
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            XCTAssertEqual(bitmap.bytes(x: 1, row: 1), expected(layout.memoryOrder, a: 0x80, r: 0x80, g: 0, b: 0),
                           layout.memoryOrder)
        }
    }

    func testNoneSkipLayoutsAreOpaqueWithTheUnusedByteSet() {
        let bitmap = TestBitmap(width: 4, height: 4)
        let info = CGImageAlphaInfo.noneSkipLast.rawValue
        let context = bitmap.context(info)!
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // Half red over the (black) opaque bitmap.
        XCTAssertEqual(bitmap.bytes(x: 2, row: 2), [0x80, 0, 0, 0xFF])
        XCTAssertEqual(context.makeImage()!.argb(x: 2, y: 2), [0xFF, 0x80, 0, 0])
    }

    func testDrawingOverWhatTheCallerWroteBlendsWithIt() {
        // A non-native layout (converted) and the native one (drawn in place).
        for info in [CGImageAlphaInfo.premultipliedLast.rawValue, nativeARGB] {
            let bitmap = TestBitmap(width: 2, height: 2)
            let context = bitmap.context(info)!
            // Opaque blue: B G R A (native, little-endian), A R G B (native,
            // big-endian) and R G B A all read FF 00 00 FF or 00 00 FF FF.
            let blue: [UInt8] = info == nativeARGB ? [0xFF, 0, 0, 0xFF] : [0, 0, 0xFF, 0xFF]
            for row in 0..<2 { for x in 0..<2 { bitmap.setBytes(blue, x: x, row: row) } }
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            let image = context.makeImage()!
            // OVER: 0.5 red + 0.5 blue, opaque.
            XCTAssertEqual(image.argb(x: 0, y: 0), [0xFF, 0x80, 0, 0x7F], "info \(info)")
        }
    }

    func testRowsThatAreNotWordAlignedStillWork() {
        // 13 bytes a row: cairo cannot draw in place, so the context converts.
        let bitmap = TestBitmap(width: 3, height: 2, bytesPerRow: 13)
        let context = bitmap.context(nativeARGB)!
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 2, y: 0, width: 1, height: 1)) // last pixel of the last row
        let red: [UInt8] = UInt32(littleEndian: 1) == 1 ? [0, 0, 0xFF, 0xFF] : [0xFF, 0xFF, 0, 0]
        XCTAssertEqual(bitmap.bytes(x: 2, row: 1), red)
        XCTAssertEqual(bitmap.bytes(x: 1, row: 1), [0, 0, 0, 0])
        XCTAssertEqual(context.makeImage()!.argb(x: 2, y: 1), [0xFF, 0xFF, 0, 0])
    }

    func testNilDataAllocatesZeroedMemoryAndZeroBytesPerRowIsComputed() {
        let context = CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        XCTAssertNotNil(context.data)
        XCTAssertEqual(context.bytesPerRow, 20)
        XCTAssertEqual(context.width, 5)
        XCTAssertEqual(context.height, 3)
        XCTAssertEqual(context.bitsPerComponent, 8)
        XCTAssertEqual(context.bitsPerPixel, 32)
        XCTAssertEqual(context.colorSpace?.model, .rgb)
        let bytes = UnsafeRawBufferPointer(start: context.data, count: 60)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 })
        context.fill(CGRect(x: 0, y: 2, width: 1, height: 1)) // black, top-left in memory
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 0, 0xFF])
    }

    func testAppleNewerSpellingWithCGBitmapInfo() {
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Big)
        let context = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        XCTAssertEqual(context?.alphaInfo, .premultipliedFirst)
        XCTAssertNil(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                               space: nil, bitmapInfo: info))
    }

    func testUnsupportedParametersReturnNilWithOneReasonEach() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let premultiplied = CGImageAlphaInfo.premultipliedLast.rawValue
        let refused: [(String, CGContext?)] = [
            ("16-bit", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                                 bitmapInfo: premultiplied)),
            ("float", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 32, bytesPerRow: 0, space: rgb,
                                bitmapInfo: premultiplied | CGBitmapInfo.floatComponents.rawValue)),
            ("last", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.last.rawValue)),
            ("first", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                                bitmapInfo: CGImageAlphaInfo.first.rawValue)),
            ("none", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.none.rawValue)),
            ("alphaOnly", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                                    bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)),
            ("16-bit order", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: rgb, bitmapInfo: premultiplied | CGBitmapInfo.byteOrder16Little.rawValue)),
            ("gray", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceGray(), bitmapInfo: premultiplied)),
            ("zero width", CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                                     bitmapInfo: premultiplied)),
            ("negative height", CGContext(data: nil, width: 4, height: -1, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: rgb, bitmapInfo: premultiplied)),
            ("short rows", CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 15, space: rgb,
                                     bitmapInfo: premultiplied)),
            ("too wide for cairo", CGContext(data: nil, width: 40_000, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: rgb, bitmapInfo: premultiplied)),
            ("overflowing", CGContext(data: nil, width: Int.max / 2, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: rgb, bitmapInfo: premultiplied)),
        ]
        for (name, context) in refused { XCTAssertNil(context, name) }
        XCTAssertEqual(diagnostics.messages.count, refused.count, "\(diagnostics.messages)")
        XCTAssertTrue(diagnostics.messages.allSatisfy { $0.hasPrefix("CGContext: ") })
        XCTAssertTrue(diagnostics.messages[2].contains("premultiplied"), diagnostics.messages[2])
    }

    func testMakeImageIsANativeSnapshot() {
        let bitmap = TestBitmap(width: 3, height: 2)
        let context = bitmap.context(CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 1, width: 1, height: 1)) // top-left pixel
        let image = context.makeImage()!
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.argb(x: 0, y: 0), [0xFF, 0, 0xFF, 0])
        XCTAssertEqual(image.argb(x: 0, y: 1), [0, 0, 0, 0])
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        XCTAssertEqual(image.argb(x: 0, y: 1), [0, 0, 0, 0], "later drawing leaves the image alone")
    }
}
