import Foundation

/// A mutable bitmap in the working format (premultiplied ARGB, one
/// native-endian `UInt32` a pixel): a render target or scratch surface.
/// Owns its memory unless made over someone else's.
package final class RasterBuffer {
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next.
    package let bytesPerRow: Int
    package let base: UnsafeMutableRawPointer
    private let ownsMemory: Bool
    /// The pixels that have memory behind them: the whole buffer, or for a
    /// windowed scratch (`init(window:over:)`) only the window, outside
    /// which nothing may be read or written.
    package let window: PixelRect
    /// The memory of a windowed scratch, kept alive while the buffer is.
    let scratchMemory: ScratchMemory?

    /// The largest buffer made (1 GiB, a 16384x16384 target); a bigger
    /// size gives an empty buffer rather than exhausting memory.
    package static let maximumByteCount = 1 << 30

    /// A cleared buffer of the given size (at least 1x1 of memory). A
    /// negative size counts as zero; a size whose bytes overflow or pass
    /// `maximumByteCount` gives an empty (0x0) buffer.
    ///
    /// From `calloc`, which hands out large blocks as fresh zero pages from
    /// the kernel: a full-window scratch buffer costs resident memory only
    /// where something is drawn (a group drawn into a corner of it), where
    /// clearing it here would have touched every page.
    package init(width: Int, height: Int) {
        let (rowBytes, rowOverflow) = max(0, width).multipliedReportingOverflow(by: 4)
        let (bytes, overflow) = rowBytes.multipliedReportingOverflow(by: max(0, height))
        let fits = !rowOverflow && !overflow && bytes <= Self.maximumByteCount
        self.width = fits ? max(0, width) : 0
        self.height = fits ? max(0, height) : 0
        bytesPerRow = max(1, self.width) * 4
        let count = bytesPerRow * max(1, self.height)
        guard let memory = calloc(count, 1) else {
            fatalError("RasterBuffer: out of memory for \(self.width)x\(self.height) pixels")
        }
        base = memory
        ownsMemory = true
        window = PixelRect(x: 0, y: 0, width: self.width, height: self.height)
        scratchMemory = nil
    }

    /// A buffer addressed in target pixels whose memory holds only `window`
    /// (rows of `window.width` pixels, in `memory`, which must hold them):
    /// a group's scratch as big as the group, where a target-sized one kept
    /// every row it was ever drawn in resident. `base` is
    /// where pixel (0, 0) would be; only pixels in `window` may be touched,
    /// which `clear`, `PixmanImage`'s composites and `PixelBufferView` keep to.
    init(window: PixelRect, over memory: ScratchMemory) {
        precondition(!window.isEmpty && window.x >= 0 && window.y >= 0 && window.area * 4 <= memory.capacity,
                     "RasterBuffer: a window of \(window) does not fit its scratch memory")
        width = window.maxX
        height = window.maxY
        bytesPerRow = window.width * 4
        base = memory.base - (window.y * bytesPerRow + window.x * 4)
        ownsMemory = false
        self.window = window
        scratchMemory = memory
    }

    /// A view of memory owned elsewhere (a `CGContext`'s data, a shared
    /// memory segment) that outlives this object.
    package init(borrowing base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        ownsMemory = false
        window = PixelRect(x: 0, y: 0, width: width, height: height)
        scratchMemory = nil
    }

    /// A copy of immutable pixels (a `CGImage`'s storage), to feed an
    /// image to the effects or to compare one in a test.
    package convenience init(copying storage: PixelStorage) {
        self.init(width: storage.width, height: storage.height)
        storage.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress, width == storage.width, height > 0 else { return }
            for y in 0..<height {
                (base + y * bytesPerRow).copyMemory(from: source + y * storage.bytesPerRow, byteCount: width * 4)
            }
        }
    }

    deinit { if ownsMemory { free(base) } }

    package func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= window.x, y >= window.y, x < window.maxX, y < window.maxY else { return 0 }
        return base.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
    }

    /// Clears `rect` (pixels, clipped to the buffer's window) to transparent.
    package func clear(_ rect: PixelRect) {
        guard let rect = rect.intersection(window) else { return }
        for row in rect.y..<(rect.y + rect.height) {
            (base + row * bytesPerRow + rect.x * 4).initializeMemory(as: UInt8.self, repeating: 0, count: rect.width * 4)
        }
    }

    /// The pixels as an immutable image (transparent outside the window).
    package func makeImage() -> CGImage {
        CGImage(storage: PixelStorage(width: width, height: height) { [window] destination, stride in
            for row in window.y..<window.maxY {
                (destination + row * stride + window.x * 4).copyMemory(from: base + row * bytesPerRow + window.x * 4,
                                                                      byteCount: window.width * 4)
            }
        })
    }
}
