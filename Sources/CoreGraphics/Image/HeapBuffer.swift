#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Zeroed heap memory from C's `calloc`, freed on deinit: the pixels a
/// bitmap context allocates when the caller passes no buffer. `calloc`
/// returns nil instead of trapping when the memory cannot be had, and
/// leaves untouched pages to the kernel's zero pages.
final class HeapBuffer {
    let base: UnsafeMutableRawPointer
    let byteCount: Int

    /// `byteCount` zeroed bytes, or nil when they cannot be allocated.
    init?(byteCount: Int) {
        guard byteCount > 0, let memory = calloc(byteCount, 1) else { return nil }
        base = memory
        self.byteCount = byteCount
    }

    deinit { free(base) }
}
