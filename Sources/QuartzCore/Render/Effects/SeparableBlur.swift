/// Runs a `BlurKernel` over a whole image, one axis at a time.
///
/// The image is `width` x `height` samples, transparent outside. Rows are
/// read through `loadRow`, padded by the kernel's outset on each side and
/// filtered horizontally into a transposed plane; then each column of that
/// plane is padded, filtered vertically and handed to `storeColumn`. Because
/// every row is read before any column is stored, the destination may be the
/// same memory as the source.
package struct SeparableBlur<Sample: BlurSample> {
    package let kernel: BlurKernel
    package let width: Int
    package let height: Int

    package init(kernel: BlurKernel, width: Int, height: Int) {
        self.kernel = kernel
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Blurs the image.
    ///
    /// - Parameters:
    ///   - loadRow: writes row `y`'s `width` samples into `line` starting at
    ///     index `start` (the rest of `line` is already zero) and returns
    ///     whether any of them is non-zero; an all-zero row is skipped.
    ///   - storeColumn: receives column `x`'s blurred `height` samples in
    ///     `line`, starting at index `start`.
    package func run(
        loadRow: (_ y: Int, _ line: inout [Sample], _ start: Int) -> Bool,
        storeColumn: (_ x: Int, _ line: [Sample], _ start: Int) -> Void
    ) {
        guard width > 0, height > 0 else { return }
        let pad = kernel.outset
        var transposed = [Sample](repeating: .zero, count: width * height)
        var columnHasContent = [Bool](repeating: false, count: width)
        var line = [Sample](repeating: .zero, count: width + 2 * pad)
        var scratch = line
        for y in 0..<height {
            for i in line.indices { line[i] = .zero }
            guard loadRow(y, &line, pad) else { continue }
            kernel.filter(&line, scratch: &scratch)
            for x in 0..<width {
                let value = line[pad + x]
                transposed[x * height + y] = value
                if value != .zero { columnHasContent[x] = true }
            }
        }
        var column = [Sample](repeating: .zero, count: height + 2 * pad)
        scratch = column
        for x in 0..<width {
            for i in column.indices { column[i] = .zero }
            if columnHasContent[x] {
                for y in 0..<height { column[pad + y] = transposed[x * height + y] }
                kernel.filter(&column, scratch: &scratch)
            }
            storeColumn(x, column, pad)
        }
    }
}
