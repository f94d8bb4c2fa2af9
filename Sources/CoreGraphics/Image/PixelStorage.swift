/// Immutable pixels in Lamina's working format: premultiplied ARGB, one
/// native-endian `UInt32` a pixel (cairo's `ARGB32`, pixman's `a8r8g8b8`;
/// on little-endian machines the bytes are B, G, R, A).
///
/// `@unchecked Sendable`: the buffer is written only by the initializer that
/// fills it, before the storage is shared, and is read-only afterwards; the
/// pointer is never handed out mutable except to C libraries (pixman)
/// that are told the image is a read-only source.
public final class PixelStorage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (a multiple of 4).
    public let bytesPerRow: Int
    private let base: UnsafeMutableRawPointer

    /// Pixels filled by `fill`, which gets the zeroed buffer and its row stride in bytes.
    public init(width: Int, height: Int, fill: (UnsafeMutableRawPointer, Int) -> Void) {
        self.width = max(0, width)
        self.height = max(0, height)
        bytesPerRow = self.width * 4
        let byteCount = max(1, bytesPerRow * self.height)
        base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        fill(base, bytesPerRow)
    }

    deinit { base.deallocate() }

    /// Reads the pixels.
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: base, count: bytesPerRow * height))
    }

    /// The base address for C libraries that only read it (pixman source images).
    package var readOnlyBaseAddress: UnsafeMutableRawPointer { base }

    /// The pixel at (x, y), row 0 at the top: premultiplied ARGB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return base.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
    }
}
