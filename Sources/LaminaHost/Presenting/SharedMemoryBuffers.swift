import Foundation
import QuartzCore

/// Two MIT-SHM images that frames alternate between, so the compositor
/// never draws into pixels the X server may still be reading.
///
/// The compositor draws straight into the *back* image, repainting only the
/// frame's damage, so the back image must already hold the previous frame.
/// After a frame is sent, the other image (one frame behind) is brought
/// forward by copying that frame's damage into it, once the server has
/// finished reading it (its `ShmCompletion` arrived). The copy is the
/// damage only, the same bytes a single back buffer would copy into a
/// segment before sending, but here the send itself needs no copy.
///
/// Render thread only.
final class SharedMemoryBuffers {
    let display: XDisplay
    private var images: [XShmImage]
    /// Whether each image was sent and its completion has not arrived.
    private var awaitingCompletion = [false, false]
    private var backIndex = 0
    /// How long to wait for a completion before deciding it will not come
    /// (the window was destroyed under the presenter).
    static let completionTimeout = 0.5

    init(display: XDisplay, width: Int, height: Int) throws(XShmImage.Failure) {
        self.display = display
        images = [try XShmImage(display: display, width: width, height: height),
                  try XShmImage(display: display, width: width, height: height)]
    }

    /// The image the next frame is drawn into.
    var back: RasterBuffer { images[backIndex].raster }

    /// Sends `damage` of the back image to `window`, then makes the other
    /// image the back one, up to date with this frame.
    func present(_ damage: [PixelRect], to window: UInt, gc: XGraphicsContext) {
        let sent = images[backIndex]
        for (index, rect) in damage.enumerated() {
            // One completion per frame is enough: requests run in order.
            sent.put(rect, to: window, gc: gc, notify: index == damage.count - 1)
        }
        awaitingCompletion[backIndex] = !damage.isEmpty
        display.flush()
        let next = 1 - backIndex
        waitForCompletion(of: next)
        for rect in damage { images[next].raster.copy(rect, from: sent.raster) }
        backIndex = next
    }

    /// Waits until the server has read both images.
    func waitUntilIdle() {
        waitForCompletion(of: 0)
        waitForCompletion(of: 1)
    }

    private func waitForCompletion(of index: Int) {
        let deadline = Date(timeIntervalSinceNow: Self.completionTimeout)
        while awaitingCompletion[index] {
            while display.pendingEvents > 0 {
                let event = display.nextEvent()
                guard let segment = XShmImage.completedSegment(in: event, on: display) else { continue }
                for (slot, image) in images.enumerated() where image.segment == segment {
                    awaitingCompletion[slot] = false
                }
            }
            guard awaitingCompletion[index] else { return }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                awaitingCompletion[index] = false
                return
            }
            _ = Poll.waitForReadable([display.fileDescriptor], timeout: remaining)
        }
    }
}
