/// The vertical half of a separable blur, streamed: rows go in top to
/// bottom, each pass keeps a ring of the rows its window covers, and blurred
/// rows come out top to bottom, so only a few rows are in memory at once and
/// every access runs along a row.
///
/// Each pass emits one row per row received, `delay` rows late (the reach
/// of its window below the output row); `finish` pushes that many zero rows
/// through each pass so every pass emits as many rows as it received. A
/// transparent row is passed as `isZero` and costs nothing to add.
package struct VerticalBlur<Sample: BlurSample> {
    private var stages: [Stage]
    private let zeroRow: [Sample]
    private var emitted = 0

    package init(passes: [BlurKernel.Pass], width: Int) {
        stages = passes.map { Stage(pass: $0, width: width) }
        zeroRow = Array(repeating: .zero, count: width)
    }

    /// Feeds the next row (`width` samples; ignored when `isZero`); `sink`
    /// receives every finished row with its index (counting from 0, the
    /// first row pushed) and whether it is all zero.
    package mutating func push(_ row: [Sample], isZero: Bool, sink: (Int, [Sample], Bool) -> Void) {
        push(row, isZero: isZero, into: 0, sink: sink)
    }

    /// Flushes the passes; after it every pushed row has come out of `sink`.
    package mutating func finish(sink: (Int, [Sample], Bool) -> Void) {
        for stage in stages.indices {
            for _ in 0..<stages[stage].delay { push(zeroRow, isZero: true, into: stage, sink: sink) }
        }
    }

    private mutating func push(_ row: [Sample], isZero: Bool, into stage: Int, sink: (Int, [Sample], Bool) -> Void) {
        guard stage < stages.count else {
            sink(emitted, row, isZero)
            emitted += 1
            return
        }
        guard stages[stage].receive(row, isZero: isZero) else { return }
        push(stages[stage].output, isZero: stages[stage].outputIsZero, into: stage + 1, sink: sink)
    }

    /// One vertical pass.
    private struct Stage {
        let pass: BlurKernel.Pass
        let width: Int
        /// Rows of the window below the output row.
        let delay: Int
        /// Rows in the window.
        let window: Int
        /// The last `window` rows received, row after row; `isZero` marks the
        /// transparent ones (whose samples are stale and never read).
        var ring: [Sample]
        var isZero: [Bool]
        /// Running sum of the window's rows (box passes), and how many of
        /// them are non-zero: when none are, the sum is reset to exact zero
        /// so floating-point drift cannot leave a faint residue.
        var sum: [Sample]
        var nonZeroRows = 0
        var received = 0
        /// The row emitted by the last `receive` that returned true.
        var output: [Sample]
        var outputIsZero = true

        init(pass: BlurKernel.Pass, width: Int) {
            self.pass = pass
            self.width = width
            switch pass {
            case .box(let left, let right):
                delay = right
                window = left + right + 1
            case .convolution(let weights):
                delay = weights.count / 2
                window = weights.count
            }
            ring = Array(repeating: .zero, count: window * width)
            isZero = Array(repeating: true, count: window)
            sum = Array(repeating: .zero, count: width)
            output = sum
        }

        /// Takes in the next row; returns whether a row was emitted into `output`.
        mutating func receive(_ row: [Sample], isZero rowIsZero: Bool) -> Bool {
            let index = received
            received += 1
            let slot = index % window
            isZero[slot] = rowIsZero
            let outputIndex = index - delay
            switch pass {
            case .box(let left, let right):
                if !rowIsZero {
                    RowMath.store(row, into: &ring, at: slot * width, addingInto: &sum, count: width)
                    nonZeroRows += 1
                }
                guard outputIndex >= 0 else { return false }
                outputIsZero = nonZeroRows == 0
                // Emit the mean; the oldest row in the window then leaves it.
                let oldest = index - window + 1
                let leaving = oldest >= 0 && !isZero[oldest % window]
                let scale = 1 / Float(left + right + 1)
                if leaving { nonZeroRows -= 1 }
                if leaving && nonZeroRows > 0 {
                    RowMath.emit(&sum, scaledBy: scale, into: &output, subtracting: ring, at: (oldest % window) * width, count: width)
                } else {
                    if !outputIsZero { RowMath.scale(sum, by: scale, into: &output, count: width) }
                    if leaving { RowMath.clear(&sum, count: width) }
                }
                return true
            case .convolution(let weights):
                if !rowIsZero { RowMath.copy(row, from: 0, into: &ring, at: slot * width, count: width) }
                guard outputIndex >= 0 else { return false }
                outputIsZero = true
                for k in 0..<window {
                    let source = index - window + 1 + k
                    guard source >= 0, !isZero[source % window] else { continue }
                    if outputIsZero { RowMath.clear(&output, count: width) }
                    RowMath.addScaled(ring, at: (source % window) * width, by: weights[k], into: &output, count: width)
                    outputIsZero = false
                }
                return true
            }
        }
    }
}
