import Foundation
import QuartzCore

/// A render test's second path: the tree shown by a real render server on
/// its own thread (the window's path), as the inline hosts show it on the
/// test's thread. `GoldenSceneTestCase.renderBothWays` compares both with
/// one golden image.
package enum RenderThreadFrames {
    /// The first frame a render server on its own thread presents of the
    /// tree under `root`, `width` x `height` pixels; nil when none came
    /// within `timeout` seconds. `root` is detached from its host first and
    /// left attached to nothing. Frames are drawn at `MediaClock.now()`,
    /// which a test's manual clock sets.
    package static func firstFrame(of root: CALayer, width: Int, height: Int, timeout: TimeInterval = 3) -> CGImage? {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: width, height: height, mailbox: mailbox) })
        defer {
            root.detachFromHost()
            server.stop()
        }
        root.detachFromHost()
        root.attach(to: server)
        CATransaction.flush()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline, mailbox.frame == nil { usleep(2000) }
        return mailbox.frame?.image
    }
}
