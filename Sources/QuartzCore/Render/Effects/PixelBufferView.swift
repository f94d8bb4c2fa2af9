/// A window onto mutable pixels in Lamina's working format: premultiplied
/// ARGB, one native-endian `UInt32` a pixel (alpha in the top byte, then red,
/// green, blue), the same layout as pixman's `PIXMAN_a8r8g8b8` and cairo's
/// `CAIRO_FORMAT_ARGB32`. Row 0 is the top row.
///
/// The view does not own its memory: whoever made it (a `RasterBuffer`, a
/// cairo surface, a pixman image) must keep the memory alive and unshared
/// while the view is used. Every access is bounds-checked; a view built from
/// inconsistent numbers (nil base, negative size, a row stride that is too
/// short or not a multiple of 4) is empty, so effects on it do nothing.
///
/// This file and `RasterBuffer+PixelBufferView.swift` are the only places the effects touch
/// raw memory; the effects themselves read and write whole rows and columns
/// through the copying methods below.
package struct PixelBufferView {
    /// The first byte of row 0, or nil for an empty view.
    private let base: UnsafeMutableRawPointer?
    /// Pixels in a row.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Bytes from the start of one row to the start of the next.
    package let bytesPerRow: Int

    /// A view of `height` rows of `width` pixels starting at `baseAddress`,
    /// each row `bytesPerRow` bytes after the previous one. Inconsistent
    /// arguments give an empty view.
    package init(baseAddress: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int) {
        let (rowBytes, overflow) = width.multipliedReportingOverflow(by: 4)
        let valid = baseAddress != nil && width > 0 && height > 0 && !overflow
            && bytesPerRow >= rowBytes && bytesPerRow % 4 == 0
            && Int(bitPattern: baseAddress) % 4 == 0
        base = valid ? baseAddress : nil
        self.width = valid ? width : 0
        self.height = valid ? height : 0
        self.bytesPerRow = valid ? bytesPerRow : 0
    }

    /// An empty view: no pixels; every effect on it does nothing.
    package static var empty: PixelBufferView {
        PixelBufferView(baseAddress: nil, width: 0, height: 0, bytesPerRow: 0)
    }

    /// Whether the view has no pixels.
    package var isEmpty: Bool { base == nil }

    /// The premultiplied ARGB pixel at (x, y); 0 (transparent) outside the
    /// view, where writes are ignored.
    package subscript(x x: Int, y y: Int) -> UInt32 {
        get {
            guard let base, x >= 0, y >= 0, x < width, y < height else { return 0 }
            return base.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        }
        nonmutating set {
            guard let base, x >= 0, y >= 0, x < width, y < height else { return }
            base.storeBytes(of: newValue, toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        }
    }

    /// Copies row `y` into `pixels`, as many pixels as fit; the rest of
    /// `pixels` (or all of it, for a row outside the view) becomes 0.
    package func readRow(_ y: Int, into pixels: inout [UInt32]) {
        let count = y >= 0 && y < height ? min(width, pixels.count) : 0
        pixels.withUnsafeMutableBufferPointer { out in
            if count > 0, let base {
                let row = (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                out.baseAddress!.update(from: row, count: count)
            }
            if count < out.count { out[count...].update(repeating: 0) }
        }
    }

    /// Copies `pixels` into row `y`, as many as fit; a row outside the view
    /// is left alone.
    package func writeRow(_ y: Int, from pixels: [UInt32]) {
        guard let base, y >= 0, y < height else { return }
        let count = min(width, pixels.count)
        guard count > 0 else { return }
        pixels.withUnsafeBufferPointer { source in
            let row = (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            row.update(from: source.baseAddress!, count: count)
        }
    }

    /// Copies column `x`, top to bottom, into `pixels`, as many as fit; the
    /// rest of `pixels` (or all of it, for a column outside the view) becomes 0.
    package func readColumn(_ x: Int, into pixels: inout [UInt32]) {
        let count = x >= 0 && x < width ? min(height, pixels.count) : 0
        pixels.withUnsafeMutableBufferPointer { out in
            if count > 0, let base {
                var address = base + x * 4
                for y in 0..<count {
                    out[y] = address.load(as: UInt32.self)
                    address += bytesPerRow
                }
            }
            if count < out.count { out[count...].update(repeating: 0) }
        }
    }

    /// Copies `pixels` into column `x`, top to bottom, as many as fit; a
    /// column outside the view is left alone.
    package func writeColumn(_ x: Int, from pixels: [UInt32]) {
        guard let base, x >= 0, x < width else { return }
        let count = min(height, pixels.count)
        pixels.withUnsafeBufferPointer { source in
            var address = base + x * 4
            for y in 0..<count {
                address.storeBytes(of: source[y], as: UInt32.self)
                address += bytesPerRow
            }
        }
    }

    /// Sets every pixel to `pixel` (0 clears to transparent).
    package func fill(_ pixel: UInt32) {
        guard let base else { return }
        for y in 0..<height {
            let row = (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            row.update(repeating: pixel, count: width)
        }
    }

    /// Whether this view and `other` start at the same address with the same
    /// row stride (the same pixels, possibly differently cropped).
    package func sharesOrigin(with other: PixelBufferView) -> Bool {
        base != nil && base == other.base && bytesPerRow == other.bytesPerRow
    }
}
