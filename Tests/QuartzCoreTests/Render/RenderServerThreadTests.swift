import Synchronization
import XCTest
@testable import QuartzCore

/// The render server on its real thread: the same trees as the inline
/// tests, drawn by the thread at display rate, sleeping when idle.
final class RenderServerThreadTests: XCTestCase {
    private func waitForFrame(_ mailbox: FrameMailbox, after number: Int, timeout: TimeInterval = 3) -> FrameMailbox.Frame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let frame = mailbox.frame, frame.number > number { return frame }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005))
        }
        return nil
    }

    func testThreadDrawsCommitsAndSleepsWhenIdle() throws {
        let mailbox = FrameMailbox()
        let frames = Mutex(0)
        let server = RenderServer(interval: 1.0 / 60, presenter: { OffscreenPresenter(width: 64, height: 64, mailbox: mailbox) },
                                  statistics: { _ in frames.withLock { $0 += 1 } })
        defer { server.stop() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.attach(to: server)
        CATransaction.flush()
        let first = try XCTUnwrap(waitForFrame(mailbox, after: 0))
        XCTAssertEqual(first.image.storage.pixel(x: 10, y: 10), 0xFFFF_0000)

        // Idle: no frames while nothing changes.
        let before = frames.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(frames.withLock { $0 }, before, "the render thread sleeps when nothing animates")

        // An implicit animation runs on the thread; the app thread does nothing meanwhile.
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        Thread.sleep(forTimeInterval: 0.5)
        let animatedFrames = frames.withLock { $0 } - before
        XCTAssertGreaterThan(animatedFrames, 5, "frames at display rate during the 0.25 s animation")
        let last = try XCTUnwrap(mailbox.frame)
        XCTAssertEqual(last.image.storage.pixel(x: 10, y: 10), 0xFF00_00FF, "the animation ended on blue")
    }

    /// The app thread can be ahead by at most two commits; it waits beyond.
    func testCommitsInFlightAreBounded() {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 8, height: 8, mailbox: mailbox) })
        defer { server.stop() }
        let root = CALayer()
        root.attach(to: server)
        for index in 0..<200 {
            root.opacity = Float(index % 10) / 10
            CATransaction.flush()
        }
        let image = waitForFrame(mailbox, after: 0)
        XCTAssertNotNil(image)
    }
}
