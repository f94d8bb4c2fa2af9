/// Runs a `BlurKernel` over a whole image, one axis at a time.
///
/// The image is `width` x `height` samples, transparent outside. Each row is
/// read through `loadRow`, padded by the kernel's outset on each side and
/// filtered horizontally; the rows then stream through the vertical passes
/// (`VerticalBlur`), which keep only the few rows each pass's window needs,
/// and come out, top to bottom, through `storeRow`. A row is stored only
/// after every row it depends on has been read, and rows are read before
/// any row below them is stored, so `storeRow` may write to the rows
/// `loadRow` has already read (the destination may be the source).
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
    ///   - storeRow: receives row `y`'s `width` blurred samples and whether
    ///     they are all zero (transparent; the samples are then stale).
    package func run(
        loadRow: (_ y: Int, _ line: inout [Sample], _ start: Int) -> Bool,
        storeRow: (_ y: Int, _ row: [Sample], _ isZero: Bool) -> Void
    ) {
        guard width > 0, height > 0 else { return }
        let pad = kernel.outset
        var vertical = VerticalBlur<Sample>(passes: kernel.passes, width: width)
        var line = [Sample](repeating: .zero, count: width + 2 * pad)
        var scratch = line
        var row = [Sample](repeating: .zero, count: width)
        // Rows -pad ..< height + pad, shifted to start at 0; the final pass's
        // rows pad ..< pad + height are the image's.
        func emit(_ index: Int, _ blurred: [Sample], _ isZero: Bool) {
            let y = index - pad
            if y >= 0, y < height { storeRow(y, blurred, isZero) }
        }
        for index in 0..<height + 2 * pad {
            let y = index - pad
            var loaded = false
            if y >= 0, y < height {
                RowMath.clear(&line, count: line.count)
                loaded = loadRow(y, &line, pad)
            }
            if loaded {
                kernel.filter(&line, scratch: &scratch)
                RowMath.copy(line, from: pad, into: &row, at: 0, count: width)
            }
            vertical.push(row, isZero: !loaded, sink: emit)
        }
        vertical.finish(sink: emit)
    }
}
