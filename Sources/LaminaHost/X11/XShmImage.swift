import CX11
import Glibc
import QuartzCore

/// An MIT-SHM image (`XShmCreateImage` over a System V segment from
/// `shmget`/`shmat`, attached to the server with `XShmAttach`): pixels this
/// process writes and the X server reads with no copy through the socket.
///
/// The segment is marked for removal (`IPC_RMID`) as soon as the server has
/// attached it, so it disappears when both sides detach, even if the
/// process is killed. Used on one thread (the presenter's).
final class XShmImage {
    /// Why a segment could not be set up; one line each.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let display: XDisplay
    let width: Int
    let height: Int
    /// The segment's pixels, the compositor's target format.
    let raster: RasterBuffer
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let image: UnsafeMutablePointer<XImage>
    private let address: UnsafeMutableRawPointer

    /// Whether the server has the MIT-SHM extension.
    static func isAvailable(on display: XDisplay) -> Bool { XShmQueryExtension(display.raw) != 0 }

    /// The event type of `ShmCompletion` on `display`.
    static func completionEventType(on display: XDisplay) -> Int32 { XShmGetEventBase(display.raw) + ShmCompletion }

    /// The major opcode of MIT-SHM's requests on `display` (what an error
    /// names as its request), nil without the extension.
    static func majorOpcode(on display: XDisplay) -> UInt8? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display.raw, "MIT-SHM", &opcode, &event, &error) != 0 else { return nil }
        return UInt8(truncatingIfNeeded: opcode)
    }

    init(display: XDisplay, width: Int, height: Int) throws(Failure) {
        self.display = display
        self.width = max(1, width)
        self.height = max(1, height)
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display.raw, display.defaultVisual, UInt32(display.defaultDepth), ZPixmap,
                                          nil, info, UInt32(self.width), UInt32(self.height)) else {
            info.deallocate()
            throw Failure(description: "XShmCreateImage failed")
        }
        let bytesPerRow = Int(image.pointee.bytes_per_line)
        let id = shmget(cx11_ipc_private(), bytesPerRow * self.height, IPC_CREAT | 0o600)
        guard id >= 0 else {
            let reason = String(cString: strerror(errno))
            Self.destroy(image, info: info)
            throw Failure(description: "shmget failed: \(reason)")
        }
        guard let mapped = shmat(id, nil, 0), mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            let reason = String(cString: strerror(errno))
            shmctl(id, IPC_RMID, nil)
            Self.destroy(image, info: info)
            throw Failure(description: "shmat failed: \(reason)")
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = mapped.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr
        let info = self.info
        let error = XErrorHandling.trapping(display) { XShmAttach(display.raw, info) }
        // Attached (or refused): nobody else needs the id, so let the segment
        // go when the last side detaches.
        shmctl(id, IPC_RMID, nil)
        if let error {
            shmdt(mapped)
            Self.destroy(image, info: info)
            throw Failure(description: "XShmAttach failed: \(XErrorHandling.describe(error, on: display))")
        }
        self.image = image
        address = mapped
        raster = RasterBuffer(borrowing: mapped, width: self.width, height: self.height, bytesPerRow: bytesPerRow)
    }

    deinit {
        XShmDetach(display.raw, info)
        display.flush()
        shmdt(address)
        Self.destroy(image, info: info)
    }

    /// The segment's X id, as `ShmCompletion` events name it.
    var segment: UInt { info.pointee.shmseg }

    /// Asks the server to copy `rect` (pixels, clipped to the image) to the
    /// same place in `window`. With `notify`, the server sends a
    /// `ShmCompletion` once it has read the pixels. Sent with XCB, the same
    /// request `XShmPutImage` makes, so that `XDisplay.flushWithoutReading`
    /// can send it (Xlib hands XCB its own queued requests first, in order);
    /// the completion comes through XCB's event queue (`SharedMemoryFrame`).
    ///
    /// Returns the request's sequence number (what its completion or error
    /// carries), nil when nothing was sent (`rect` outside the image).
    @discardableResult
    func put(_ rect: PixelRect, to window: UInt, gc: XGraphicsContext, notify: Bool) -> UInt32? {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return nil }
        // As XShmPutImage does: a change made to the GC through Xlib goes
        // out before the request that uses it (nothing, unless it changed).
        XFlushGC(display.raw, gc.raw)
        // Window sizes are far inside X's 16-bit coordinates.
        return xcb_shm_put_image(display.xcbConnection, xcb_drawable_t(truncatingIfNeeded: window),
                              xcb_gcontext_t(truncatingIfNeeded: XGContextFromGC(gc.raw)),
                              UInt16(clamping: image.pointee.width), UInt16(clamping: image.pointee.height),
                              UInt16(clamping: rect.x), UInt16(clamping: rect.y),
                              UInt16(clamping: rect.width), UInt16(clamping: rect.height),
                              Int16(clamping: rect.x), Int16(clamping: rect.y),
                              UInt8(clamping: image.pointee.depth), UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue),
                              notify ? 1 : 0, xcb_shm_seg_t(truncatingIfNeeded: info.pointee.shmseg), 0).sequence
    }

    private static func destroy(_ image: UnsafeMutablePointer<XImage>, info: UnsafeMutablePointer<XShmSegmentInfo>) {
        image.pointee.data = nil  // shared memory, not Xlib's to free
        _ = image.pointee.f.destroy_image(image)
        info.deallocate()
    }
}
