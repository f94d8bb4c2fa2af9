import XCTest
@testable import QuartzCore
import LaminaTestSupport

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
        let frames = LockedValue(0)
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

        // Idle: no frames while nothing changes. The thread reports a
        // frame's statistics after presenting it, so wait for that report
        // first (under the thread sanitizer it came during the idle wait).
        let reported = Date(timeIntervalSinceNow: 2)
        while frames.withLock({ $0 }) < first.number, Date() < reported { Thread.sleep(forTimeInterval: 0.005) }
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

    /// Delegates hear that an animation stopped once a frame showing its end
    /// was presented, on the main thread.
    func testAnimationStopFollowsThePresentedFrame() throws {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 16, height: 16, mailbox: mailbox) })
        defer { server.stop() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.attach(to: server)
        CATransaction.flush()
        let stopped = expectation(description: "stopped")
        let delegate = StopWatcher { finished in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertTrue(finished)
            stopped.fulfill()
        }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.2
        fade.delegate = delegate
        root.add(fade, forKey: "fade")
        CATransaction.flush()
        let end = try XCTUnwrap(root.animation(forKey: "fade")).beginTime + 0.2
        wait(for: [stopped], timeout: 3)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(mailbox.frame).frameTime, end - 1e-9, "a frame at or after the end was shown first")
    }

    /// The app thread can be ahead by at most two commits; it waits beyond.
    /// A presenter that says when it is released.
    private final class WatchedPresenter: FramePresenter {
        let target = RasterBuffer(width: 8, height: 8)
        let released: LockedValue<Bool>
        init(released: LockedValue<Bool>) { self.released = released }
        func present(damage: [PixelRect], frameTime: CFTimeInterval) {}
        deinit { released.withLock { $0 = true } }
    }

    /// `stop()` returns once the thread has left its loop and released its
    /// presenter (a window's display connection), woken by the thread
    /// rather than polling; stopping again returns at once.
    func testStopReturnsAfterTheThreadReleasedItsPresenter() {
        let released = LockedValue(false)
        let server = RenderServer(presenter: { WatchedPresenter(released: released) })
        let root = CALayer()
        root.attach(to: server)
        root.opacity = 0.5
        CATransaction.flush()
        server.stop()
        XCTAssertTrue(released.withLock { $0 }, "the presenter is gone when stop() returns")
        server.stop()
        XCTAssertTrue(released.withLock { $0 })
    }

    /// Commits (a colour changed every 20 ms, one a frame at most, so the
    /// inbox never fills: a full one wakes the thread) reach the screen.
    /// While something animates at every tick they wait for the thread's
    /// next wake, which draws them; with nothing animating each wakes it.
    func testCommitsWakeTheThreadOnlyWhenNoAnimationFrameIsComing() throws {
        func run(animating: Bool) throws -> Int {
            let mailbox = FrameMailbox()
            let server = RenderServer(interval: 1.0 / 60, presenter: { OffscreenPresenter(width: 32, height: 32, mailbox: mailbox) })
            defer { server.stop() }
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            let patch = CALayer()
            patch.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            root.addSublayer(patch)
            let spinner = CALayer()
            spinner.frame = CGRect(x: 16, y: 16, width: 8, height: 8)
            spinner.backgroundColor = CGColor(gray: 1, alpha: 1)
            root.addSublayer(spinner)
            root.attach(to: server)
            if animating {
                let pulse = CABasicAnimation(keyPath: "opacity")
                pulse.fromValue = 0.2
                pulse.toValue = 1
                pulse.duration = 0.5
                pulse.repeatCount = .greatestFiniteMagnitude
                spinner.add(pulse, forKey: "pulse")
            }
            CATransaction.flush()
            _ = try XCTUnwrap(waitForFrame(mailbox, after: 0))
            Thread.sleep(forTimeInterval: 0.1)
            let before = server.commitWakes
            for step in 0..<20 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                patch.backgroundColor = CGColor(red: step % 2 == 0 ? 1 : 0, green: 0, blue: 1, alpha: 1)
                CATransaction.commit()
                Thread.sleep(forTimeInterval: 0.02)
            }
            // The last commit (blue: step 19 is odd) is drawn.
            let deadline = Date(timeIntervalSinceNow: 2)
            while mailbox.frame?.image.storage.pixel(x: 2, y: 2) != 0xFF00_00FF, Date() < deadline {
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005))
            }
            XCTAssertEqual(mailbox.frame?.image.storage.pixel(x: 2, y: 2), 0xFF00_00FF, "the last commit is on screen")
            return server.commitWakes - before
        }
        let waking = try run(animating: false), waiting = try run(animating: true)
        XCTAssertGreaterThan(waking, 5, "with nothing animating, commits wake the sleeping thread")
        XCTAssertLessThanOrEqual(waiting, 2, "while an animation frame is coming, they wait for it")
    }

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

final class StopWatcher: CAAnimationDelegate {
    let onStop: (Bool) -> Void
    init(onStop: @escaping (Bool) -> Void) { self.onStop = onStop }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { onStop(flag) }
}
