/// A layer bitmap of one colour throughout (a plain coloured rectangle, the
/// commonest layer there is) composited with `OVER` at a fractional
/// translation, without pixman.
///
/// Through the bilinear filter such a bitmap gives at most nine distinct
/// pixels (inside, four edges, four corners: each a product of a column's
/// and a row's weight), so they are worked out once and each target pixel
/// only blends one of them. pixman filters every pixel again: a thousand
/// 24x24 squares spent 32 instructions a pixel there (issue 7, target 3).
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
        let bounds = PixelRect(x: 0, y: 0, width: destination.width, height: destination.height)
        guard let rect = rect.intersection(bounds), bitmap.width > 0, bitmap.height > 0 else { return }
        let color = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(bitmap.color, to: SIMD4<UInt8>.self))
        let columnWeight = { (x: Int) in weight(at: x, offset: offsetX, size: bitmap.width) }
        // The nine pixels, keyed by weight: each column's weight is one of
        // three (left edge, inside, right edge), and so is each row's.
        var cache: [(wx: Int, wy: Int, pixel: (source: SIMD4<UInt32>, inverse: UInt32))] = []
        func blended(_ wx: Int, _ wy: Int) -> (source: SIMD4<UInt32>, inverse: UInt32) {
            if let hit = cache.first(where: { $0.wx == wx && $0.wy == wy }) { return hit.pixel }
            // Each channel times both weights, truncated (pixman's >> 14).
            var source = (color &* UInt32(wx * wy)) &>> 14
            if let opacity { source = multiply(source, UInt32(opacity)) }
            let pixel = (source, 255 - source[3])
            cache.append((wx, wy, pixel))
            return pixel
        }
        for y in rect.y..<rect.maxY {
            let wy = weight(at: y, offset: offsetY, size: bitmap.height)
            guard wy > 0 else { continue }
            let line = (destination.base + y * destination.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            var x = rect.x
            while x < rect.maxX {
                let wx = columnWeight(x)
                guard wx > 0 else {
                    x += 1
                    continue
                }
                // The run of columns with this weight (the inside is one run).
                var end = x + 1
                while end < rect.maxX, columnWeight(end) == wx { end += 1 }
                let (source, inverse) = blended(wx, wy)
                if inverse == 0 {
                    let packed = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: source), to: UInt32.self)
                    (line + x).update(repeating: packed, count: end - x)
                } else {
                    for column in x..<end {
                        let under = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(line[column], to: SIMD4<UInt8>.self))
                        let sum = source &+ multiply(under, inverse)
                        let clamped = sum.replacing(with: 255, where: sum .> 255)
                        line[column] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: clamped), to: UInt32.self)
                    }
                }
                x = end
            }
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
    private static func multiply(_ a: SIMD4<UInt32>, _ b: UInt32) -> SIMD4<UInt32> {
        let t = a &* b &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }
}
