import Foundation
import QuartzCore

/// The MIT-SHM image frames are drawn into and sent from.
///
/// One image is enough: the X server copies a segment's pixels when it
/// processes the `XShmPutImage`, and says so with a `ShmCompletion` event.
/// The compositor repaints only each frame's damage over the previous frame,
/// which the image still holds; before the next frame draws into it
/// (`drawable`, a display interval later), the previous frame's completion
/// is awaited, and has almost always arrived by then. Two images would need
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
    /// How long to wait for a completion before deciding it will not come
    /// (the window was destroyed under the presenter).
    static let completionTimeout = 0.5

    init(display: XDisplay, width: Int, height: Int) throws(XShmImage.Failure) {
        self.display = display
        image = try XShmImage(display: display, width: width, height: height)
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
            image.put(rect, to: window, gc: gc, notify: index == damage.count - 1)
        }
        awaitingCompletion = !damage.isEmpty
        display.flushWithoutReading()
    }

    /// Waits until the server has read every frame sent.
    func waitUntilIdle() {
        guard awaitingCompletion else { return }
        // Something else may have read the completion already (an error
        // trap's round trip): then no system call at all.
        takeEvents(display.queuedEvents)
        guard awaitingCompletion else { return }
        // On the monotonic clock: no wall-clock read a frame, and no
        // timeout a clock set back would stretch.
        let deadline = MediaClock.monotonicNow() + Self.completionTimeout
        while awaitingCompletion {
            takeEvents(display.pendingEvents)
            guard awaitingCompletion else { return }
            let remaining = deadline - MediaClock.monotonicNow()
            if remaining <= 0 {
                awaitingCompletion = false
                return
            }
            _ = Poll.waitForReadable([display.fileDescriptor], timeout: remaining)
        }
    }

    /// Takes `count` queued events; the image's completion ends the wait.
    private func takeEvents(_ count: Int) {
        for _ in 0..<max(0, count) {
            let event = display.nextEvent()
            if XShmImage.completedSegment(in: event, on: display) == image.segment {
                awaitingCompletion = false
                completionsReceived += 1
            }
        }
    }
}
