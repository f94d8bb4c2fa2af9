/// Where the render server's frames go: a window's shared-memory image, or
/// a plain buffer for tests and offscreen use. Created and used on the
/// render thread only.
package protocol FramePresenter: AnyObject {
    /// The buffer to draw the next frame into (its size is the target size).
    var target: RasterBuffer { get }
    /// Shows the damaged pixels of the frame just drawn. Returns when the
    /// buffer may be drawn into again.
    func present(damage: [PixelRect], frameTime: CFTimeInterval)
}

/// Makes a presenter on the render thread.
package typealias FramePresenterFactory = @Sendable () -> FramePresenter

/// Keeps frames in memory; `latestImage` is what the last frame showed.
package final class OffscreenPresenter: FramePresenter {
    package let target: RasterBuffer
    private let published: FrameMailbox

    package init(width: Int, height: Int, mailbox: FrameMailbox) {
        target = RasterBuffer(width: width, height: height)
        published = mailbox
    }

    package func present(damage: [PixelRect], frameTime: CFTimeInterval) {
        published.publish(target.makeImage(), frameTime: frameTime, damage: damage)
    }
}


/// The last presented frame, readable from any thread.
package final class FrameMailbox: Sendable {
    package struct Frame: Sendable {
        package let image: CGImage
        package let frameTime: CFTimeInterval
        package let damage: [PixelRect]
        package let number: Int
    }

    private let latest = LockedValue<Frame?>(nil)

    package init() {}

    package func publish(_ image: CGImage, frameTime: CFTimeInterval, damage: [PixelRect]) {
        latest.withLock { frame in
            frame = Frame(image: image, frameTime: frameTime, damage: damage, number: (frame?.number ?? 0) + 1)
        }
    }

    package var frame: Frame? { latest.withLock { $0 } }
}
