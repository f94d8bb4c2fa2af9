import Foundation

/// The one-dimensional filter a Gaussian blur applies along each axis, built
/// from a standard deviation in pixels.
///
/// - For a standard deviation of 2 pixels or more it is the W3C Filter
///   Effects approximation of a Gaussian (`feGaussianBlur`): three
///   successive box blurs of width d = floor(σ · 3·√(2π)/4 + 0.5). If d is
///   odd the three boxes are centred on the output pixel; if d is even the
///   first box is centred on the boundary to the left of the output pixel,
///   the second on the boundary to its right, and the third, of width d + 1,
///   on the pixel. The spec puts this within 3% of a true Gaussian for
///   σ ≥ 2. Each box costs the same whatever its width (a running sum).
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
    /// +infinity) are clamped to it. At 256 the outset is 722 pixels, so a
    /// layer's scratch buffer grows by at most 1444 pixels a side; beyond
    /// that a blur is visually a faint uniform haze anyway.
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
            let width = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            if width % 2 == 1 {
                let half = (width - 1) / 2
                passes = Array(repeating: .box(left: half, right: half), count: 3)
                outset = 3 * half
            } else {
                let half = width / 2
                passes = [.box(left: half, right: half - 1), .box(left: half - 1, right: half), .box(left: half, right: half)]
                outset = 3 * half - 1
            }
        }
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
