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
/// The row goes in chunks of `longestSpan` columns, each with one span
/// length (a power of two, from the least W over the chunk), so that the
/// ends' divisions depend on nothing before them and overlap, and a span's
/// step is a shift.
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
    /// The row's pixels.
    let count: Int
    /// The largest interpolation error allowed, in pixels; 0 divides every
    /// pixel (pixman's positions exactly).
    let tolerance: Double
    /// Where spans may be interpolated: both ends' positions inside it.
    /// The bilinear sampler passes the positions whose four neighbours lie
    /// within the bitmap, so that at its edges, where alpha changes by all
    /// 255 over a pixel and an error shows most, positions are pixman's.
    let region: Region

    /// The longest span, and the chunk one span length holds for: beyond
    /// it the two divisions are a small part of the span's cost.
    static let longestSpan = 64
    private static let longestShift = 6

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

    /// log2 of the span length for the chunk from `column`: the largest
    /// power of two within the bound over the chunk's `longestSpan`
    /// columns (even past the row's end: the bound holds over all of them).
    @inline(__always)
    func spanShift(at column: Int, scale: Double) -> Int {
        // W is linear: its least over the chunk is at one end.
        let start = Double(w) + Double(uw) * Double(column)
        let least = min(start, start + Double(uw) * Double(Self.longestSpan))
        guard least > 0 else { return 0 }
        let longest = scale * least * least.squareRoot()
        var shift = Self.longestShift
        while shift > 0, Double(1 << shift) > longest { shift -= 1 }
        return shift
    }

    /// Calls `body(column, count, start, end)` for each span of the row,
    /// left to right, with its first column, its pixels (up to the row's
    /// end), the exact position at its first column and, when it is
    /// interpolated, the exact position at its end (`1 << shift` columns
    /// on, possibly past the row) and `shift`. A pixel divided exactly is
    /// a span of one without an end.
    @inline(__always)
    func walk(_ body: (_ column: Int, _ count: Int, _ start: Exact, _ end: (exact: Exact, shift: Int)?) -> Void) {
        let scale = spanScale
        var column = 0
        var here = exact(at: 0)
        while column < count {
            let shift = spanShift(at: column, scale: scale)
            let chunkEnd = min(count, column + Self.longestSpan)
            while column < chunkEnd {
                let end = exact(at: column + (1 << shift))
                if shift > 0, here.interpolable, end.interpolable {
                    body(column, min(1 << shift, count - column), here, (end, shift))
                } else {
                    split(column, shift: shift, start: here, end: end, body)
                }
                column += 1 << shift
                here = end
            }
        }
    }

    /// A span with an end outside `region` (where the row enters or
    /// leaves the bitmap, say), halved until its halves are interpolable
    /// or single pixels: a few more divisions, once per crossing.
    private func split(_ column: Int, shift: Int, start: Exact, end: Exact,
                       _ body: (_ column: Int, _ count: Int, _ start: Exact, _ end: (exact: Exact, shift: Int)?) -> Void) {
        guard column < count else { return }
        guard shift > 0 else { return body(column, 1, start, nil) }
        if start.interpolable, end.interpolable {
            return body(column, min(1 << shift, count - column), start, (end, shift))
        }
        let middle = exact(at: column + (1 << (shift - 1)))
        split(column, shift: shift - 1, start: start, end: middle, body)
        split(column + (1 << (shift - 1)), shift: shift - 1, start: middle, end: end, body)
    }

    /// Writes the row's `count` sample positions (16.16, before the
    /// bilinear fetch's half-pixel move) to `xs` and `ys`.
    func positions(x xs: UnsafeMutablePointer<Int32>, y ys: UnsafeMutablePointer<Int32>) {
        walk { column, pixels, start, end in
            guard let (end, shift) = end else {
                xs[column] = start.sampleX
                ys[column] = start.sampleY
                return
            }
            // 16.16 positions with 16 more bits of fraction: a step of
            // (end − start) / 2^shift is exact, and the chord is followed
            // to within 2^-16 of a unit.
            var px = Int(start.sampleX) << 16, py = Int(start.sampleY) << 16
            let stepX = (Int(end.sampleX) - Int(start.sampleX)) << (16 - shift)
            let stepY = (Int(end.sampleY) - Int(start.sampleY)) << (16 - shift)
            for pixel in column..<(column + pixels) {
                xs[pixel] = Int32(truncatingIfNeeded: px >> 16)
                ys[pixel] = Int32(truncatingIfNeeded: py >> 16)
                px &+= stepX
                py &+= stepY
            }
        }
    }
}
