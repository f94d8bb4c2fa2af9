import CX11
import Foundation

/// Opens and closes X connections one at a time, and registers each new
/// connection with every extension Lamina uses before anyone else sees it.
///
/// Why: libXext keeps, for every extension, a list of the displays using
/// it, and a global record of displays for the Generic Event extension
/// (`xge_info` in libXext's src/Xge.c). An extension's first call on a
/// display adds the display to both. `XCloseDisplay` removes it, and when
/// the last display leaves the Generic Event record, frees the record:
/// neither the pointer nor its lifetime is locked. A window opens and
/// closes connections on three threads (its X thread, its render thread,
/// and a test's or tool's main thread), so a thread adding its display
/// while another closed the last one wrote into the freed record and
/// corrupted the heap (CI: "malloc(): unaligned tcache chunk detected";
/// `ConnectionConcurrencyTests`).
///
/// Under this lock, a new connection is registered with MIT-SHM, Present,
/// RandR and XTEST before anyone uses it (each lookup after that finds the
/// display in the lists and adds nothing), and connections are closed. The
/// record then only goes away when no registered connection is left, and no
/// other thread can be adding one at that moment.
///
/// `XOpenDisplay` itself runs outside the lock: it touches none of
/// libXext's lists, and connecting to an unreachable TCP display can block
/// for minutes, which must not hold up every other window's connections.
/// A server that accepts a connection and then stops answering still
/// blocks the registration or the close it is in (both wait for replies),
/// and with them the other threads' opens and closes until it answers.
enum XConnectionLifecycle {
    private static let lock = NSLock()

    /// `XOpenDisplay(name)` (nil: `DISPLAY`), registered with the extensions.
    static func open(_ name: String?) -> OpaquePointer? {
        guard let handle = name.map({ XOpenDisplay($0) }) ?? XOpenDisplay(nil) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        registerExtensions(on: handle)
        return handle
    }

    /// `XCloseDisplay`, which also removes the connection from the lists.
    static func close(_ handle: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        XCloseDisplay(handle)
    }

    /// Asks for every extension Lamina calls, so each adds the display to its
    /// list (and to the Generic Event record) now. One round trip each.
    private static func registerExtensions(on handle: OpaquePointer) {
        var first: Int32 = 0, second: Int32 = 0, third: Int32 = 0, fourth: Int32 = 0
        _ = XShmQueryExtension(handle)
        _ = XPresentQueryExtension(handle, &first, &second, &third)
        _ = XRRQueryExtension(handle, &first, &second)
        _ = XTestQueryExtension(handle, &first, &second, &third, &fourth)
    }
}
