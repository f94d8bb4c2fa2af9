import QuartzCore

extension RasterBuffer {
    /// Copies `rect` (pixels, clipped to both buffers) from `source` to the
    /// same place in this buffer.
    func copy(_ rect: PixelRect, from source: RasterBuffer) {
        let bounds = PixelRect(x: 0, y: 0, width: min(width, source.width), height: min(height, source.height))
        guard let rect = rect.intersection(bounds) else { return }
        for row in rect.y..<rect.maxY {
            (base + row * bytesPerRow + rect.x * 4)
                .copyMemory(from: source.base + row * source.bytesPerRow + rect.x * 4, byteCount: rect.width * 4)
        }
    }
}
