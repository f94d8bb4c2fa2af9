/// A bitmap context's pixels: the caller's buffer in the layout they asked
/// for, and the cairo surface that is drawn on.
///
/// When the layout is cairo's own (premultiplied ARGB in native words) and
/// the buffer is suitably aligned, the surface *is* the buffer. Otherwise
/// cairo draws on a private ARGB32 (or, for the `noneSkip…` layouts,
/// RGB24) surface, and every drawing call is bracketed by `pull` (the
/// caller's pixels in the area about to change, into the surface, so what
/// the caller wrote is drawn over) and `push` (the result back, in the
/// caller's layout).
final class BitmapBacking {
    let layout: BitmapLayout
    let width: Int
    let height: Int
    let bytesPerRow: Int
    /// The caller's buffer, or `allocation`'s.
    let data: UnsafeMutableRawPointer
    /// Memory the context allocated itself (the caller passed no buffer).
    private let allocation: HeapBuffer?
    let surface: CairoSurface
    /// True when cairo draws straight into `data`.
    let drawsDirectly: Bool

    /// Why a backing could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Validated sizes in; `data` nil allocates zeroed memory.
    init(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int,
         layout: BitmapLayout) throws(Failure) {
        let (byteCount, overflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        guard !overflow else { throw Failure(description: "\(bytesPerRow) bytes a row × \(height) rows overflows") }
        var allocation: HeapBuffer?
        let base: UnsafeMutableRawPointer
        if let data {
            base = data
        } else {
            guard let memory = HeapBuffer(byteCount: byteCount) else {
                throw Failure(description: "could not allocate \(byteCount) bytes")
            }
            allocation = memory
            base = memory.base
        }
        let direct = layout.isNativeARGB32 && bytesPerRow % 4 == 0 && Int(bitPattern: base) % 4 == 0
        do {
            if direct {
                surface = try CairoSurface(format: .argb32, memory: base, width: width, height: height,
                                           stride: bytesPerRow, owner: allocation)
            } else {
                surface = try CairoSurface(format: layout.hasAlpha ? .argb32 : .rgb24, width: width, height: height)
            }
        } catch {
            throw Failure(description: "cairo could not make a \(width)×\(height) surface: \(error)")
        }
        self.layout = layout
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = base
        self.allocation = allocation
        drawsDirectly = direct
    }

    /// Brings the caller's pixels in `rect` into the surface before drawing there.
    func pull(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        defer { surface.markDirty(rect) }
        guard !drawsDirectly else { return }
        surface.withPixels { pixels, stride in
            for row in rect.y..<(rect.y + rect.height) {
                let source = UnsafeRawPointer(data + row * bytesPerRow)
                let target = pixels + row * stride
                for column in rect.x..<(rect.x + rect.width) {
                    target.storeBytes(of: layout.loadNative(source + column * 4), toByteOffset: column * 4,
                                      as: UInt32.self)
                }
            }
        }
    }

    /// Writes the surface's pixels in `rect` back to the caller's buffer after drawing.
    func push(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        surface.withPixels { pixels, stride in
            guard !drawsDirectly else { return } // withPixels flushed cairo's drawing
            for row in rect.y..<(rect.y + rect.height) {
                let source = UnsafeRawPointer(pixels + row * stride)
                let target = data + row * bytesPerRow
                for column in rect.x..<(rect.x + rect.width) {
                    layout.storeNative(source.load(fromByteOffset: column * 4, as: UInt32.self),
                                       target + column * 4)
                }
            }
        }
    }

    /// Copies the caller's buffer (the context's current pixels) as
    /// premultiplied native ARGB words into `target`, `stride` bytes a row.
    func copyNative(into target: UnsafeMutableRawPointer, stride: Int) {
        if drawsDirectly { surface.withPixels { _, _ in } } // flush
        for row in 0..<height {
            let source = UnsafeRawPointer(data + row * bytesPerRow)
            let line = target + row * stride
            for column in 0..<width {
                line.storeBytes(of: layout.loadNative(source + column * 4), toByteOffset: column * 4, as: UInt32.self)
            }
        }
    }
}
