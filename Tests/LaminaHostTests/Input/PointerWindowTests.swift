import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// Records the pointer events a responder gets, on the main thread.
@MainActor
final class PointerRecorder: LaminaResponder, CALayerDelegate {
    var events: [LaminaMouseEvent] = []
    var touches: [(phase: String, touch: LaminaTouch)] = []
    var everyEventOnMainThread = true

    private func note(_ event: LaminaMouseEvent) {
        events.append(event)
        if !Thread.isMainThread { everyEventOnMainThread = false }
    }
    override func mouseDown(with event: LaminaMouseEvent) { note(event) }
    override func mouseDragged(with event: LaminaMouseEvent) { note(event) }
    override func mouseUp(with event: LaminaMouseEvent) { note(event) }
    override func mouseMoved(with event: LaminaMouseEvent) { note(event) }
    override func rightMouseDown(with event: LaminaMouseEvent) { note(event) }
    override func rightMouseUp(with event: LaminaMouseEvent) { note(event) }
    override func otherMouseDown(with event: LaminaMouseEvent) { note(event) }
    override func otherMouseUp(with event: LaminaMouseEvent) { note(event) }
    override func scrollWheel(with event: LaminaMouseEvent) { note(event) }
    override func mouseEntered(with event: LaminaMouseEvent) { note(event) }
    override func mouseExited(with event: LaminaMouseEvent) { note(event) }
    override func touchesBegan(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        self.touches += touches.map { ("began", $0) }
    }
    override func touchesMoved(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        self.touches += touches.map { ("moved", $0) }
    }
    override func touchesEnded(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        self.touches += touches.map { ("ended", $0) }
    }
    override func touchesCancelled(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        self.touches += touches.map { ("cancelled", $0) }
    }

    var types: [LaminaMouseEvent.EventType] { events.map(\.type) }
}

/// Pointer events from XTest reach the right responders of a real window,
/// and the window hit-tests what is on screen.
final class PointerWindowTests: HostTestCase {
    /// A shown window whose first responder records what it gets.
    @MainActor
    private static func windowRecordingEvents() throws -> (LaminaWindow, XTestDriver, PointerRecorder) {
        let (window, driver) = try HostTest.showWindow()
        let first = PointerRecorder()
        window.makeFirstResponder(first)
        return (window, driver, first)
    }

    func testAClickOnALayerGoesToItsDelegateResponderWithItsLocation() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let first = PointerRecorder(), button = PointerRecorder()
            window.makeFirstResponder(first)
            let square = HostTest.addSquare(to: window, frame: CGRect(x: 100, y: 80, width: 60, height: 40))
            square.delegate = button
            driver.click(x: 130, y: 100, in: window.windowID)
            HostTest.turnRunLoop(until: { button.events.count >= 2 })
            XCTAssertEqual(button.types, [.leftMouseDown, .leftMouseUp])
            XCTAssertEqual(button.events.first?.locationInWindow, CGPoint(x: 130, y: 100))
            XCTAssertEqual(button.events.first.map { $0.location(in: square) }, CGPoint(x: 30, y: 20))
            XCTAssertEqual(button.events.first?.clickCount, 1)
            XCTAssertTrue(button.everyEventOnMainThread)
            let age = CACurrentMediaTime() - (button.events.first?.timestamp ?? 0)
            XCTAssertTrue((0..<5).contains(age), "the timestamp is on the media clock, just past: \(age) s ago")

            driver.click(x: 20, y: 20, in: window.windowID)
            HostTest.turnRunLoop(until: { first.types.contains(.leftMouseUp) })
            XCTAssertEqual(first.types.filter { $0 != .mouseEntered }, [.leftMouseDown, .leftMouseUp],
                           "off every responder's layer: the first responder")
            XCTAssertEqual(button.events.count, 2)
        }
    }

    func testADragStaysWithItsPressEvenOutsideTheLayerAndTheWindow() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let first = PointerRecorder(), knob = PointerRecorder()
            window.makeFirstResponder(first)
            HostTest.addSquare(to: window, frame: CGRect(x: 10, y: 10, width: 40, height: 40)).delegate = knob
            driver.drag(from: (20, 20), to: (400, 30), in: window.windowID, steps: 8)
            HostTest.turnRunLoop(until: { knob.types.contains(.leftMouseUp) })
            XCTAssertEqual(knob.types.first, .leftMouseDown)
            XCTAssertEqual(knob.types.last, .leftMouseUp)
            XCTAssertGreaterThanOrEqual(knob.types.filter { $0 == .leftMouseDragged }.count, 1)
            XCTAssertEqual(knob.events.last?.locationInWindow.x, 400, "released outside the 320-pixel window, still its")
            XCTAssertFalse(first.types.contains(.leftMouseDragged), "drags do not go to the first responder")
            let dragged = knob.events.filter(\.isDrag)
            XCTAssertEqual(dragged.reduce(0) { $0 + $1.deltaX }, 380, accuracy: 0.5, "the deltas add up to the way moved")
        }
    }

    func testMovesGoToTheFirstResponderOnlyWhenAccepted() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            driver.fakeMotion(x: 10, y: 10, in: window.windowID)
            driver.fakeMotion(x: 50, y: 60, in: window.windowID)
            HostTest.turnRunLoop(for: 0.5)
            XCTAssertFalse(first.types.contains(.mouseMoved), "acceptsMouseMovedEvents is false by default")
            window.acceptsMouseMovedEvents = true
            driver.fakeMotion(x: 70, y: 80, in: window.windowID)
            HostTest.turnRunLoop(until: { first.types.contains(.mouseMoved) })
            XCTAssertEqual(first.events.last { $0.type == .mouseMoved }?.locationInWindow, CGPoint(x: 70, y: 80))
            XCTAssertEqual(window.mouseLocationOutsideOfEventStream, CGPoint(x: 70, y: 80))
        }
    }

    func testAFloodOfMotionArrivesAsFewMovesEndingWhereThePointerIs() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            window.acceptsMouseMovedEvents = true
            for step in 0..<2000 { driver.fakeMotion(x: 10 + step % 300, y: 10 + step % 200, in: window.windowID) }
            driver.fakeMotion(x: 123, y: 45, in: window.windowID)
            HostTest.turnRunLoop(until: { first.events.last?.locationInWindow == CGPoint(x: 123, y: 45) })
            let moves = first.events.filter { $0.type == .mouseMoved }
            XCTAssertEqual(moves.last?.locationInWindow, CGPoint(x: 123, y: 45), "the last position arrives")
            XCTAssertLessThan(moves.count, 400, "2001 motions were compressed (\(moves.count) moves)")
        }
    }

    func testWheelRightAndMiddleButtons() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            driver.fakeMotion(x: 40, y: 40, in: window.windowID)
            for button: UInt32 in [5, 3, 2] {
                driver.fakeButton(button, down: true)
                driver.fakeButton(button, down: false)
            }
            HostTest.turnRunLoop(until: { first.types.contains(.otherMouseUp) })
            XCTAssertEqual(first.types.filter { $0 != .mouseEntered },
                           [.scrollWheel, .rightMouseDown, .rightMouseUp, .otherMouseDown, .otherMouseUp])
            XCTAssertEqual(first.events.first { $0.type == .scrollWheel }?.scrollingDeltaY, -1, "down one line")
            XCTAssertEqual(first.events.first { $0.type == .otherMouseDown }?.buttonNumber, 2)
        }
    }

    func testTwoButtonsAtOnceEachGetTheirRelease() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            driver.fakeMotion(x: 40, y: 40, in: window.windowID)
            driver.fakeButton(1, down: true)
            driver.fakeButton(3, down: true)
            driver.fakeButton(1, down: false)
            driver.fakeButton(3, down: false)
            HostTest.turnRunLoop(until: { first.types.contains(.rightMouseUp) })
            XCTAssertEqual(first.types.filter { $0 != .mouseEntered },
                           [.leftMouseDown, .rightMouseDown, .leftMouseUp, .rightMouseUp])
            XCTAssertEqual(first.events.first { $0.type == .rightMouseDown }?.pressedMouseButtons, 0b11)
        }
    }

    func testADoubleClickCountsTwo() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            driver.click(x: 50, y: 50, in: window.windowID)
            driver.click(x: 51, y: 50, in: window.windowID)
            HostTest.turnRunLoop(until: { first.types.filter { $0 == .leftMouseUp }.count == 2 })
            XCTAssertEqual(first.events.filter { $0.type == .leftMouseDown }.map(\.clickCount), [1, 2])
        }
    }

    /// What is hit is what is drawn: a layer moving across the window is
    /// found where its presentation is, not where its model already is.
    func testHitTestingFindsAMovingLayerWhereItIsDrawn() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try HostTest.showWindow(size: CGSize(width: 400, height: 200))
            let square = HostTest.addSquare(to: window, frame: CGRect(x: 0, y: 80, width: 40, height: 40))
            HostTest.turnRunLoop(for: 0.1)  // committed where it starts
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 20
            move.toValue = 380
            move.duration = 1000
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            square.add(move, forKey: "move")
            square.position.x = 380  // the model is already at the end
            HostTest.turnRunLoop(for: 0.1)
            XCTAssertTrue(window.hitTest(CGPoint(x: 22, y: 100)) === square, "drawn near the start")
            XCTAssertTrue(window.hitTest(CGPoint(x: 380, y: 100)) === window.rootLayer,
                          "not yet where the model is")
            XCTAssertNil(window.hitTest(CGPoint(x: 500, y: 100)), "outside the window")
            XCTAssertNil(window.hitTest(CGPoint(x: CGFloat.nan, y: 100)))
            square.isHidden = true
            HostTest.turnRunLoop(for: 0.1)
            XCTAssertTrue(window.hitTest(CGPoint(x: 22, y: 100)) === window.rootLayer, "hidden layers are not hit")
        }
    }

    func testAnUnmappedWindowReleasesTheButtonsHeld() throws {
        try MainActor.assumeIsolated {
            let (window, driver, first) = try Self.windowRecordingEvents()
            driver.fakeMotion(x: 40, y: 40, in: window.windowID)
            driver.fakeButton(1, down: true)
            HostTest.turnRunLoop(until: { first.types.contains(.leftMouseDown) })
            driver.unmap(window.windowID)
            HostTest.turnRunLoop(until: { first.types.contains(.leftMouseUp) })
            driver.fakeButton(1, down: false)
            XCTAssertEqual(first.types.filter { $0 == .leftMouseUp }.count, 1, "released once, not stuck")
        }
    }
}
