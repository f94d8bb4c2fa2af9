/// Scratch surfaces for groups, reused frame to frame: target-sized ones,
/// one per nesting level in use, and windowed ones as big as the area a
/// group draws in (`acquire(window:)`).
final class ScratchPool {
    private var free: [RasterBuffer] = []
    private var freeMemory: [ScratchMemory] = []
    private(set) var width: Int
    private(set) var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        free.removeAll()
    }

    /// A target-sized scratch, its pixels as the last user left them.
    func acquire() -> RasterBuffer { free.popLast() ?? RasterBuffer(width: width, height: height) }

    /// A scratch addressed in target pixels that holds only `window`
    /// (within the target), its pixels as the last user left them. A
    /// target-sized scratch keeps every row a group was ever drawn in
    /// resident: the kiosk's selection, moving down the menu, kept 4 MB of
    /// its two resident. Only the pixels in `window` may be used.
    func acquire(window: PixelRect) -> RasterBuffer {
        let bytes = window.area * 4
        if let fitting = freeMemory.firstIndex(where: { $0.capacity >= bytes }) {
            return RasterBuffer(window: window, over: freeMemory.remove(at: fitting))
        }
        // None is large enough: one held block gives way to a larger one,
        // so the pool holds no more blocks than were ever in use at once.
        // Rounded up, so that a group whose area grows by a row or two
        // reuses its memory instead of allocating anew.
        _ = freeMemory.popLast()
        return RasterBuffer(window: window, over: ScratchMemory(capacity: (bytes + 0xFFFF) & ~0xFFFF))
    }

    /// Target-sized scratches held for reuse (for tests).
    var targetSizedCount: Int { free.count }
    /// Bytes held for windowed scratches (for tests).
    var windowedCapacity: Int { freeMemory.reduce(0) { $0 + $1.capacity } }

    func release(_ buffer: RasterBuffer) {
        if let memory = buffer.scratchMemory { return freeMemory.append(memory) }
        if buffer.width == width, buffer.height == height { free.append(buffer) }
    }
}
