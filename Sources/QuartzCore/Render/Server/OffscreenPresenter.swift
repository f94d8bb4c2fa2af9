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
