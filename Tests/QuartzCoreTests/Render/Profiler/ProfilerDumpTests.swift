import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The render-tree dump (F3), inline and from the render thread.
final class ProfilerDumpTests: ModelTestCase {
    private final class Card: CALayer {}

    func testDumpListsLayersWithClassNameFrameAndAnimationProgress() {
        let host = InlineRenderHost(width: 200, height: 100)
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let title = CATextLayer()
        title.name = "title"
        title.frame = CGRect(x: 10, y: 20, width: 100.5, height: 30)
        title.opacity = 0.5
        let card = Card()
        card.frame = CGRect(x: 120, y: 10, width: 40, height: 40)
        card.isHidden = true
        root.addSublayer(title)
        root.addSublayer(card)
        root.attach(to: host)
        CATransaction.flush()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = 2
        title.add(slide, forKey: "slide")
        CATransaction.flush()
        let now = CACurrentMediaTime()

        let lines = host.loop.tree.dump(at: now + 0.5).components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 5, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasSuffix("3 layers"), lines[0])
        XCTAssertEqual(lines[1], "#\(root.layerID) CALayer \"root\" frame (0, 0, 200, 100) opacity 1")
        XCTAssertEqual(lines[2], "  #\(title.layerID) CATextLayer \"title\" frame (-25.25, 20, 100.5, 30) opacity 0.5 contents",
                       "presented: position.x a quarter of the way through the slide")
        XCTAssertEqual(lines[3], "      ~ position.x basic 25%")
        XCTAssertEqual(lines[4], "  #\(card.layerID) Card frame (120, 10, 40, 40) opacity 1 hidden")
        XCTAssertTrue(host.loop.tree.dump(at: now + 3).contains("position.x basic finished"))
        XCTAssertEqual(host.loop.renderFrame(at: now + 0.5).runningAnimations, 1)
        XCTAssertEqual(host.loop.renderFrame(at: now + 3).runningAnimations, 0)
    }

    func testEmptyTree() {
        XCTAssertTrue(RenderTree().dump(at: 0).hasSuffix("(empty)"))
    }
}

/// The debug controls of a render server on its real thread.
final class ProfilerRenderServerTests: XCTestCase {
    private func waitForFrame(_ mailbox: FrameMailbox, after number: Int) -> FrameMailbox.Frame? {
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            if let frame = mailbox.frame, frame.number > number { return frame }
            usleep(2000)
        }
        return nil
    }

    func testControlsReachTheRenderThread() throws {
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 400, height: 200, mailbox: mailbox) },
                                  debug: DebugSettings(), trace: nil)
        defer { server.stop() }
        let root = CALayer()
        root.name = "stage"
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 200)
        root.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        root.attach(to: server)
        CATransaction.flush()
        let first = try XCTUnwrap(waitForFrame(mailbox, after: 0))
        let corner = try XCTUnwrap(ProfilerPanel.frame(inTargetWidth: 400, height: 200))
        XCTAssertEqual(first.image.storage.pixel(x: corner.x + 4, y: corner.y + 40), 0xFF00_8000)

        XCTAssertFalse(server.isOverlayShown)
        server.setOverlay(true)
        XCTAssertTrue(server.isOverlayShown)
        let shown = try XCTUnwrap(waitForFrame(mailbox, after: first.number), "turning the panel on draws a frame")
        XCTAssertNotEqual(shown.image.storage.pixel(x: corner.x + 4, y: corner.y + 40), 0xFF00_8000)
        XCTAssertEqual(shown.image.storage.pixel(x: 2, y: 190), 0xFF00_8000)

        server.setOverlay(false)
        let hidden = try XCTUnwrap(waitForFrame(mailbox, after: shown.number))
        XCTAssertEqual(hidden.image.storage.pixel(x: corner.x + 4, y: corner.y + 40), 0xFF00_8000)

        // The summary is added to just after the frame is presented.
        let deadline = Date(timeIntervalSinceNow: 5)
        while server.frameSummary.frames < 3, Date() < deadline { usleep(1000) }
        XCTAssertEqual(server.frameSummary.frames, 3)
        XCTAssertTrue(server.exitSummary().hasPrefix("Lamina: 3 frames"), server.exitSummary())
        XCTAssertTrue(server.dumpRenderTree().contains("CALayer \"stage\" frame (0, 0, 400, 200)"))
        server.setFlashRepaints(true)
        XCTAssertTrue(server.isFlashingRepaints)
    }

    func testDumpAfterStopSaysTheThreadDidNotAnswer() {
        let server = RenderServer(presenter: { OffscreenPresenter(width: 8, height: 8, mailbox: FrameMailbox()) },
                                  debug: DebugSettings(), trace: nil)
        server.stop()
        XCTAssertTrue(server.dumpRenderTree(timeout: 0.05).contains("did not answer"))
    }
}
