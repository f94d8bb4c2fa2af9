import Glibc

/// Waiting on file descriptors (`poll(2)`).
enum Poll {
    /// Waits until one of `descriptors` is readable (or hung up), or until
    /// `timeout` seconds pass (nil: no limit). Returns which are readable.
    static func waitForReadable(_ descriptors: [Int32], timeout: Double?) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = timeout.map { Int32(max(0, min(Double(Int32.max), ($0 * 1000).rounded(.up)))) } ?? -1
        var result: Int32
        repeat {
            result = poll(&entries, nfds_t(entries.count), milliseconds)
        } while result < 0 && errno == EINTR
        guard result > 0 else { return descriptors.map { _ in false } }
        return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }
}
