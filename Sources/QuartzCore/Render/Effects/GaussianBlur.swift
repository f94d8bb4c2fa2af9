/// The render server's image effects: pure functions over premultiplied ARGB
/// pixel buffers (`PixelBufferView`), called on the render thread.
package enum ImageEffects {}

extension ImageEffects {
    /// Blurs `source` into `destination` with a Gaussian of standard
    /// deviation `radius` pixels: `CIGaussianBlur` with `inputRadius = radius`.
    ///
    /// **Radius convention.** Apple documents `inputRadius` only as "the
    /// radius of the blur, in pixels" (default 10). Core Image uses it as
    /// the Gaussian's standard deviation: its output extent grows by about
    /// three times the radius on every side (a kernel cut off at 3σ), which
    /// is the offset people report having to crop after `CIGaussianBlur`.
    /// So σ = `radius` here; see `BlurKernel` for how the Gaussian is
    /// approximated.
    ///
    /// **Edges.** Pixels outside `source` are transparent, so content near
    /// an edge fades out rather than wrapping or smearing. The blur spreads
    /// content by `outset(forRadius:)` pixels; what would spread past
    /// `destination`'s edges is cut off, so to keep all of it the caller
    /// gives the source that much transparent margin.
    ///
    /// **Sizes.** `destination` receives a blur of `source` aligned at the
    /// top-left corner; normally both are the same size. Where the sizes
    /// differ, source pixels beyond the destination are ignored and a
    /// destination larger than the source sees transparency past the
    /// source's edges. `source` and `destination` may be the same buffer.
    ///
    /// **Bad input.** A radius of 0, NaN or a negative radius copies;
    /// +infinity and radii over `BlurKernel.maximumStandardDeviation` (256)
    /// are clamped to it. Empty views do nothing.
    package static func gaussianBlur(source: PixelBufferView, into destination: PixelBufferView, radius: Double) {
        gaussianBlur(source: source, into: destination, kernel: BlurKernel(standardDeviation: radius))
    }

    /// How many pixels `gaussianBlur(source:into:radius:)` spreads content
    /// on each side (0 for no blur): the amount to grow damage rectangles and
    /// scratch buffers by. Beyond it the blur of transparent surroundings is
    /// exactly transparent. Same sanitizing of `radius` as the blur.
    package static func outset(forRadius radius: Double) -> Int {
        BlurKernel.outset(forStandardDeviation: radius)
    }

    /// Blurs with a prepared kernel; see `gaussianBlur(source:into:radius:)`.
    package static func gaussianBlur(source: PixelBufferView, into destination: PixelBufferView, kernel: BlurKernel) {
        guard !destination.isEmpty else { return }
        let width = destination.width, height = destination.height
        if kernel.isIdentity {
            copy(source, into: destination)
            return
        }
        var pixels = [UInt32](repeating: 0, count: width)
        SeparableBlur<SIMD4<Float>>(kernel: kernel, width: width, height: height).run(
            loadRow: { y, line, start in
                guard y < source.height else { return false }
                source.readRow(y, into: &pixels)
                var any = false
                for x in 0..<width where pixels[x] != 0 {
                    line[start + x] = PremultipliedPixel.unpack(pixels[x])
                    any = true
                }
                return any
            },
            storeRow: { y, row, isZero in
                if isZero {
                    for x in 0..<width { pixels[x] = 0 }
                } else {
                    for x in 0..<width { pixels[x] = PremultipliedPixel.pack(row[x]) }
                }
                destination.writeRow(y, from: pixels)
            })
    }

    /// Copies `source` into `destination` aligned at the top-left corner;
    /// destination pixels outside the source become transparent.
    package static func copy(_ source: PixelBufferView, into destination: PixelBufferView) {
        guard !destination.isEmpty else { return }
        let samePixels = source.sharesOrigin(with: destination)
            && source.width >= destination.width && source.height >= destination.height
        guard !samePixels else { return }
        var pixels = [UInt32](repeating: 0, count: destination.width)
        for y in 0..<destination.height {
            source.readRow(y, into: &pixels)
            destination.writeRow(y, from: pixels)
        }
    }
}
