/// A value a blur can average: one channel (`Float`) or four premultiplied
/// channels at once (`SIMD4<Float>`).
package protocol BlurSample {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Float) -> Self
}

extension Float: BlurSample {}
extension SIMD4: BlurSample where Scalar == Float {}

extension BlurKernel {
    /// Filters `line` in place, treating samples outside it as zero
    /// (transparent). `scratch` is working space; its contents on entry do
    /// not matter, and it is resized as needed.
    ///
    /// A line meant to be blurred without clipping carries `outset` zero
    /// samples on each side of its content, so that every pass sees the
    /// spread of the passes before it.
    package func filter<Sample: BlurSample>(_ line: inout [Sample], scratch: inout [Sample]) {
        guard !passes.isEmpty, !line.isEmpty else { return }
        if scratch.count != line.count { scratch = Array(repeating: .zero, count: line.count) }
        for pass in passes {
            switch pass {
            case .box(let left, let right):
                BlurKernel.box(line, into: &scratch, left: left, right: right)
            case .convolution(let weights):
                BlurKernel.convolve(line, into: &scratch, weights: weights)
            }
            swap(&line, &scratch)
        }
    }

    /// output[i] = mean(input[i - left ... i + right]), zero outside the input.
    private static func box<Sample: BlurSample>(_ input: [Sample], into output: inout [Sample], left: Int, right: Int) {
        let count = input.count
        let scale = 1 / Float(left + right + 1)
        var sum = Sample.zero
        let firstWindowEnd = min(right, count - 1)
        if firstWindowEnd >= 0 {
            for j in 0...firstWindowEnd { sum = sum + input[j] }
        }
        for i in 0..<count {
            output[i] = sum * scale
            let entering = i + right + 1
            if entering < count { sum = sum + input[entering] }
            let leaving = i - left
            if leaving >= 0 { sum = sum - input[leaving] }
        }
    }

    /// output[i] = Σ weights[k] · input[i + k - reach], zero outside the input.
    private static func convolve<Sample: BlurSample>(_ input: [Sample], into output: inout [Sample], weights: [Float]) {
        let count = input.count
        let reach = weights.count / 2
        for i in 0..<count {
            var total = Sample.zero
            let first = max(0, reach - i), last = min(weights.count - 1, count - 1 - i + reach)
            if first <= last {
                for k in first...last { total = total + input[i + k - reach] * weights[k] }
            }
            output[i] = total
        }
    }
}
