import QuartzCore

/// Renders a hosted tree inline, on the calling thread, frame by frame at
/// chosen media times: the render server's loop without its thread.
package final class InlineRenderHost: RenderHost {
    package let mailbox = FrameMailbox()
    package let loop: RenderLoop

    package init(width: Int, height: Int) {
        loop = RenderLoop(presenter: OffscreenPresenter(width: width, height: height, mailbox: mailbox),
                          interval: 1.0 / 60)
    }

    package func receive(_ commit: RenderCommit) { loop.receive(commit) }

    /// Renders the frame for `time` and returns the whole target.
    @discardableResult
    package func render(at time: CFTimeInterval) -> CGImage {
        _ = loop.renderFrame(at: time)
        return loop.presenter.target.makeImage()
    }
}
