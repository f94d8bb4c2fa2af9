/// The pixels under the one layer that changes from frame to frame, kept
/// while nothing else changes: the kiosk's pulsing selection over its menu.
///
/// A frame made from the last one (`DrawListReuse`) whose only change is a
/// single leaf, damaging just the pixels the leaf covers with nothing
/// painted over it there, repainted everything under the leaf (the
/// window's background filled, the items under the ring drawn) only to
/// composite the leaf over it again. The first such frame paints them as
/// any frame does and keeps a copy of them here; the frames after it
/// composite the leaf over the copy straight into the target
/// (`GroupRenderer.drawOverBackdrop`: a glowing group's one pass reads what
/// it blends over from here), so those pixels are neither filled nor read
/// back. The copy stands while the reuse it was kept for does (the same
/// tree, generation and list) and the leaf covers the same pixels.
///
/// Render thread only, with its compositor.
final class LeafBackdrop {
    /// The kept pixels, `area`'s size (kept when forgotten, for the next
    /// copy of the same size).
    private var pixels: RasterBuffer?
    /// The target pixels kept; nil when nothing is.
    private(set) var area: PixelRect?
    /// What the copy was kept for: the reuse whose list it is under (held,
    /// so that its identity is not a new one's), and the leaf.
    private var reuse: DrawListReuse?
    private var leaf: DrawID?

    /// Whether the kept pixels are those under `leaf` in `reuse`'s frames
    /// within `area`.
    func holds(for reuse: DrawListReuse, leaf: DrawID, area: PixelRect) -> Bool {
        self.reuse === reuse && self.leaf == leaf && self.area == area
    }

    /// Keeps `area` of `target` (which must hold it) as the pixels under
    /// `leaf` in `reuse`'s frames.
    func keep(_ area: PixelRect, of target: RasterBuffer, for reuse: DrawListReuse, leaf: DrawID) {
        forget()
        guard !area.isEmpty, area.intersection(target.window) == area else { return }
        if pixels?.width != area.width || pixels?.height != area.height {
            pixels = RasterBuffer(width: area.width, height: area.height)
        }
        guard let pixels, pixels.width == area.width, pixels.height == area.height else { return }
        for row in 0..<area.height {
            (pixels.base + row * pixels.bytesPerRow).copyMemory(
                from: target.base + (area.y + row) * target.bytesPerRow + area.x * 4, byteCount: area.width * 4)
        }
        self.area = area
        self.reuse = reuse
        self.leaf = leaf
    }

    /// Lets go of what the copy was kept for (a new list, a resize).
    func forget() {
        area = nil
        reuse = nil
        leaf = nil
    }

    /// Copies the kept pixels of `rect` (within `area`) into `target`.
    func restore(_ rect: PixelRect, into target: RasterBuffer) {
        guard let area, let pixels, let rect = rect.intersection(area)?.intersection(target.window) else { return }
        for row in rect.y..<rect.maxY {
            (target.base + row * target.bytesPerRow + rect.x * 4).copyMemory(
                from: pixels.base + (row - area.y) * pixels.bytesPerRow + (rect.x - area.x) * 4, byteCount: rect.width * 4)
        }
    }

    /// The kept value of target pixel (`x`, `y`), which must be in `area`,
    /// and those after it in its row.
    func pixels(atX x: Int, y: Int) -> UnsafePointer<UInt32> {
        guard let area, let pixels, x >= area.x, y >= area.y, x < area.maxX, y < area.maxY else {
            preconditionFailure("LeafBackdrop: pixel (\(x), \(y)) is not kept")
        }
        return UnsafePointer((pixels.base + (y - area.y) * pixels.bytesPerRow + (x - area.x) * 4)
            .assumingMemoryBound(to: UInt32.self))
    }
}
