extension PixelBufferView {
    /// The pixels of `area` (target pixels) of `buffer`, clipped to those it
    /// has memory for (a windowed scratch holds only its window).
    init(_ buffer: RasterBuffer, area: PixelRect) {
        guard let area = area.intersection(buffer.window) else {
            self.init(baseAddress: nil, width: 0, height: 0, bytesPerRow: 0)
            return
        }
        self.init(baseAddress: buffer.base + area.y * buffer.bytesPerRow + area.x * 4,
                  width: area.width, height: area.height, bytesPerRow: buffer.bytesPerRow)
    }
}
