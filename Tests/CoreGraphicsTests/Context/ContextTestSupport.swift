import CoreGraphics
import XCTest

/// A zeroed pixel buffer the test owns, handed to `CGContext(data:…)`.
final class TestBitmap {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let pointer: UnsafeMutableRawPointer

    init(width: Int, height: Int, bytesPerRow: Int? = nil) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? width * 4
        pointer = .allocate(byteCount: self.bytesPerRow * height, alignment: 16)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: self.bytesPerRow * height)
    }

    deinit { pointer.deallocate() }

    /// The four bytes of the pixel at `x` in memory row `row` (row 0 first in memory).
    func bytes(x: Int, row: Int) -> [UInt8] {
        (0..<4).map { pointer.load(fromByteOffset: row * bytesPerRow + x * 4 + $0, as: UInt8.self) }
    }

    func setBytes(_ bytes: [UInt8], x: Int, row: Int) {
        for (index, byte) in bytes.enumerated() {
            pointer.storeBytes(of: byte, toByteOffset: row * bytesPerRow + x * 4 + index, as: UInt8.self)
        }
    }

    /// A context over this buffer.
    func context(_ info: UInt32) -> CGContext? {
        CGContext(data: pointer, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
    }
}

/// Bitmap info for premultiplied alpha first, native byte order: Lamina's working format.
let nativeARGB: UInt32 = CGImageAlphaInfo.premultipliedFirst.rawValue
    | (UInt32(littleEndian: 1) == 1 ? CGBitmapInfo.byteOrder32Little : .byteOrder32Big).rawValue

/// A context in Lamina's working format allocating its own memory.
func makeNativeContext(width: Int, height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: nativeARGB)!
}

extension CGContext {
    /// The pixel at (x, row) as premultiplied (a, r, g, b), row 0 first in
    /// memory; the context must be in `nativeARGB` layout.
    func argb(x: Int, row: Int) -> [UInt8] {
        let word = data!.load(fromByteOffset: row * bytesPerRow + x * 4, as: UInt32.self)
        return [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word)]
    }

    /// The alpha of the pixel at (x, row) (native layout).
    func alphaAt(x: Int, row: Int) -> UInt8 { argb(x: x, row: row)[0] }
}

extension CGImage {
    /// The pixel at (x, y), row 0 at the top, as premultiplied (a, r, g, b).
    func argb(x: Int, y: Int) -> [UInt8] {
        let word = storage.pixel(x: x, y: y)
        return [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word)]
    }
}

/// Collects `CGDiagnostics` messages while installed.
final class DiagnosticsRecorder: Sendable {
    private let storage = LockedValue<[String]>([])

    var messages: [String] { storage.withLock { $0 } }

    func install() {
        CGDiagnostics.setHandler { [self] message in storage.withLock { $0.append(message) } }
    }

    func uninstall() { CGDiagnostics.setHandler(nil) }
}

/// An XCTestCase that records CoreGraphics diagnostics for each test.
class DiagnosticsTestCase: XCTestCase {
    let diagnostics = DiagnosticsRecorder()

    override func setUp() {
        super.setUp()
        diagnostics.install()
    }

    override func tearDown() {
        diagnostics.uninstall()
        super.tearDown()
    }
}
