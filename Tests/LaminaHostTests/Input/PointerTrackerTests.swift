import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest

/// X's pointer records become AppKit-shaped mouse events: buttons and
/// their numbers, click counts, drags, wheel steps, deltas, and no drag
/// left stuck by a lost release.
final class PointerTrackerTests: XCTestCase {
    private static let button1Mask: UInt32 = 1 << 8, button3Mask: UInt32 = 1 << 10

    private func record(_ kind: PointerRecord.Kind, _ x: Double, _ y: Double, state: UInt32 = 0,
                        time: UInt = 0) -> PointerRecord {
        PointerRecord(kind: kind, x: x, y: y, state: state, time: time)
    }

    func testAClickIsADownAndAnUpOfButtonZeroWithClickCountOne() {
        var tracker = PointerTracker()
        let down = tracker.events(for: record(.press(button: 1), 10, 20), timestamp: 1)
        let up = tracker.events(for: record(.release(button: 1), 10, 20, state: Self.button1Mask), timestamp: 1.1)
        XCTAssertEqual(down.map(\.type), [.leftMouseDown])
        XCTAssertEqual(up.map(\.type), [.leftMouseUp])
        XCTAssertEqual(down.first?.locationInWindow, CGPoint(x: 10, y: 20))
        XCTAssertEqual(down.first?.clickCount, 1)
        XCTAssertEqual(up.first?.clickCount, 1, "the release carries its press's count")
        XCTAssertEqual(down.first?.pressedMouseButtons, 1, "the press includes its button")
        XCTAssertEqual(up.first?.pressedMouseButtons, 0, "the release does not")
        XCTAssertEqual(down.first?.timestamp, 1)
    }

    func testXButtonsMapToAppKitNumbers() {
        XCTAssertEqual(PointerTracker.appKitButton(1), 0, "left")
        XCTAssertEqual(PointerTracker.appKitButton(3), 1, "right")
        XCTAssertEqual(PointerTracker.appKitButton(2), 2, "middle")
        XCTAssertEqual(PointerTracker.appKitButton(8), 3, "back")
        XCTAssertEqual(PointerTracker.appKitButton(9), 4, "forward")
        XCTAssertNil(PointerTracker.appKitButton(4), "the wheel is not a button")
        var tracker = PointerTracker()
        XCTAssertEqual(tracker.events(for: record(.press(button: 3), 0, 0), timestamp: 0).map(\.type), [.rightMouseDown])
        XCTAssertEqual(tracker.events(for: record(.press(button: 2), 0, 0), timestamp: 0).map(\.type), [.otherMouseDown])
        XCTAssertEqual(tracker.events(for: record(.press(button: 9), 0, 0), timestamp: 0).first?.buttonNumber, 4)
    }

    func testPressesCloseInTimeAndPlaceCountUpAndOthersStartAgain() {
        var tracker = PointerTracker()
        func press(_ x: Double, at time: Double, button: UInt32 = 1) -> Int {
            let count = tracker.events(for: record(.press(button: button), x, 0), timestamp: time).first?.clickCount ?? -1
            _ = tracker.events(for: record(.release(button: button), x, 0), timestamp: time + 0.05)
            return count
        }
        XCTAssertEqual(press(100, at: 10), 1)
        XCTAssertEqual(press(103, at: 10.3), 2, "within 0.5 s and 8 pixels: a double click")
        XCTAssertEqual(press(103, at: 10.6), 3, "a triple click")
        XCTAssertEqual(press(103, at: 11.5), 1, "too late")
        XCTAssertEqual(press(150, at: 11.6), 1, "too far")
        XCTAssertEqual(press(150, at: 11.7, button: 3), 1, "another button")
    }

    func testMotionIsAMoveWithoutButtonsAndADragOfTheLeftButtonWhileHeld() {
        var tracker = PointerTracker()
        let move = tracker.events(for: record(.motion, 5, 5), timestamp: 0)
        XCTAssertEqual(move.map(\.type), [.mouseMoved])
        _ = tracker.events(for: record(.press(button: 3), 5, 5), timestamp: 0)
        let rightDrag = tracker.events(for: record(.motion, 8, 9, state: Self.button3Mask), timestamp: 0)
        XCTAssertEqual(rightDrag.map(\.type), [.rightMouseDragged])
        XCTAssertEqual(rightDrag.first?.deltaX, 3)
        XCTAssertEqual(rightDrag.first?.deltaY, 4, "y grows downward, as the window's pixels")
        _ = tracker.events(for: record(.press(button: 1), 8, 9, state: Self.button3Mask), timestamp: 0)
        let both = tracker.events(for: record(.motion, 9, 9, state: Self.button1Mask | Self.button3Mask), timestamp: 0)
        XCTAssertEqual(both.map(\.type), [.leftMouseDragged], "with the left button held, drags are the left button's")
        XCTAssertEqual(both.first?.pressedMouseButtons, 0b11)
    }

    func testAReleaseWithoutAPressAndASecondPressAreDropped() {
        var tracker = PointerTracker()
        XCTAssertEqual(tracker.events(for: record(.release(button: 1), 0, 0), timestamp: 0), [])
        XCTAssertEqual(tracker.events(for: record(.press(button: 1), 0, 0), timestamp: 0).count, 1)
        XCTAssertEqual(tracker.events(for: record(.press(button: 1), 0, 0, state: Self.button1Mask), timestamp: 0), [],
                       "a press of a held button is not a second press")
        XCTAssertEqual(tracker.events(for: record(.release(button: 1), 0, 0), timestamp: 0).count, 1)
        XCTAssertEqual(tracker.events(for: record(.release(button: 1), 0, 0), timestamp: 0), [], "and one release")
    }

    func testAPointerGrabbedAwayReleasesTheHeldButtons() {
        var tracker = PointerTracker()
        _ = tracker.events(for: record(.press(button: 1), 10, 10), timestamp: 0)
        _ = tracker.events(for: record(.press(button: 3), 10, 10, state: Self.button1Mask), timestamp: 0)
        let leave = tracker.events(for: record(.leave(grabbed: true), 12, 10), timestamp: 1)
        XCTAssertEqual(Set(leave.map(\.type)), [.leftMouseUp, .rightMouseUp, .mouseExited])
        XCTAssertEqual(leave.last?.type, .mouseExited, "the releases come before the exit")
        XCTAssertEqual(tracker.held, [])
        XCTAssertEqual(tracker.events(for: record(.motion, 20, 20), timestamp: 1.1).map(\.type), [.mouseMoved],
                       "no drag is left running")
    }

    func testAnOrdinaryLeaveKeepsTheDragGoing() {
        var tracker = PointerTracker()
        _ = tracker.events(for: record(.press(button: 1), 10, 10), timestamp: 0)
        XCTAssertEqual(tracker.events(for: record(.leave(grabbed: false), 400, 10, state: Self.button1Mask),
                                      timestamp: 0).map(\.type), [.mouseExited])
        XCTAssertEqual(tracker.events(for: record(.motion, 420, 10, state: Self.button1Mask), timestamp: 0).map(\.type),
                       [.leftMouseDragged], "X keeps sending a drag outside the window (its implicit grab)")
    }

    func testACrossingDoesNotSwallowTheDeltaOfTheMotionAfterIt() {
        var tracker = PointerTracker()
        _ = tracker.events(for: record(.press(button: 1), 300, 10), timestamp: 0)
        _ = tracker.events(for: record(.leave(grabbed: false), 340, 10, state: Self.button1Mask), timestamp: 0)
        let drag = tracker.events(for: record(.motion, 340, 10, state: Self.button1Mask), timestamp: 0)
        XCTAssertEqual(drag.first?.deltaX, 40, "X sends the crossing first, at the motion's position")
    }

    func testAMotionWhoseStateLacksAHeldButtonReleasesItFirst() {
        var tracker = PointerTracker()
        _ = tracker.events(for: record(.press(button: 1), 10, 10), timestamp: 0)
        let events = tracker.events(for: record(.motion, 30, 10, state: 0), timestamp: 1)
        XCTAssertEqual(events.map(\.type), [.leftMouseUp, .mouseMoved], "the lost release, then a plain move")
        XCTAssertEqual(events.first?.locationInWindow, CGPoint(x: 30, y: 10))
    }

    func testWheelStepsAreScrollsOfOneLinePositiveUpAndLeft() {
        var tracker = PointerTracker()
        let steps: [(UInt32, CGFloat, CGFloat)] = [(4, 0, 1), (5, 0, -1), (6, 1, 0), (7, -1, 0)]
        for (button, dx, dy) in steps {
            let events = tracker.events(for: record(.press(button: button), 50, 60), timestamp: 0)
            XCTAssertEqual(events.map(\.type), [.scrollWheel], "button \(button)")
            XCTAssertEqual(events.first?.scrollingDeltaX, dx, "button \(button)")
            XCTAssertEqual(events.first?.scrollingDeltaY, dy, "button \(button)")
            XCTAssertEqual(events.first?.hasPreciseScrollingDeltas, false)
            XCTAssertEqual(tracker.events(for: record(.release(button: button), 50, 60), timestamp: 0), [],
                           "a wheel's release is nothing")
        }
        XCTAssertEqual(tracker.held, [], "the wheel holds no button")
    }

    func testModifiersComeFromTheStateMask() {
        var tracker = PointerTracker()
        let event = tracker.events(for: record(.press(button: 1), 0, 0, state: 0x01 | 0x04), timestamp: 0).first
        XCTAssertEqual(event?.modifierFlags, [.shift, .control])
    }

    func testTheServerClockMapsOntoTheMediaClock() {
        var mapping = ServerTimeMapping(window: 10)
        // The server's clock is 1000 s behind; the first event arrives 2 ms late, the next on time.
        XCTAssertEqual(mapping.localTime(serverTime: 5_000, arrival: 1005.002), 1005.002, accuracy: 1e-9)
        XCTAssertEqual(mapping.localTime(serverTime: 5_100, arrival: 1005.100), 1005.100, accuracy: 1e-9)
        XCTAssertEqual(mapping.localTime(serverTime: 5_200, arrival: 1005.230), 1005.200, accuracy: 1e-9,
                       "a late arrival keeps the time it happened at")
        XCTAssertEqual(mapping.localTime(serverTime: 5_300, arrival: 1005.290), 1005.290, accuracy: 1e-9,
                       "never later than it arrived")
        // The server's clock wrapped: its time went back, the arrival did not.
        XCTAssertEqual(mapping.localTime(serverTime: 10, arrival: 1006), 1006, accuracy: 1e-9)
        XCTAssertEqual(mapping.localTime(serverTime: 110, arrival: 1006.1), 1006.1, accuracy: 1e-9)
    }

    func testLocationInALayerFollowsTheLayersGeometry() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        card.position = CGPoint(x: 100, y: 100)
        card.transform = CATransform3DMakeScale(2, 2, 1)
        root.addSublayer(card)
        let event = LaminaMouseEvent(type: .leftMouseDown, locationInWindow: CGPoint(x: 60, y: 60))
        let local = event.location(in: card)
        XCTAssertEqual(local.x, 30, accuracy: 1e-9, "(60 - (100 - 100)) / 2")
        XCTAssertEqual(local.y, 5, accuracy: 1e-9, "(60 - (100 - 50)) / 2")
        XCTAssertEqual(event.location(in: root), CGPoint(x: 60, y: 60), "the root layer's space is the window's")
    }
}
