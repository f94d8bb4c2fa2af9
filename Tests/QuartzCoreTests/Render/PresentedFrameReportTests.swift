import XCTest
@testable import QuartzCore

/// The render thread reports a presented frame to the main thread only when
/// the main thread's lifecycle has an event that frame can deliver (issue 7:
/// a pulse repeating forever woke the main thread every frame for nothing,
/// and a 0.25 s move every frame of its run instead of at its start and end).
final class PresentedFrameReportTests: XCTestCase {
    private func wantsFrame(at time: CFTimeInterval) -> Bool { AnimationLifecycle.wantsPresentedFrame(at: time) }
    private let muchLater = 1e9

    private func runMainLoop(until condition: () -> Bool, timeout: TimeInterval = 3) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(), Date() < deadline { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005)) }
    }

    func testFramesAreReportedOnlyWhileAFrameCanDeliverAnEvent() {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 16, height: 16, mailbox: mailbox) })
        defer { server.stop() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.attach(to: server)
        CATransaction.flush()

        let events = EventLog()
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0.2
        pulse.toValue = 1
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.delegate = events.watcher("pulse")
        root.add(pulse, forKey: "pulse")
        CATransaction.flush()
        let pulseBegin = root.animation(forKey: "pulse")?.beginTime ?? .nan
        XCTAssertTrue(wantsFrame(at: pulseBegin), "set before the commit is drawn: the frame showing the start")
        XCTAssertFalse(wantsFrame(at: pulseBegin - 0.01), "nothing starts before it")
        runMainLoop(until: { events.entries.contains("pulse start") })
        XCTAssertEqual(events.entries, ["pulse start"], "the start arrives through a presented frame")
        XCTAssertFalse(wantsFrame(at: muchLater), "a started pulse that repeats forever has nothing for frames to deliver")

        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(gray: 0, alpha: 1)
        fade.toValue = CGColor(gray: 1, alpha: 1)
        fade.duration = 0.6
        fade.delegate = events.watcher("fade")
        root.add(fade, forKey: "fade")
        CATransaction.flush()
        let fadeBegin = root.animation(forKey: "fade")?.beginTime ?? .nan
        XCTAssertTrue(wantsFrame(at: fadeBegin), "its start is ahead")
        runMainLoop(until: { events.entries.contains("fade start") })
        XCTAssertFalse(wantsFrame(at: fadeBegin + 0.3), "frames in the middle of the fade deliver nothing")
        XCTAssertTrue(wantsFrame(at: fadeBegin + 0.6), "the frame showing its end delivers the stop")
        runMainLoop(until: { events.entries.contains("fade stop finished") })
        XCTAssertEqual(events.entries, ["pulse start", "fade start", "fade stop finished"])
        XCTAssertFalse(wantsFrame(at: muchLater), "only the pulse is left")

        root.removeAnimation(forKey: "pulse")
        runMainLoop(until: { events.entries.count == 4 })
        XCTAssertEqual(events.entries.last, "pulse stop interrupted", "removal is delivered without frames")
        XCTAssertFalse(wantsFrame(at: muchLater))
    }
}

/// Records delegate events in order, on the main thread.
private final class EventLog {
    private(set) var entries: [String] = []

    func watcher(_ name: String) -> CAAnimationDelegate { Watcher(name: name, log: self) }

    private final class Watcher: CAAnimationDelegate {
        let name: String
        let log: EventLog
        init(name: String, log: EventLog) {
            self.name = name
            self.log = log
        }
        func animationDidStart(_ anim: CAAnimation) { log.entries.append("\(name) start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            log.entries.append("\(name) stop \(flag ? "finished" : "interrupted")")
        }
    }
}
