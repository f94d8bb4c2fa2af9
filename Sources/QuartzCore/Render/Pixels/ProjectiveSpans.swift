import CPixelKernels

/// pixman's projective sample positions along one row, worked out in
/// spans: exact (divided) at each span's ends and middle, a parabola
/// through the three in between (two additions a pixel), each span as
/// long as a bound on the parabola's error allows.
///
/// A projective map gives the sample at column c as X(c)/W(c), X and W
/// linear in c: dividing at every pixel cost two 64-bit divisions a
/// pixel. With K = X₀·uw − ux·W₀ (the same from any point of the row),
/// X/W = x∞ + (K/uw)/W, whose third derivative is −6·K·uw²/W⁴; the
/// parabola through columns 0, n/2 and n is off by at most that over 6
/// times max |t(t − n/2)(t − n)| = n³/(12√3):
///
///     |K| · uw² · n³ / (12√3 · W_min⁴)   pixels,
///
/// so a span is as long as keeps that within `tolerance`. It shortens as
/// W falls, towards the horizon, down to single pixels divided exactly.
/// (The chord through the ends alone, off by |K|·|uw|·n²/(4·W_min³),
/// needed spans of 15 pixels for a cover turned 35° at a sixteenth of a
/// pixel, and their divisions were a quarter of the frame; the parabola's
/// error there is about 0.01 pixel over 64.)
///
/// The row goes in chunks of `longestSpan` columns, each with one span
/// length, a power of two (from the least W over the chunk), so that the
/// parabola's differences are shifts and exact. A span is also short
/// enough that W changes by at most half across it, which keeps the
/// parabola monotonic like X/W.
///
/// A span is interpolated where W > 0 at its three points (so all along
/// it) and X, Y and W are within 32 bits there; its points are the true
/// quotients, negative ones too. Elsewhere (behind the eye, out of
/// range) each pixel is pixman's own position, from its arithmetic: its
/// additions wrap in 32 bits and it divides unsigned, so a negative X
/// gives a wrapped position. Where the two differ, left of or above the
/// bitmap, and wherever an error would show most, at the bitmap's edges,
/// the blending loop divides again (`lamina_bilinear_row`).
struct ProjectiveSpans {
    /// The row's x, y and w at its first pixel (`pixman_transform_point_3d`
    /// of its centre) and their steps per column (the matrix's first
    /// column), as pixman holds them.
    let x: Int32, y: Int32, w: Int32
    let ux: Int32, uy: Int32, uw: Int32
    /// The row's pixels: columns `first..<count` are worked out.
    let count: Int
    let first: Int
    /// The largest interpolation error allowed, in pixels (under one: the
    /// blending loop's margin at the bitmap's edges is a pixel); 0 divides
    /// every pixel (pixman's positions exactly).
    let tolerance: Double

    init(x: Int32, y: Int32, w: Int32, ux: Int32, uy: Int32, uw: Int32, count: Int, first: Int = 0, tolerance: Double) {
        (self.x, self.y, self.w, self.ux, self.uy, self.uw) = (x, y, w, ux, uy, uw)
        (self.count, self.first, self.tolerance) = (count, first, tolerance)
    }

    /// The longest span, and the chunk one span length holds for: beyond
    /// it the divisions are a small part of the span's cost.
    static let longestSpan = 64
    private static let longestShift = 6

    /// The position at one column.
    struct Exact {
        /// The 16.16 sample position: the true quotient where `plain`,
        /// pixman's otherwise.
        let sampleX: Int32, sampleY: Int32
        /// W > 0 and X, Y, W and the quotients within 32 bits: a point a
        /// parabola may go through.
        let plain: Bool
    }

    /// The position at `column`: the true quotient where plain, pixman's
    /// otherwise.
    @inline(__always)
    func exact(at column: Int) -> Exact {
        let c = Int64(column)
        let rawX = Int64(x) + Int64(ux) * c, rawY = Int64(y) + Int64(uy) * c, rawW = Int64(w) + Int64(uw) * c
        let range = Int64(Int32.min)...Int64(Int32.max)
        if rawW > 0, range.contains(rawW), range.contains(rawX), range.contains(rawY) {
            // Signed, so towards 0 (a unit off the floor for a negative
            // X, within the parabola's slack).
            let quotientX = (rawX << 16) / rawW, quotientY = (rawY << 16) / rawW
            if range.contains(quotientX), range.contains(quotientY) {
                return Exact(sampleX: Int32(quotientX), sampleY: Int32(quotientY), plain: true)
            }
        }
        return pixman(at: column)
    }

    /// pixman's own position at `column`: its additions wrap in 32 bits,
    /// as its repeated ones do.
    func pixman(at column: Int) -> Exact {
        let c = Int64(column)
        let sample = Self.pixmanPosition(Int32(truncatingIfNeeded: Int64(x) + Int64(ux) * c),
                                         Int32(truncatingIfNeeded: Int64(y) + Int64(uy) * c),
                                         Int32(truncatingIfNeeded: Int64(w) + Int64(uw) * c))
        return Exact(sampleX: sample.x, sampleY: sample.y, plain: false)
    }

    /// pixman's position for homogeneous (x, y, w), as its projective
    /// fetcher divides: `((uint64_t)x << 16) / w` in unsigned 64 bits,
    /// truncated to 32; (0, 0) where w is 0.
    static func pixmanPosition(_ x: Int32, _ y: Int32, _ w: Int32) -> (x: Int32, y: Int32) {
        guard w != 0 else { return (0, 0) }
        let divisor = UInt64(bitPattern: Int64(w))
        return (Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(x)) << 16) / divisor),
                Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(y)) << 16) / divisor))
    }

    /// tolerance / (|K|·uw² / (12√3)), with the larger K of x and y: a
    /// span of n may be as long as n³ ≤ `spanBudget` · W_min⁴. Infinite
    /// for a row without perspective, 0 for a tolerance of 0.
    var spanBudget: Double {
        guard tolerance > 0 else { return 0 }
        let cross = max(abs(Double(x) * Double(uw) - Double(ux) * Double(w)),
                        abs(Double(y) * Double(uw) - Double(uy) * Double(w)))
        return tolerance * (12 * 3.0.squareRoot()) / (cross * Double(uw) * Double(uw))
    }

    /// log2 of the span length for the chunk from `column`: the longest
    /// power of two the bound allows over the chunk's `longestSpan`
    /// columns (even past the row's end: the bound holds over all of
    /// them), across which W changes by at most half; 0 where W is not
    /// positive.
    @inline(__always)
    func spanShift(at column: Int, budget: Double) -> Int {
        // W is linear: its least over the chunk is at one end.
        let start = Double(w) + Double(uw) * Double(column)
        let least = min(start, start + Double(uw) * Double(Self.longestSpan))
        guard least > 0 else { return 0 }
        let cube = budget * (least * least) * (least * least), change = abs(Double(uw))
        var shift = Self.longestShift
        while shift > 0, Double(1 << (3 * shift)) > cube || Double(1 << shift) * change > least / 2 { shift -= 1 }
        return shift
    }

    /// A span's positions: pixel k's is `x >> 16` after k steps of
    /// `x += dx; dx += ddx` (and the same for y): 16.16 with 16 more bits
    /// of fraction, the parabola's value and forward differences.
    struct Curve {
        var x: Int, y: Int
        var dx: Int, dy: Int
        let ddx: Int, ddy: Int

        /// A single position.
        init(_ exact: Exact) {
            (x, y, dx, dy, ddx, ddy) = (Int(exact.sampleX) << 16, Int(exact.sampleY) << 16, 0, 0, 0, 0)
        }

        /// The parabola through `start`, `middle` and `end`, 2^(shift − 1)
        /// and 2^shift columns on. With n = 2^shift, p(t) = p₀ + a·t + b·t²,
        /// a = (4m − 3p₀ − e)/n and b = 2(e − 2m + p₀)/n²: the first
        /// difference a + b and the second 2b are whole in 16 more bits
        /// of fraction for spans up to 2^8, so the parabola is followed
        /// exactly.
        init(_ start: Exact, _ middle: Exact, _ end: Exact, shift: Int) {
            func differences(_ p: Int32, _ m: Int32, _ e: Int32) -> (Int, Int) {
                let (p, m, e) = (Int(p), Int(m), Int(e))
                let bend = e - 2 * m + p
                return (((4 * m - 3 * p - e) << (16 - shift)) + (bend << (17 - 2 * shift)), bend << (18 - 2 * shift))
            }
            let (dx, ddx) = differences(start.sampleX, middle.sampleX, end.sampleX)
            let (dy, ddy) = differences(start.sampleY, middle.sampleY, end.sampleY)
            (x, y, self.dx, self.dy, self.ddx, self.ddy) = (Int(start.sampleX) << 16, Int(start.sampleY) << 16, dx, dy, ddx, ddy)
        }
    }

    /// A span's body: its first column, its pixels (up to the row's end),
    /// its positions and whether they are interpolated (a pixel divided
    /// exactly is a span of one).
    typealias SpanBody = (_ column: Int, _ count: Int, _ curve: Curve, _ interpolated: Bool) -> Void

    /// Calls `body` for each span of the row, left to right.
    @inline(__always)
    func walk(_ body: SpanBody) {
        let budget = spanBudget
        var column = first
        var here = exact(at: column)
        while column < count {
            let shift = spanShift(at: column, budget: budget)
            let chunkEnd = min(count, column + Self.longestSpan)
            while column < chunkEnd {
                let end = exact(at: column + (1 << shift))
                span(column, shift: shift, start: here, end: end, body)
                column += 1 << shift
                here = end
            }
        }
    }

    /// The span of 2^`shift` from `column` between `start` and `end`:
    /// interpolated when its three points are plain, otherwise halved
    /// (where the row passes behind the eye: a few more divisions) down
    /// to single pixels.
    private func span(_ column: Int, shift: Int, start: Exact, end: Exact, _ body: SpanBody) {
        guard column < count else { return }
        guard shift > 0 else { return body(column, 1, Curve(pixman(at: column)), false) }
        let half = 1 << (shift - 1)
        let middle = exact(at: column + half)
        if start.plain, middle.plain, end.plain {
            return body(column, min(1 << shift, count - column), Curve(start, middle, end, shift: shift), true)
        }
        span(column, shift: shift - 1, start: start, end: middle, body)
        span(column + half, shift: shift - 1, start: middle, end: end, body)
    }

    /// Writes the row's sample positions (16.16, before the bilinear
    /// fetch's half-pixel move) for columns `first..<count` to `xy`, x and
    /// y side by side: column c's at `xy[2c]` and `xy[2c + 1]`.
    func positions(into xy: UnsafeMutablePointer<Int32>) {
        walk { column, pixels, curve, _ in
            lamina_fill_positions(xy + 2 * column, pixels, Int64(curve.x), Int64(curve.y), Int64(curve.dx), Int64(curve.dy),
                                  Int64(curve.ddx), Int64(curve.ddy))
        }
    }
}
