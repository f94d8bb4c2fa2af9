/// The scene's pixels under the debug overlays: what the compositor drew
/// there before an overlay covered it, so the next frame can put it back.
///
/// The compositor repaints only damaged pixels and leaves the rest of the
/// target as the last frame left it, overlays included. Putting the scene
/// back under last frame's overlays before compositing keeps the target a
/// pure rendering of the scene while the compositor works (background
/// filters read it) and lets an overlay move, change or go away without
/// the compositor repainting the scene there: the app's damage, and what
/// compositing costs, are the same with overlays as without.
///
/// Rectangles are target pixels, origin top left. Render thread.
final class SceneBackdrop {
    /// Same size as the target, allocated when something is first saved.
    private var pixels: RasterBuffer?
    /// Where `pixels` holds the scene and the target shows an overlay.
    private(set) var savedRects: [PixelRect] = []

    /// Copies the saved scene back into `target` and returns where. After a
    /// change of target size nothing is restored (the compositor repaints
    /// the whole of a resized target).
    func restore(into target: RasterBuffer) -> [PixelRect] {
        defer { savedRects.removeAll() }
        guard let pixels, pixels.width == target.width, pixels.height == target.height else { return [] }
        for rect in savedRects { Self.copy(rect, from: pixels, to: target) }
        return savedRects
    }

    /// Keeps the scene in `rects` of `target`, about to be drawn over.
    func save(_ rects: [PixelRect], from target: RasterBuffer) {
        savedRects = rects
        guard !rects.isEmpty else {
            // Nothing is overlaid: give the memory back.
            pixels = nil
            return
        }
        if pixels?.width != target.width || pixels?.height != target.height {
            pixels = RasterBuffer(width: target.width, height: target.height)
        }
        guard let pixels else { return }
        for rect in rects { Self.copy(rect, from: target, to: pixels) }
    }

    /// Copies `rect` (clipped to both buffers) between buffers of the same size.
    private static func copy(_ rect: PixelRect, from source: RasterBuffer, to destination: RasterBuffer) {
        let bounds = PixelRect(x: 0, y: 0, width: min(source.width, destination.width),
                               height: min(source.height, destination.height))
        guard let rect = rect.intersection(bounds) else { return }
        for row in rect.y..<rect.maxY {
            (destination.base + row * destination.bytesPerRow + rect.x * 4)
                .copyMemory(from: source.base + row * source.bytesPerRow + rect.x * 4, byteCount: rect.width * 4)
        }
    }
}
