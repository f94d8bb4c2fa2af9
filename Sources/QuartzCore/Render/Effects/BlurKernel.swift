import Foundation

/// The one-dimensional filter a Gaussian blur applies along each axis, built
/// from a standard deviation in pixels.
///
/// - For a standard deviation of 2 pixels or more it is the W3C Filter
///   Effects approximation of a Gaussian (`feGaussianBlur`): three
///   successive box blurs, odd-width boxes centred on the output pixel and
///   even-width ones in pairs, one centred on the boundary to the left of
///   the output pixel and one on the boundary to its right. The spec takes
///   all three widths from one d = ⌊σ · 3·√(2π)/4 + 0.5⌋ (d, d, d, or
///   d, d, d + 1 when d is even), which is up to 9% off in σ; Lamina picks
///   the three widths separately so that their variance matches σ²
///   (`boxWidths(variance:)`). Each box costs the same whatever its width
///   (a running sum).
/// - Below 2 pixels, where boxes are too coarse, it is a direct convolution
///   with the sampled Gaussian, truncated at ⌈3σ⌉ and normalized.
/// - A standard deviation of 0 (or NaN, or negative) is no blur at all.
///
/// `outset` is how far the filter spreads a pixel: past it the result is
/// exactly transparent, so it is what the compositor grows damage rectangles
/// and scratch buffers by on every side.
package struct BlurKernel: Equatable, Sendable {
    /// One pass over a line of samples.
    package enum Pass: Equatable, Sendable {
        /// Output i is the mean of inputs i - left ... i + right.
        case box(left: Int, right: Int)
        /// Output i is Σ weights[k] · input[i + k - weights.count / 2].
        case convolution(weights: [Float])
    }

    /// The largest standard deviation applied, in pixels: larger ones (and
    /// +infinity) are clamped to it. At 256 the outset is 767 pixels, so a
    /// layer's scratch buffer grows by at most 1534 pixels in each
    /// dimension; beyond that a blur is visually a faint uniform haze anyway.
    package static let maximumStandardDeviation = 256.0

    /// Below this standard deviation (pixels) the kernel is a direct
    /// convolution rather than three boxes.
    package static let directConvolutionLimit = 2.0

    /// The standard deviation applied, after sanitizing: 0 for NaN or
    /// negative input, at most `maximumStandardDeviation`.
    package let standardDeviation: Double
    /// The passes, applied in order.
    package let passes: [Pass]
    /// How many pixels the filter spreads a pixel on each side.
    package let outset: Int

    /// The kernel for a Gaussian of `standardDeviation` pixels.
    package init(standardDeviation: Double) {
        let sigma = BlurKernel.sanitized(standardDeviation)
        self.standardDeviation = sigma
        if sigma == 0 {
            passes = []
            outset = 0
        } else if sigma < BlurKernel.directConvolutionLimit {
            let reach = Int((3 * sigma).rounded(.up))
            let raw = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let total = raw.reduce(0, +)
            passes = [.convolution(weights: raw.map { $0 / total })]
            outset = reach
        } else {
            let widths = BlurKernel.boxWidths(variance: sigma * sigma)
            var passes: [Pass] = []
            var evenSeen = false
            for width in widths {
                if width % 2 == 1 {
                    passes.append(.box(left: width / 2, right: width / 2))
                } else {
                    // Even boxes come in pairs, shifted half a pixel left then right.
                    passes.append(evenSeen ? .box(left: width / 2 - 1, right: width / 2) : .box(left: width / 2, right: width / 2 - 1))
                    evenSeen = true
                }
            }
            self.passes = passes
            outset = passes.reduce(0) { total, pass in
                if case .box(_, let right) = pass { return total + right }
                return total
            }
        }
    }

    /// Three box widths, differing by at most 2 (boxes of near-equal width
    /// make the most Gaussian-like bell), with an even number of even widths
    /// so their half-pixel shifts cancel, whose combined variance
    /// Σ (w² − 1) / 12 is closest to `variance`; ties go to the narrower set.
    ///
    /// The W3C rule (three boxes of d = ⌊σ · 3√(2π)/4 + 0.5⌋, or d, d, d + 1)
    /// can only step σ by about half a pixel, so its blur is up to 9% too
    /// narrow or wide (σ 6 blurs like σ 5.48). Choosing the three widths
    /// separately steps σ by about a sixth of a pixel.
    static func boxWidths(variance: Double) -> [Int] {
        let (a, b, c) = boxWidthTriple(variance: variance)
        let best = [a, b, c]
        // Even widths first, so the pair's shifts are adjacent passes.
        return best.filter { $0 % 2 == 0 } + best.filter { $0 % 2 == 1 }
    }

    /// `boxWidths` in increasing order, without arrays (the compositor asks
    /// for a blur's reach every frame).
    private static func boxWidthTriple(variance: Double) -> (Int, Int, Int) {
        let equal = (4 * variance + 1).squareRoot()     // three equal widths
        let low = max(1, Int(equal) - 2), high = Int(equal.rounded(.up)) + 2
        var best = (low, low, low)
        var bestError = Double.infinity
        for a in low...high {
            for b in a...min(high, a + 2) {
                for c in b...min(high, a + 2) {
                    let evens = (a % 2 == 0 ? 1 : 0) + (b % 2 == 0 ? 1 : 0) + (c % 2 == 0 ? 1 : 0)
                    guard evens == 0 || evens == 2 else { continue }
                    let total = Double(a * a + b * b + c * c - 3) / 12
                    let error = abs(total - variance)
                    if error < bestError - 1e-12 {
                        best = (a, b, c)
                        bestError = error
                    }
                }
            }
        }
        return best
    }

    /// `BlurKernel(standardDeviation:).outset` without building the kernel:
    /// the compositor asks for every blurred layer's reach every frame.
    package static func outset(forStandardDeviation value: Double) -> Int {
        let sigma = sanitized(value)
        if sigma == 0 { return 0 }
        if sigma < directConvolutionLimit { return Int((3 * sigma).rounded(.up)) }
        let (a, b, c) = boxWidthTriple(variance: sigma * sigma)
        // Odd boxes reach w / 2 right; of an even pair the first reaches one
        // less. (A SIMD vector, not an array: nothing allocated per call.)
        let widths = SIMD3(a, b, c)
        var outset = 0, evenSeen = false
        for index in 0..<3 where widths[index] % 2 == 0 {
            outset += evenSeen ? widths[index] / 2 : widths[index] / 2 - 1
            evenSeen = true
        }
        for index in 0..<3 where widths[index] % 2 == 1 { outset += widths[index] / 2 }
        return outset
    }

    /// `value` as a usable standard deviation: NaN and negatives are 0,
    /// anything above `maximumStandardDeviation` (including +infinity) is
    /// clamped to it.
    package static func sanitized(_ value: Double) -> Double {
        guard value > 0 else { return 0 }      // also NaN
        return min(value, maximumStandardDeviation)
    }

    /// Whether the kernel leaves pixels unchanged.
    package var isIdentity: Bool { passes.isEmpty }
}
