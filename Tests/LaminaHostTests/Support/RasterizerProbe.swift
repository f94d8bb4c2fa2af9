import Foundation
import QuartzCore

/// Whether QuartzCore's compositor draws a layer's background colour,
/// found by rendering one offscreen through a render server.
enum RasterizerProbe {
    static let drawsBackgrounds: Bool = MainActor.assumeIsolated { probe() }

    @MainActor
    private static func probe() -> Bool {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 8, height: 8, mailbox: mailbox) })
        defer { server.stop() }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.position = CGPoint(x: 4, y: 4)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.attach(to: server)
        CATransaction.flush()
        let deadline = Date(timeIntervalSinceNow: 2)
        while Date() < deadline {
            if let frame = mailbox.frame { return frame.image.storage.pixel(x: 4, y: 4) & 0xff_ffff == 0xff_0000 }
            usleep(5000)
        }
        return false
    }
}
