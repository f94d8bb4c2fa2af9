/// Whole-row arithmetic on sample arrays, through spans so the loops carry
/// no copy-on-write checks.
package enum RowMath {
    /// destination[start + i] = row[from + i]
    @inline(__always)
    package static func copy<S: BlurSample>(_ row: [S], from: Int, into destination: inout [S], at start: Int, count: Int) {
        let input = row.span
        var output = destination.mutableSpan
        for i in 0..<count { output[start + i] = input[from + i] }
    }

    /// rows[start + i] = row[i]; sum[i] += row[i]
    @inline(__always)
    package static func store<S: BlurSample>(_ row: [S], into rows: inout [S], at start: Int, addingInto sum: inout [S], count: Int) {
        let input = row.span
        var ring = rows.mutableSpan
        var total = sum.mutableSpan
        for i in 0..<count {
            let value = input[i]
            ring[start + i] = value
            total[i] = total[i] + value
        }
    }

    /// destination[i] = sum[i] * factor; sum[i] -= rows[start + i]
    @inline(__always)
    package static func emit<S: BlurSample>(_ sum: inout [S], scaledBy factor: Float, into destination: inout [S], subtracting rows: [S], at start: Int, count: Int) {
        let leaving = rows.span
        var total = sum.mutableSpan
        var output = destination.mutableSpan
        for i in 0..<count {
            let value = total[i]
            output[i] = value * factor
            total[i] = value - leaving[start + i]
        }
    }

    /// destination[i] += rows[start + i] * weight
    @inline(__always)
    package static func addScaled<S: BlurSample>(_ rows: [S], at start: Int, by weight: Float, into destination: inout [S], count: Int) {
        let input = rows.span
        var output = destination.mutableSpan
        for i in 0..<count { output[i] = output[i] + input[start + i] * weight }
    }

    /// destination[i] = row[i] * factor
    @inline(__always)
    package static func scale<S: BlurSample>(_ row: [S], by factor: Float, into destination: inout [S], count: Int) {
        let input = row.span
        var output = destination.mutableSpan
        for i in 0..<count { output[i] = input[i] * factor }
    }

    /// destination[i] = 0
    @inline(__always)
    package static func clear<S: BlurSample>(_ destination: inout [S], count: Int) {
        var output = destination.mutableSpan
        for i in 0..<count { output[i] = .zero }
    }
}
