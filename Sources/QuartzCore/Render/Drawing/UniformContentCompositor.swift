/// A layer bitmap of one colour throughout (a plain coloured rectangle, the
/// commonest layer there is) composited with `OVER` at a fractional
/// translation, without pixman.
///
/// Through the bilinear filter such a bitmap gives at most nine distinct
/// pixels (inside, four edges, four corners: each a product of a column's
/// and a row's weight), so they are worked out once and each target pixel
/// only blends one of them. pixman filters every pixel again: a thousand
/// 24x24 squares spent 32 instructions a pixel there.
/// The arithmetic is pixman's: 7-bit weights from the 16.16 sample
/// position, each channel times the weights summed and truncated, then
/// `(source IN opacity) OVER destination` with its rounded 8-bit products
/// and saturating add, so the pixels are its own (UniformContentTests).
enum UniformContentCompositor {
    /// The bitmap: `color` (premultiplied ARGB) over `width` x `height` pixels.
    struct Bitmap {
        let color: UInt32
        let width: Int
        let height: Int
    }

    /// Composites `bitmap` into `destination` over `rect` (target pixels),
    /// sampled as pixman samples it through a translation whose fixed-point
    /// matrix holds `offsetX` and `offsetY` (target to bitmap: the bilinear
    /// fetch for target pixel `X` starts at `X << 16 + offsetX`), through a
    /// solid mask of `opacity` (nil: none).
    static func composite(_ bitmap: Bitmap, offsetX: Int32, offsetY: Int32, opacity: UInt8?,
                          into destination: RasterBuffer, rect: PixelRect) {
        guard let rect = rect.intersection(destination.window), bitmap.width > 0, bitmap.height > 0 else { return }
        let color = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(bitmap.color, to: SIMD4<UInt8>.self))
        // The columns as runs of one weight: a left edge, the inside, a
        // right edge (fewer when the placement is whole or the bitmap thin).
        // Never more than three (a translation moves every column by the same
        // fraction); inline, not an array: a thousand squares a frame come here.
        var runs = (Run(), Run(), Run()), runCount = 0
        for x in rect.x..<rect.maxX {
            let weight = weight(at: x, offset: offsetX, size: bitmap.width)
            guard weight > 0 else { continue }
            withUnsafeMutableBytes(of: &runs) { raw in
                let slots = raw.bindMemory(to: Run.self)
                if runCount > 0, slots[runCount - 1].weight == weight, slots[runCount - 1].end == x {
                    slots[runCount - 1].end = x + 1
                } else if runCount < 3 {
                    slots[runCount] = Run(start: x, end: x + 1, weight: weight)
                    runCount += 1
                }
            }
        }
        guard runCount > 0 else { return }
        for y in rect.y..<rect.maxY {
            let wy = weight(at: y, offset: offsetY, size: bitmap.height)
            guard wy > 0 else { continue }
            let line = (destination.base + y * destination.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for index in 0..<runCount {
                let run = index == 0 ? runs.0 : index == 1 ? runs.1 : runs.2
                // Each channel times both weights, truncated (pixman's >> 14),
                // then through the opacity.
                var source = (color &* UInt32(run.weight * wy)) &>> 14
                if let opacity { source = multiply(source, UInt32(opacity)) }
                blend(source, over: line + run.start, count: run.end - run.start)
            }
        }
    }

    /// Columns `start..<end` of one summed weight.
    private struct Run {
        var start = 0, end = 0, weight = 0
    }

    /// `source OVER` each of `count` pixels: `source + destination × (255 −
    /// source alpha)`, rounded and saturated as pixman does; two pixels at a
    /// time in 16-bit lanes.
    @inline(__always)
    private static func blend(_ source: SIMD4<UInt32>, over pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        let inverse = UInt16(255 - source[3])
        let packed = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: source), to: UInt32.self)
        if inverse == 0 { return pixels.update(repeating: packed, count: count) }
        let narrow = SIMD4<UInt16>(truncatingIfNeeded: source)
        let pair = SIMD8<UInt16>(lowHalf: narrow, highHalf: narrow)
        var index = 0
        let raw = UnsafeMutableRawPointer(pixels)
        while index + 2 <= count {
            let under = SIMD8<UInt16>(truncatingIfNeeded: (raw + index * 4).loadUnaligned(as: SIMD8<UInt8>.self))
            let t = under &* inverse &+ 128
            let sum = pair &+ ((t &+ (t &>> 8)) &>> 8)
            let clamped = pointwiseMin(sum, .init(repeating: 255))
            (raw + index * 4).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: clamped), as: SIMD8<UInt8>.self)
            index += 2
        }
        if index < count {
            let under = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixels[index], to: SIMD4<UInt8>.self))
            let t = under &* inverse &+ 128
            let sum = narrow &+ ((t &+ (t &>> 8)) &>> 8)
            let clamped = pointwiseMin(sum, .init(repeating: 255))
            pixels[index] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: clamped), to: UInt32.self)
        }
    }

    /// The summed 7-bit weight of the bitmap's pixels among the two the
    /// bilinear filter blends for target column (or row) `position`.
    @inline(__always)
    private static func weight(at position: Int, offset: Int32, size: Int) -> Int {
        let sample = position << 16 + Int(offset)
        let first = sample >> 16, fraction = (sample >> 9) & 0x7F
        return (first >= 0 && first < size ? 128 - fraction : 0) + (first + 1 >= 0 && first + 1 < size ? fraction : 0)
    }

    /// `a × b / 255` per channel, rounded as pixman rounds 8-bit products.
    @inline(__always)
    static func multiply(_ a: SIMD4<UInt32>, _ b: UInt32) -> SIMD4<UInt32> {
        let t = a &* b &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }
}
