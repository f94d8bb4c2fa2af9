/// The pixels under the one layer that changes from frame to frame, kept
/// while nothing else changes: the kiosk's pulsing selection over its menu.
///
/// A frame made from the last one (`DrawListReuse`) whose only change is a
/// single leaf, damaging just the pixels the leaf covered and covers with
/// nothing painted over it there, repainted everything under the leaf (the
/// window's background filled, the items under the ring drawn) only to
/// composite the leaf over it again. The first such frame paints them as
/// any frame does and keeps a copy of them here; the frames after it
/// composite the leaf over the copy straight into the target
/// (`GroupRenderer.drawOverBackdrop`: a glowing group's one pass reads what
/// it blends over from here), so those pixels are neither filled nor read
/// back. The copy stands while the reuse it was kept for does (the same
/// tree, generation and list) and the leaf's damage stays inside it.
///
/// A leaf that moves (the selection going to the next item) damages where
/// it was and where it is. The copy kept under it then reaches ahead of it
/// by its own size along the way it goes (`area(ahead:)`), so the frames
/// of the move find their pixels kept: where the leaf was is put back from
/// the copy, and where it is, it is blended over it. A leaf that leaves
/// its copies too soon for keeping them to pay (`isOutrun`) is repainted
/// as any other until it has been still for two frames in a row.
///
/// Render thread only, with its compositor.
final class LeafBackdrop {
    /// The kept pixels, at least `area`'s size, `area`'s top-left pixel
    /// first (kept when forgotten, for the next copy).
    private var pixels: RasterBuffer?
    /// The target pixels kept; nil when nothing is.
    private(set) var area: PixelRect?
    /// What the copy was kept for: the reuse whose list it is under (held,
    /// so that its identity is not a new one's), and the leaf.
    private var reuse: DrawListReuse?
    private var leaf: DrawID?
    /// Frames drawn over the copy after the one it was kept in.
    private var framesDrawnOver = 0
    /// The reuse and leaf that left their copies too soon (`isOutrun`).
    private var outrunReuse: DrawListReuse?
    private var outrunLeaf: DrawID?

    /// Whether the kept pixels hold those under `leaf` in `reuse`'s frames
    /// within `area`.
    func holds(for reuse: DrawListReuse, leaf: DrawID, area: PixelRect) -> Bool {
        guard self.reuse === reuse, self.leaf == leaf, let kept = self.area else { return false }
        return area.intersection(kept) == area
    }

    /// Counts a frame drawn over the copy (after the one it was kept in).
    func noteDrawnOver() { framesDrawnOver += 1 }

    /// Frames in a row the lone leaf was still in (`noteLeaf`).
    private var framesStill = 0

    /// Notes whether the leaf of a frame drawn over a backdrop (or
    /// painting one) is still. A leaf at rest for two frames in a row is
    /// worth a copy again, however it outran the last ones (`restartIfAtRest`).
    func noteLeaf(isStill: Bool) { framesStill = isStill ? framesStill + 1 : 0 }

    /// Forgets that the leaf outran its copies once it has been still for
    /// two frames in a row (a move that ends with no commit, a glow done
    /// growing): it keeps copies again.
    /// Called where no copy holds: the one left is let go of too, so that
    /// it is not taken for one just outrun.
    func restartIfAtRest() {
        guard framesStill >= 2, outrunReuse != nil else { return }
        (outrunReuse, outrunLeaf) = (nil, nil)
        letGoOfCopy()
    }

    /// Whether `leaf` left the copy kept under it in `reuse`'s frames before
    /// two frames were drawn over it: keeping another (painting more than
    /// the damage, and copying it) would not pay, and none is while it
    /// goes on changing (`restartIfAtRest`). Records the answer.
    func isOutrun(for reuse: DrawListReuse, leaf: DrawID) -> Bool {
        if outrunReuse === reuse, outrunLeaf == leaf { return true }
        guard self.reuse === reuse, self.leaf == leaf, framesDrawnOver < 2 else { return false }
        (outrunReuse, outrunLeaf) = (reuse, leaf)
        return true
    }

    /// The pixels to keep under a leaf that moved from `last` to `coverage`
    /// (its coverage last frame and now; `shift`, its matrix's translation
    /// since, says which way when they are the same) and damaged `damage`:
    /// `damage`, reaching the leaf's size further along each axis it moves
    /// on, on the side or sides it moves toward (both when it grows),
    /// within `bounds`. Reaching along both axes is taken only up to four
    /// times `damage`'s pixels (a leaf going diagonally); beyond, as a leaf
    /// growing every way does, only along the axis it moves on most.
    static func area(ahead damage: PixelRect, coverage: PixelRect, last: PixelRect, shift: (x: Double, y: Double),
                     bounds: PixelRect) -> PixelRect {
        // How far each edge went outward (a moved edge decides; with none
        // moved, a sub-pixel shift does).
        let edgesMoved = coverage != last
        let left = edgesMoved ? Double(last.x - coverage.x) : -shift.x
        let right = edgesMoved ? Double(coverage.maxX - last.maxX) : shift.x
        let up = edgesMoved ? Double(last.y - coverage.y) : -shift.y
        let down = edgesMoved ? Double(coverage.maxY - last.maxY) : shift.y
        let across = max(left, right, 0), along = max(up, down, 0)
        func reaching(across reachesAcross: Bool, along reachesAlong: Bool) -> PixelRect {
            let before = (x: reachesAcross && left > 0 ? coverage.width : 0, y: reachesAlong && up > 0 ? coverage.height : 0)
            let after = (x: reachesAcross && right > 0 ? coverage.width : 0, y: reachesAlong && down > 0 ? coverage.height : 0)
            return PixelRect(x: damage.x - before.x, y: damage.y - before.y,
                             width: damage.width + before.x + after.x, height: damage.height + before.y + after.y)
        }
        var area = reaching(across: across > 0, along: along > 0)
        if area.area > 4 * damage.area { area = reaching(across: across > along, along: along >= across) }
        return area.intersection(bounds) ?? damage
    }

    /// Keeps `area` of `target` (which must hold it) as the pixels under
    /// `leaf` in `reuse`'s frames.
    func keep(_ area: PixelRect, of target: RasterBuffer, for reuse: DrawListReuse, leaf: DrawID) {
        letGoOfCopy()
        guard !area.isEmpty, area.intersection(target.window) == area else { return }
        // A buffer large enough is kept on: the copies under a moving leaf
        // and under it at rest take turns, and a new one each time would
        // be fresh pages to fault in.
        if (pixels?.width ?? 0) < area.width || (pixels?.height ?? 0) < area.height {
            pixels = RasterBuffer(width: max(area.width, pixels?.width ?? 0), height: max(area.height, pixels?.height ?? 0))
        }
        guard let pixels, pixels.width >= area.width, pixels.height >= area.height else { return }
        for row in 0..<area.height {
            (pixels.base + row * pixels.bytesPerRow).copyMemory(
                from: target.base + (area.y + row) * target.bytesPerRow + area.x * 4, byteCount: area.width * 4)
        }
        self.area = area
        self.reuse = reuse
        self.leaf = leaf
        framesDrawnOver = 0
    }

    /// Lets go of what the copy was kept for (a new list, a resize).
    func forget() {
        letGoOfCopy()
        framesStill = 0
        outrunReuse = nil
        outrunLeaf = nil
    }

    /// No copy is kept any more (what the leaf did stays known).
    private func letGoOfCopy() {
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
