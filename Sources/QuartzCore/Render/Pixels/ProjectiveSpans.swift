/// pixman's projective sample positions along one row, worked out in
/// spans: exact (pixman's division) at each span's ends, linear in
/// between, each span as long as a bound on the interpolation's error
/// allows.
///
/// A projective map gives the sample at column c as X(c)/W(c), X and W
/// linear in c: dividing at every pixel cost two 64-bit divisions a
/// pixel. Between two exact ends the position is nearly linear: with
/// K = X₀·uw − ux·W₀ (the same from any point of the row), X/W less its
/// chord over columns 0...n is −K·uw·t(n−t) / (W(t)·W(0)·W(n)), at most
///
///     |K| · |uw| · n² / (4 · W_min³)   pixels,
///
/// so a span is as long as keeps that within `tolerance`. It shortens as
/// W falls, towards the horizon, down to single pixels divided exactly.
///
/// The row goes in chunks of about `longestSpan` columns, each with one
/// span length (from the least W over the chunk), so that the ends'
/// divisions depend on nothing before them and overlap, and a span's step
/// is a multiplication by the chunk's reciprocal of the length.
///
/// Only where pixman's arithmetic is plain division is a span
/// interpolated: W > 0 and X, Y ≥ 0 at both ends (pixman divides
/// unsigned, so a negative X gives a wrapped position) and the values
/// within 32 bits; then X/W is monotonic along the span and every
/// position, exact or interpolated, lies between its ends, so both ends
/// inside `region` put all of it inside. Other pixels (behind the eye,
/// left of or above the bitmap, out of range) are divided exactly with
/// pixman's wrapping arithmetic.
struct ProjectiveSpans {
    /// A half-open range of 16.16 sample positions in each direction.
    struct Region {
        let x: Range<Int>
        let y: Range<Int>
    }

    /// The row's x, y and w at its first pixel (`pixman_transform_point_3d`
    /// of its centre) and their steps per column (the matrix's first
    /// column), as pixman holds them.
    let x: Int32, y: Int32, w: Int32
    let ux: Int32, uy: Int32, uw: Int32
    /// The row's pixels: columns `first..<count` are worked out.
    let count: Int
    let first: Int
    /// The largest interpolation error allowed, in pixels; 0 divides every
    /// pixel (pixman's positions exactly).
    let tolerance: Double
    /// Where spans may be interpolated: both ends' positions inside it.
    /// The bilinear sampler passes the positions whose four neighbours lie
    /// within the bitmap, so that at its edges, where alpha changes by all
    /// 255 over a pixel and an error shows most, positions are pixman's.
    let region: Region

    init(x: Int32, y: Int32, w: Int32, ux: Int32, uy: Int32, uw: Int32, count: Int, first: Int = 0,
         tolerance: Double, region: Region) {
        (self.x, self.y, self.w, self.ux, self.uy, self.uw) = (x, y, w, ux, uy, uw)
        (self.count, self.first, self.tolerance, self.region) = (count, first, tolerance, region)
    }

    /// The longest span, and about the chunk one span length holds for:
    /// beyond it the two divisions are a small part of the span's cost.
    static let longestSpan = 64

    /// The exact position at one column and whether it may end a span.
    struct Exact {
        /// pixman's 16.16 sample position.
        let sampleX: Int32, sampleY: Int32
        /// Plain division in range, and inside `region`.
        let interpolable: Bool
    }

    /// pixman's position at `column` (its additions wrap in 32 bits, as
    /// its repeated ones do).
    @inline(__always)
    func exact(at column: Int) -> Exact {
        let c = Int64(column)
        let rawX = Int64(x) + Int64(ux) * c, rawY = Int64(y) + Int64(uy) * c, rawW = Int64(w) + Int64(uw) * c
        let wrappedX = Int32(truncatingIfNeeded: rawX), wrappedY = Int32(truncatingIfNeeded: rawY)
        let wrappedW = Int32(truncatingIfNeeded: rawW)
        var quotientX: UInt64 = 0, quotientY: UInt64 = 0
        if wrappedW != 0 {
            // pixman: ((uint64_t)x << 16) / w, in unsigned 64 bits.
            let divisor = UInt64(bitPattern: Int64(wrappedW))
            quotientX = (UInt64(bitPattern: Int64(wrappedX)) << 16) / divisor
            quotientY = (UInt64(bitPattern: Int64(wrappedY)) << 16) / divisor
        }
        // All three within 0..<2^31 (no wrapping, X and Y not negative)
        // and W above 0, tested at once.
        let plain = (rawX | rawY | rawW) >> 31 == 0 && rawW > 0
        // Plain, the quotients are below 2^47: one past Int32 (which
        // pixman would wrap) is outside any region.
        let inside = plain && region.x.contains(Int(truncatingIfNeeded: quotientX))
            && region.y.contains(Int(truncatingIfNeeded: quotientY))
        return Exact(sampleX: Int32(truncatingIfNeeded: quotientX), sampleY: Int32(truncatingIfNeeded: quotientY),
                     interpolable: inside)
    }

    /// sqrt(tolerance / A), A = |K|·|uw|/4 with the larger K of x and y: a
    /// span may be `spanScale · W_min^1.5` long. Infinite for a row with
    /// no perspective, 0 for a tolerance of 0.
    var spanScale: Double {
        guard tolerance > 0 else { return 0 }
        let cross = max(abs(Double(x) * Double(uw) - Double(ux) * Double(w)),
                        abs(Double(y) * Double(uw) - Double(uy) * Double(w)))
        return (tolerance / (cross * abs(Double(uw)) / 4)).squareRoot()
    }

    /// The span length for the chunk from `column`: the longest the bound
    /// allows over the next `longestSpan` columns (even past the row's end:
    /// the bound holds over all of them), 1 where W is not positive.
    @inline(__always)
    func spanLength(at column: Int, scale: Double) -> Int {
        // W is linear: its least over the chunk is at one end.
        let start = Double(w) + Double(uw) * Double(column)
        let least = min(start, start + Double(uw) * Double(Self.longestSpan))
        guard least > 0 else { return 1 }
        // Within 0...64 (scale is not negative), so the conversion cannot trap.
        return max(1, Int(min(Double(Self.longestSpan), scale * least * least.squareRoot())))
    }

    /// A span's body: its first column, its pixels (up to the row's end),
    /// the first pixel's position and the step per pixel (16.16 with 16
    /// more bits of fraction: pixel k's position is `(x + k·stepX) >> 16`),
    /// and whether it is interpolated (a pixel divided exactly is a span
    /// of one, steps 0).
    typealias SpanBody = (_ column: Int, _ count: Int, _ x: Int, _ y: Int, _ stepX: Int, _ stepY: Int,
                          _ interpolated: Bool) -> Void

    /// Calls `body` for each span of the row, left to right. A chunk of
    /// spans shares one length and the reciprocal its steps are
    /// multiplied by: the divisions left are two a span.
    @inline(__always)
    func walk(_ body: SpanBody) {
        let scale = spanScale
        var column = first
        var here = exact(at: column)
        while column < count {
            let length = spanLength(at: column, scale: scale)
            // 2^32 / length: a step is (end − start) · 2^16 / length.
            let reciprocal = (1 << 32) / length
            let chunkEnd = min(count, column + length * (Self.longestSpan / length))
            while column < chunkEnd {
                let end = exact(at: column + length)
                if length > 1, here.interpolable, end.interpolable {
                    interpolate(column, length, here, end, reciprocal, body)
                } else {
                    split(column, length: length, start: here, end: end, body)
                }
                column += length
                here = end
            }
        }
    }

    /// The span of `length` from `column` between `start` and `end`, both
    /// interpolable. Its steps are rounded towards 0, so its positions stay
    /// between its ends (and so inside `region`).
    @inline(__always)
    private func interpolate(_ column: Int, _ length: Int, _ start: Exact, _ end: Exact, _ reciprocal: Int,
                             _ body: SpanBody) {
        let stepX = Self.step(Int(end.sampleX) - Int(start.sampleX), reciprocal)
        let stepY = Self.step(Int(end.sampleY) - Int(start.sampleY), reciprocal)
        body(column, min(length, count - column), Int(start.sampleX) << 16, Int(start.sampleY) << 16, stepX, stepY, true)
    }

    /// `delta` · 2^16 / length, towards 0, given 2^32 / length (at most
    /// 2^31 · 2^32 before the shift: within 64 bits).
    @inline(__always)
    private static func step(_ delta: Int, _ reciprocal: Int) -> Int {
        let magnitude = (delta.magnitude &* UInt(reciprocal)) >> 16
        return delta < 0 ? -Int(magnitude) : Int(magnitude)
    }

    /// A span with an end outside `region` (where the row enters or
    /// leaves the bitmap, say), halved until its parts are interpolable
    /// or single pixels: a few more divisions, once per crossing.
    private func split(_ column: Int, length: Int, start: Exact, end: Exact, _ body: SpanBody) {
        guard column < count else { return }
        guard length > 1 else {
            return body(column, 1, Int(start.sampleX) << 16, Int(start.sampleY) << 16, 0, 0, false)
        }
        if start.interpolable, end.interpolable {
            return interpolate(column, length, start, end, (1 << 32) / length, body)
        }
        let half = length / 2
        let middle = exact(at: column + half)
        split(column, length: half, start: start, end: middle, body)
        split(column + half, length: length - half, start: middle, end: end, body)
    }

    /// Writes the row's sample positions (16.16, before the bilinear
    /// fetch's half-pixel move) for columns `first..<count` to `xs` and `ys`
    /// at those indices.
    func positions(x xs: UnsafeMutablePointer<Int32>, y ys: UnsafeMutablePointer<Int32>) {
        walk { column, pixels, x, y, stepX, stepY, _ in
            var x = x, y = y
            for pixel in column..<(column + pixels) {
                xs[pixel] = Int32(truncatingIfNeeded: x >> 16)
                ys[pixel] = Int32(truncatingIfNeeded: y >> 16)
                x &+= stepX
                y &+= stepY
            }
        }
    }
}
