import Foundation
import QuartzCore

/// The MIT-SHM image frames are drawn into and sent from.
///
/// One image is enough: the X server copies a segment's pixels when it
/// processes the `XShmPutImage`, and says so with a `ShmCompletion` event.
/// The compositor repaints only each frame's damage over the previous frame,
/// which the image still holds; before the next frame draws into it
/// (`drawable`, a display interval later), the previous frame's completion
/// is awaited, and has almost always arrived by then: read through XCB, one
/// `recvmsg` a frame (`XDisplay.handEventsToXCB`). Two images would need
/// each frame's damage copied into the other one: that copy and the second
/// segment cost 4 % of the kiosk's CPU and 3.7 MB at 1280x720.
///
/// Render thread only.
final class SharedMemoryFrame {
    let display: XDisplay
    private let image: XShmImage
    /// Whether the image was sent and its completion has not arrived.
    private var awaitingCompletion = false
    /// Completions received (tests check that each frame sent gets one).
    private(set) var completionsReceived = 0
    /// Frames whose awaited put the server refused (a window destroyed
    /// under the presenter): no completion follows, so it ends the wait.
    private(set) var putsRefused = 0
    /// How long to wait for a completion before deciding it will not come
    /// (the window was destroyed under the presenter).
    static let completionTimeout = 0.5

    /// The type of `ShmCompletion` events on this server.
    private let completionType: Int32
    /// MIT-SHM's major opcode, which errors of the puts name.
    private let requestOpcode: UInt8?

    /// Once the image is attached, hands `display`'s events to XCB
    /// (`XDisplay.handEventsToXCB`), so a frame's completion costs one read;
    /// nothing else may read Xlib events on `display` from then on. (After
    /// the attach: its error trap needs Xlib's checked requests, which the
    /// hand-over arranges only for requests after it; and a connection
    /// whose attach failed goes on with `XPutImage` and Xlib's own queue.)
    init(display: XDisplay, width: Int, height: Int) throws(XShmImage.Failure) {
        self.display = display
        completionType = XShmImage.completionEventType(on: display)
        requestOpcode = XShmImage.majorOpcode(on: display)
        image = try XShmImage(display: display, width: width, height: height)
        display.handEventsToXCB()
    }

    /// The image to draw the next frame into, once the server has read the
    /// last one sent.
    var drawable: RasterBuffer {
        waitUntilIdle()
        return image.raster
    }

    /// Sends `damage` of the image to `window`. Returns at once; the server
    /// reads the pixels after.
    func present(_ damage: [PixelRect], to window: UInt, gc: XGraphicsContext) {
        waitUntilIdle()  // the image was drawn: normally nothing is outstanding
        for (index, rect) in damage.enumerated() {
            // One completion per frame is enough: requests run in order.
            let notify = index == damage.count - 1
            if let sequence = image.put(rect, to: window, gc: gc, notify: notify), notify {
                awaitedPut = sequence
                awaitingCompletion = true
            }
        }
        display.flushWithoutReading()
    }

    /// The sequence number of the last put sent, the one that asks for the
    /// completion: its completion, or its error, ends the wait. Those of
    /// earlier puts (a frame given up on after the timeout) do not.
    private var awaitedPut: UInt32?

    /// Waits until the server has read every frame sent.
    func waitUntilIdle() {
        guard awaitingCompletion else { return }
        // Something may have read the completion already (an error trap's
        // round trip reads what came before its reply): no system call.
        takeEvents(reading: false)
        guard awaitingCompletion else { return }
        // On the monotonic clock: no wall-clock read a frame, and no
        // timeout a clock set back would stretch.
        let deadline = MediaClock.monotonicNow() + Self.completionTimeout
        while awaitingCompletion {
            takeEvents(reading: true)
            guard awaitingCompletion else { return }
            let remaining = deadline - MediaClock.monotonicNow()
            if remaining <= 0 {
                awaitingCompletion = false
                return
            }
            _ = Poll.waitForReadable([display.fileDescriptor], timeout: remaining)
        }
    }

    /// Takes the events XCB holds, reading the socket once first when
    /// `reading` (what that one read brought is all taken from the queue:
    /// a second read would find the socket empty at display rate). The
    /// image's completion ends the wait, and so does an error of the put
    /// that asked for it (the window was destroyed under the presenter: no
    /// completion will come). Errors are handled as Xlib's handler would
    /// (`BadDrawable` for a window just destroyed is not worth a line);
    /// anything else (events of a window this connection made, in tests)
    /// is dropped.
    private func takeEvents(reading: Bool) {
        var read = reading
        while let response = display.nextXCBResponse(reading: read) {
            read = false
            if let failure = response.failure {
                XErrorHandling.handle(failure, on: display)
                if failure.request == requestOpcode, let awaitedPut, response.isAtOrAfter(awaitedPut) {
                    awaitingCompletion = false
                    putsRefused += 1
                }
            } else if let segment = response.completedSegment(completionType: completionType), UInt(segment) == image.segment,
                      let awaitedPut, response.isAtOrAfter(awaitedPut) {
                awaitingCompletion = false
                completionsReceived += 1
            }
        }
    }
}
