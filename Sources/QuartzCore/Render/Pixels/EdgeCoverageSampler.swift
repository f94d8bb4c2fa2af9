import CPixman

/// Samples a premultiplied a8r8g8b8 bitmap through any target-to-bitmap map
/// with a chosen filter and a chosen antialiasing of each of its four edges
/// (`ContentSampling`): what a layer with `.nearest` contents or with edges
/// left out of its `edgeAntialiasingMask` is drawn with when it is not at
/// whole pixels.
///
/// Sample positions are pixman's, as `ProjectiveBilinearSampler` walks
/// them (16.16 fixed point from the centre of each target pixel), so
/// inside the bitmap `.nearest` gives the pixels of pixman's
/// `PIXMAN_FILTER_NEAREST` and `.linear` those of its bilinear filter.
/// At the edges:
///
/// - a hard edge keeps or drops a target pixel whole, by whether its centre
///   maps inside the bitmap (pixman's nearest test), and samples as if the
///   bitmap's edge pixels went on beyond it (`PIXMAN_REPEAT_PAD`), so a
///   kept pixel is not faded;
/// - an antialiased edge under `.linear` fades as the bilinear filter fades
///   into the transparent outside (what every layer gets by default), and
///   under `.nearest` by the pixel's distance from the edge's line on
///   screen: `clamp(d + 0.5, 0, 1)`, a one-pixel ramp, since the nearest
///   filter has no fade of its own. Under perspective the linear fade is
///   cut by that ramp too, as the default path cuts it with its outline mask.
enum EdgeCoverageSampler {
    /// The bitmap's four edges as lines on screen, for the antialiasing
    /// ramps: each as (a, b, c) with a·x + b·y + c the signed distance in
    /// target pixels from the line, positive inside.
    struct EdgeLines {
        /// Row 0 (`layerBottomEdge`, minimum y), maximum x, last row, minimum x.
        let lines: [SIMD3<Double>]

        /// The lines through `outline`, the bitmap's corners on screen
        /// clockwise from its top-left (`LayerContent.outline(through:)`);
        /// nil when it is degenerate.
        init?(outline: [CGPoint]) {
            guard outline.count == 4 else { return nil }
            let points = outline.map { SIMD2<Double>(Double($0.x), Double($0.y)) }
            let centre = (points[0] + points[1] + points[2] + points[3]) / 4
            var lines: [SIMD3<Double>] = []
            for index in 0..<4 {
                let p = points[index], q = points[(index + 1) % 4]
                let direction = q - p
                let length = (direction * direction).sum().squareRoot()
                guard length > 1e-9, length.isFinite else { return nil }
                var a = -direction.y / length, b = direction.x / length
                var c = -(a * p.x + b * p.y)
                if a * centre.x + b * centre.y + c < 0 { (a, b, c) = (-a, -b, -c) }
                lines.append(SIMD3(a, b, c))
            }
            self.lines = lines
        }
    }

    /// Which of the bitmap's edges are hard.
    struct HardEdges {
        let minX: Bool, maxX: Bool, minY: Bool, maxY: Bool
    }

    /// What the sampler does at each edge, decided once for a layer.
    struct Edges {
        /// Edges that keep or drop pixels whole, named by the bitmap's axes
        /// (minY is Apple's `layerBottomEdge`, maxY its `layerTopEdge`).
        let hard: HardEdges
        /// The lines of the edges faded by the on-screen ramp, one a lane
        /// (a·x + b·y + c); a lane with no ramp is 0·x + 0·y + 1, always inside.
        let rampA: SIMD4<Double>, rampB: SIMD4<Double>, rampC: SIMD4<Double>
        /// Whether any edge fades by the ramp.
        let hasRamps: Bool

        init(sampling: ContentSampling, lines: EdgeLines?, isProjective: Bool) {
            let mask = sampling.hardEdges
            hard = HardEdges(minX: mask.contains(.layerLeftEdge), maxX: mask.contains(.layerRightEdge),
                             minY: mask.contains(.layerBottomEdge), maxY: mask.contains(.layerTopEdge))
            let edgeBits: [CAEdgeAntialiasingMask] = [.layerBottomEdge, .layerRightEdge, .layerTopEdge, .layerLeftEdge]
            var a = SIMD4<Double>.zero, b = SIMD4<Double>.zero, c = SIMD4<Double>.one
            var hasRamps = false
            if let lines, sampling.nearest || isProjective {
                for index in 0..<4 where !mask.contains(edgeBits[index]) {
                    (a[index], b[index], c[index]) = (lines.lines[index].x, lines.lines[index].y, lines.lines[index].z)
                    hasRamps = true
                }
            }
            (rampA, rampB, rampC, self.hasRamps) = (a, b, c, hasRamps)
        }
    }

    /// Writes, for each pixel of `rect` (target pixels), `source` sampled
    /// through `transform` (target to bitmap, as pixman holds it) with
    /// `nearest` or bilinear filtering and `edges`' treatment of the edges,
    /// into `output`, whose first pixel is `rect`'s top left and whose rows
    /// are `outputBytesPerRow` apart.
    static func sample(_ source: AffineBilinearSampler.Source, through transform: pixman_transform, nearest: Bool,
                       edges: Edges, rect: PixelRect, into output: UnsafeMutableRawPointer, outputBytesPerRow: Int) {
        var matrix = transform
        let ux = transform.matrix.0.0, uy = transform.matrix.1.0, uw = transform.matrix.2.0
        let maxX = source.width << 16, maxY = source.height << 16
        for row in 0..<rect.height {
            let line = (output + row * outputBytesPerRow).assumingMemoryBound(to: UInt32.self)
            var start = pixman_vector(vector: (Int32(truncatingIfNeeded: rect.x << 16 + 0x8000),
                                               Int32(truncatingIfNeeded: (rect.y + row) << 16 + 0x8000), 0x10000))
            guard pixman_transform_point_3d(&matrix, &start) != 0 else {
                line.update(repeating: 0, count: rect.width)
                continue
            }
            var x = start.vector.0, y = start.vector.1, w = start.vector.2
            // Each ramp's distance at the row's first pixel centre, stepped by `a` per column.
            let centreX = Double(rect.x) + 0.5, centreY = Double(rect.y + row) + 0.5
            var distances = edges.rampA * centreX + edges.rampB * centreY + edges.rampC
            for column in 0..<rect.width {
                defer {
                    x &+= ux
                    y &+= uy
                    w &+= uw
                    distances += edges.rampA
                }
                var sampleX = 0, sampleY = 0
                if w != 0 {
                    // pixman: ((uint64_t)x << 16) / w, in unsigned 64 bits.
                    let divisor = UInt64(bitPattern: Int64(w))
                    sampleX = Int(Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(x)) << 16) / divisor))
                    sampleY = Int(Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(y)) << 16) / divisor))
                }
                // A hard edge: the pixel is in or out by its centre.
                if (edges.hard.minX && sampleX <= 0) || (edges.hard.maxX && sampleX > maxX)
                    || (edges.hard.minY && sampleY <= 0) || (edges.hard.maxY && sampleY > maxY) {
                    line[column] = 0
                    continue
                }
                var pixel = nearest ? nearestPixel(source, x: sampleX, y: sampleY)
                                    : bilinearPixel(source, x: sampleX &- 0x8000, y: sampleY &- 0x8000, hard: edges.hard)
                // Each ramp's coverage clamp(d + 0.5, 0, 1), multiplied.
                let coverage = edges.hasRamps
                    ? (distances + 0.5).clamped(lowerBound: .zero, upperBound: .one).product : 1
                if coverage < 1 {
                    pixel = LayerContent.multiply(pixel, by: UInt8((coverage * 255).rounded()))
                }
                line[column] = pixel
            }
        }
    }

    /// The pixel pixman's nearest filter reads at 16.16 position (`x`,
    /// `y`), clamped into the bitmap: outside it, only an antialiased
    /// edge's ramp (or nothing, past a hard edge) is drawn.
    @inline(__always)
    private static func nearestPixel(_ source: AffineBilinearSampler.Source, x: Int, y: Int) -> UInt32 {
        let column = max(0, min(source.width - 1, (x &- 1) >> 16)), row = max(0, min(source.height - 1, (y &- 1) >> 16))
        return (source.base + row &* source.bytesPerRow + column &* 4).loadUnaligned(as: UInt32.self)
    }

    /// The bilinear blend at 16.16 position (`x`, `y`) (moved by half a
    /// pixel), outside pixels transparent beyond an antialiased edge and
    /// the edge's own pixels beyond a hard one.
    @inline(__always)
    private static func bilinearPixel(_ source: AffineBilinearSampler.Source, x: Int, y: Int,
                                      hard: HardEdges) -> UInt32 {
        let x0 = x >> 16, y0 = y >> 16
        if x0 >= 0, y0 >= 0, x0 + 1 < source.width, y0 + 1 < source.height {
            return AffineBilinearSampler.pixel(source, x: x, y: y)
        }
        /// The column or row `index` reads, nil where it is transparent.
        func clamped(_ index: Int, size: Int, padLow: Bool, padHigh: Bool) -> Int? {
            if index < 0 { return padLow ? 0 : nil }
            if index >= size { return padHigh ? size - 1 : nil }
            return index
        }
        let columns = (clamped(x0, size: source.width, padLow: hard.minX, padHigh: hard.maxX),
                       clamped(x0 + 1, size: source.width, padLow: hard.minX, padHigh: hard.maxX))
        /// Pixels (`columns`) of row `y`, the first in the low half, zero where transparent.
        func pair(_ y: Int) -> UInt64 {
            guard let row = clamped(y, size: source.height, padLow: hard.minY, padHigh: hard.maxY) else { return 0 }
            func load(_ column: Int?) -> UInt64 {
                guard let column else { return 0 }
                return UInt64((source.base + row * source.bytesPerRow + column * 4).loadUnaligned(as: UInt32.self))
            }
            return load(columns.0) | load(columns.1) << 32
        }
        return AffineBilinearSampler.weigh(top: pair(y0), bottom: pair(y0 + 1), x: x, y: y)
    }
}

private extension SIMD4 where Scalar == Double {
    /// The four lanes multiplied together.
    var product: Double { (self[0] * self[1]) * (self[2] * self[3]) }
}
