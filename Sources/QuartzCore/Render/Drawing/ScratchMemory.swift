/// Zeroed memory for windowed scratches (`ScratchPool.acquire(window:)`).
final class ScratchMemory {
    let base: UnsafeMutableRawPointer
    /// Bytes.
    let capacity: Int

    init(capacity: Int) {
        guard let memory = calloc(max(1, capacity), 1) else {
            fatalError("ScratchMemory: out of memory for \(capacity) bytes")
        }
        base = memory
        self.capacity = capacity
    }

    deinit { free(base) }
}
