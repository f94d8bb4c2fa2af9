/// Owned, zero-filled pixels in Lamina's working format (premultiplied ARGB,
/// one native-endian `UInt32` a pixel): scratch space for the render server's
/// image effects, and a convenient image for tests.
///
/// The memory lives as long as the buffer; `withView` lends a
/// `PixelBufferView` of it for the duration of a call. A buffer belongs to
/// one thread (the render thread), so it is not `Sendable`.
package final class PixelBuffer {
    /// Pixels in a row.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Bytes from one row to the next: `width * 4`, rounded up to 16 bytes
    /// so rows stay aligned for pixman.
    package let bytesPerRow: Int
    private let base: UnsafeMutableRawPointer

    /// The largest buffer the effects allocate (1 GiB); bigger requests give
    /// an empty buffer rather than exhausting memory.
    package static let maximumByteCount = 1 << 30

    /// A transparent buffer of `width` x `height` pixels. Negative or zero
    /// sizes, and sizes over `maximumByteCount`, give an empty buffer.
    package init(width: Int, height: Int) {
        let (rowBytes, rowOverflow) = max(0, width).multipliedReportingOverflow(by: 4)
        let stride = rowOverflow ? 0 : (rowBytes + 15) & ~15
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: max(0, height))
        let usable = width > 0 && height > 0 && !rowOverflow && !overflow
            && stride <= PixelBuffer.maximumByteCount && bytes <= PixelBuffer.maximumByteCount
        self.width = usable ? width : 0
        self.height = usable ? height : 0
        bytesPerRow = usable ? stride : 0
        let byteCount = usable ? bytes : 16
        base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    /// A copy of immutable `PixelStorage` pixels (a `CGImage`'s), for feeding
    /// images to the effects.
    package convenience init(copying storage: PixelStorage) {
        self.init(width: storage.width, height: storage.height)
        storage.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress, height > 0 else { return }
            for y in 0..<height {
                (base + y * bytesPerRow).copyMemory(from: source + y * storage.bytesPerRow, byteCount: width * 4)
            }
        }
    }

    deinit { base.deallocate() }

    /// Lends a view of the pixels to `body`; the view must not escape it.
    package func withView<Result>(_ body: (PixelBufferView) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) {
            try body(PixelBufferView(baseAddress: width > 0 ? base : nil, width: width, height: height, bytesPerRow: bytesPerRow))
        }
    }

    /// The premultiplied ARGB pixel at (x, y); 0 outside the buffer, where
    /// writes are ignored.
    package subscript(x x: Int, y y: Int) -> UInt32 {
        get { withView { $0[x: x, y: y] } }
        set { withView { $0[x: x, y: y] = newValue } }
    }
}
