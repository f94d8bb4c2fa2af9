import CX11
import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest

/// XInput 2 touches: decoded from synthetic `XIDeviceEvent`s, then routed
/// as UIKit routes touches (each to the responder of the layer it began
/// on, the same `LaminaTouch` object from landing to lifting).
final class TouchInputTests: HostTestCase {
    private func deviceEvent(_ type: Int32, id: Int32, x: Double, y: Double, time: UInt = 1000,
                             mods: Int32 = 0) -> XIDeviceEvent {
        var event = XIDeviceEvent()
        event.evtype = type
        event.detail = id
        event.event_x = x
        event.event_y = y
        event.time = time
        event.mods.effective = mods
        return event
    }

    func testTouchEventsDecodeWithTheirIdPhaseAndFractionalPosition() {
        XCTAssertEqual(XInputTouch.record(from: deviceEvent(XI_TouchBegin, id: 7, x: 10.5, y: 20.25, time: 42, mods: 4)),
                       TouchRecord(id: 7, phase: .begin, x: 10.5, y: 20.25, state: 4, time: 42))
        XCTAssertEqual(XInputTouch.record(from: deviceEvent(XI_TouchUpdate, id: 7, x: 11, y: 21))?.phase, .update)
        XCTAssertEqual(XInputTouch.record(from: deviceEvent(XI_TouchEnd, id: 7, x: 11, y: 21))?.phase, .end)
        XCTAssertNil(XInputTouch.record(from: deviceEvent(XI_Motion, id: 0, x: 1, y: 1)), "not a touch")
        XCTAssertNil(XInputTouch.record(from: deviceEvent(XI_TouchBegin, id: 1, x: .nan, y: 1)), "no position")
    }

    func testTouchesGoToTheResponderOfTheLayerTheyBeganOnForTheirWholeLife() {
        MainActor.assumeIsolated {
            let routing = PointerRouting()
            let first = PointerRecorder(), card = PointerRecorder()
            let cardLayer = CALayer()
            cardLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            @MainActor func responder(for layer: CALayer?) -> LaminaResponder { layer === cardLayer ? card : first }
            func hit(_ point: CGPoint) -> CALayer? { point.x < 100 ? cardLayer : nil }
            @MainActor func send(_ phase: TouchRecord.Phase, _ id: UInt32, _ x: Double, _ time: Double) {
                routing.route(TouchRecord(id: id, phase: phase, x: x, y: 50, state: 0, time: 0), timestamp: time,
                              hitLayer: hit, responderFor: responder)
            }
            send(.begin, 1, 50, 1.0)       // on the card
            send(.begin, 2, 300, 1.01)     // elsewhere
            send(.update, 1, 250, 1.02)    // the first finger leaves the card: still the card's
            send(.update, 9, 20, 1.03)     // a touch never begun
            send(.end, 1, 260, 1.04)
            send(.end, 2, 300, 1.05)
            XCTAssertEqual(card.touches.map(\.phase), ["began", "moved", "ended"])
            XCTAssertEqual(first.touches.map(\.phase), ["began", "ended"])
            let touch = card.touches[0].touch
            XCTAssertTrue(card.touches.allSatisfy { $0.touch === touch }, "one object for the touch's life")
            XCTAssertEqual(touch.phase, .ended)
            XCTAssertEqual(touch.locationInWindow, CGPoint(x: 260, y: 50))
            XCTAssertEqual(touch.previousLocationInWindow, CGPoint(x: 250, y: 50))
            XCTAssertEqual(touch.location(in: cardLayer), CGPoint(x: 260, y: 50))
            XCTAssertTrue(touch.layer === cardLayer)
            XCTAssertEqual(touch.timestamp, 1.04)
        }
    }

    func testATapSoonAfterAnotherCountsTwoAndCancellingEndsLiveTouches() {
        MainActor.assumeIsolated {
            let routing = PointerRouting()
            let first = PointerRecorder()
            @MainActor func send(_ phase: TouchRecord.Phase, _ id: UInt32, _ x: Double, _ time: Double) {
                routing.route(TouchRecord(id: id, phase: phase, x: x, y: 50, state: 0, time: 0), timestamp: time,
                              hitLayer: { _ in nil }, responderFor: { _ in first })
            }
            send(.begin, 1, 50, 1.0)
            send(.end, 1, 50, 1.1)
            send(.begin, 2, 53, 1.3)
            send(.end, 2, 53, 1.35)
            send(.begin, 3, 53, 3)
            XCTAssertEqual(first.touches.filter { $0.phase == "began" }.map(\.touch.tapCount), [1, 2, 1])
            routing.cancelTouches(timestamp: 4)
            XCTAssertEqual(first.touches.last?.phase, "cancelled")
            XCTAssertEqual(first.touches.last?.touch.phase, .cancelled)
            send(.end, 3, 53, 4.1)
            XCTAssertEqual(first.touches.last?.phase, "cancelled", "the end of a cancelled touch is dropped")
        }
    }

    /// Xvfb offers XInput 2.2 (with no touch device): the window can ask
    /// for touches, and stops getting pointer events only for touches.
    func testAWindowCanAskForTouchesAndClicksStillArrive() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let first = PointerRecorder()
            window.makeFirstResponder(first)
            window.acceptsTouchEvents = true
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.deliversTouches }), "the server took the selection")
            driver.click(x: 30, y: 30, in: window.windowID)
            HostTest.turnRunLoop(until: { first.types.contains(.leftMouseUp) })
            XCTAssertTrue(first.types.contains(.leftMouseDown), "a mouse is still a mouse")
            window.acceptsTouchEvents = false
            XCTAssertTrue(HostTest.turnRunLoop(until: { !window.deliversTouches }))
        }
    }
}
