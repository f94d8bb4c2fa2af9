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

extension RasterBuffer {
    /// Lends a view of the pixels that have memory (`window`, whose top-left
    /// pixel is the view's (0, 0)) to `body`; the view must not escape it.
    package func withView<Result>(_ body: (PixelBufferView) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(PixelBufferView(self, area: window)) }
    }

    /// The premultiplied ARGB pixel at (x, y); 0 outside the window, where
    /// writes are ignored.
    package subscript(x x: Int, y y: Int) -> UInt32 {
        get { pixel(x: x, y: y) }
        set { withView { $0[x: x - window.x, y: y - window.y] = newValue } }
    }
}
