import XCTest
@testable import QuartzCore

/// The render thread reports a presented frame to the main thread only when
/// the main thread's lifecycle has an event that frame can deliver (a pulse
/// repeating forever woke the main thread every frame for nothing, and a
/// 0.25 s move every frame of its run instead of at its start and end), and
/// each host through its own channel.
final class PresentedFrameReportTests: XCTestCase {
    private var channel: PresentedFrameChannel?
    private func wantsFrame(at time: CFTimeInterval) -> Bool { channel?.wantsReport(at: time) ?? false }
    private let muchLater = 1e9

    private func runMainLoop(until condition: () -> Bool, timeout: TimeInterval = 3) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(), Date() < deadline { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005)) }
    }

    /// A render server presenting offscreen, whose channel the test
    /// watches, showing a committed 16x16 root. Stop the server at the end.
    private func makeShownRoot() -> (RenderServer, CALayer) {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 16, height: 16, mailbox: mailbox) })
        channel = server.presentedFrames
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.attach(to: server)
        CATransaction.flush()
        return (server, root)
    }

    func testFramesAreReportedOnlyWhileAFrameCanDeliverAnEvent() {
        let (server, root) = makeShownRoot()
        defer { server.stop() }

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

    /// An animation without a delegate has nothing to deliver at its start:
    /// no frame is reported for it (the kiosk's implicit moves woke the main
    /// thread at each start), only for its end, where it is removed on
    /// completion and a transaction's completion block runs.
    func testAnAnimationWithoutADelegateIsReportedOnlyAtItsEnd() {
        let (server, root) = makeShownRoot()
        defer { server.stop() }

        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 8
        move.duration = 0.3
        root.add(move, forKey: "move")
        CATransaction.commit()
        CATransaction.flush()
        let begin = root.animation(forKey: "move")?.beginTime ?? .nan
        XCTAssertFalse(wantsFrame(at: begin), "no frame for a start nobody hears of")
        XCTAssertFalse(wantsFrame(at: begin + 0.15))
        XCTAssertTrue(wantsFrame(at: begin + 0.3), "the frame showing its end delivers it")
        runMainLoop(until: { completed })
        XCTAssertTrue(completed, "the completion block ran at the end")
        XCTAssertNil(root.animation(forKey: "move"), "removed on completion")
        XCTAssertFalse(wantsFrame(at: muchLater))
    }
}

/// Two hosts on one main thread (two windows): each has its own channel, a
/// frame one presents delivers only the events of the tree it shows, and
/// one host's animations never make the other report frames.
final class PresentedFrameChannelTests: XCTestCase {
    private final class ChannelHost: RenderHost {
        let presentedFrames: PresentedFrameChannel? = PresentedFrameChannel()
        func receive(_ commit: RenderCommit) {}
    }

    func testEachHostsFramesDeliverOnlyItsOwnTreesEvents() throws {
        try MediaClock.withManualTime(100) { _ in
            let (hostA, hostB) = (ChannelHost(), ChannelHost())
            let (channelA, channelB) = try (XCTUnwrap(hostA.presentedFrames), XCTUnwrap(hostB.presentedFrames))
            let (rootA, rootB) = (CALayer(), CALayer())
            rootA.attach(to: hostA)
            rootB.attach(to: hostB)
            CATransaction.flush()
            let events = EventLog()
            let move = CABasicAnimation(keyPath: "opacity")
            move.fromValue = 0
            move.toValue = 1
            move.duration = 1
            move.delegate = events.watcher("A")
            rootA.add(move, forKey: "move")
            CATransaction.flush()
            let begin = try XCTUnwrap(rootA.animation(forKey: "move")).beginTime
            XCTAssertTrue(channelA.wantsReport(at: begin), "A's frame showing the start is wanted")
            XCTAssertFalse(channelB.wantsReport(at: begin), "B shows nothing that starts")
            XCTAssertFalse(channelB.wantsReport(at: muchLater))

            let lifecycle = CATransaction.current.lifecycle
            lifecycle.framePresented(PresentedFrame(frameTime: begin + 0.5, channel: channelB))
            XCTAssertEqual(events.entries, [], "B's frame does not deliver A's start")
            lifecycle.framePresented(PresentedFrame(frameTime: begin + 0.5, channel: channelA))
            XCTAssertEqual(events.entries, ["A start"])
            XCTAssertFalse(channelA.wantsReport(at: begin + 0.9))
            XCTAssertTrue(channelA.wantsReport(at: begin + 1), "the frame showing the end")
            lifecycle.framePresented(PresentedFrame(frameTime: begin + 1, channel: channelB))
            XCTAssertEqual(events.entries, ["A start"], "B's frame does not deliver A's stop")
            lifecycle.framePresented(PresentedFrame(frameTime: begin + 1, channel: channelA))
            XCTAssertEqual(events.entries, ["A start", "A stop finished"])
            XCTAssertFalse(channelA.wantsReport(at: muchLater), "nothing left to deliver")
            withExtendedLifetime((rootA, rootB)) {}
        }
    }

    private let muchLater = 1e9
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
