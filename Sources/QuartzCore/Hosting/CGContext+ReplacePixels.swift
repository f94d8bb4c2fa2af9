extension CGContext {
    /// Replaces the pixels of `rects` (pixels, top-left origin) with those of
    /// `source` (drawn at the context's device origin, upright).
    func replacePixels(in rects: [PixelRect], from source: RasterBuffer) {
        guard !rects.isEmpty else { return }
        let image = source.makeImage()
        let height = CGFloat(self.height)
        saveGState()
        concatenate(ctm.inverted())  // device space: y up from the bottom row
        clip(to: rects.map { CGRect(x: CGFloat($0.x), y: height - CGFloat($0.maxY), width: CGFloat($0.width), height: CGFloat($0.height)) })
        clear(CGRect(x: 0, y: 0, width: CGFloat(width), height: height))
        draw(image, in: CGRect(x: 0, y: height - CGFloat(source.height), width: CGFloat(source.width), height: CGFloat(source.height)))
        restoreGState()
    }
}
