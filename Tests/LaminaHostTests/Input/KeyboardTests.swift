import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest

/// X keysyms the tests type.
enum Keysym {
    static let up: UInt32 = 0xff52, down: UInt32 = 0xff54, left: UInt32 = 0xff51, right: UInt32 = 0xff53
    static let returnKey: UInt32 = 0xff0d, keypadEnter: UInt32 = 0xff8d, escape: UInt32 = 0xff1b
    static let a: UInt32 = 0x61
}

/// Records what a window's key events turned into.
@MainActor
final class CommandRecorder: LaminaResponder {
    var commands: [String] = []
    var events: [LaminaKeyEvent] = []
    var everyEventOnMainThread = true
    /// Stops `LaminaApplication.run()` once this many commands arrived.
    var stopAfter: Int?
    /// Runs inside `moveDown(_:)`, as an app's handler would.
    var onMoveDown: () -> Void = {}

    override func keyDown(with event: LaminaKeyEvent) {
        note(event)
        super.keyDown(with: event)
    }

    override func keyUp(with event: LaminaKeyEvent) { note(event) }

    override func moveUp(_ sender: Any?) { record("moveUp") }
    override func moveDown(_ sender: Any?) {
        onMoveDown()
        record("moveDown")
    }
    override func moveLeft(_ sender: Any?) { record("moveLeft") }
    override func moveRight(_ sender: Any?) { record("moveRight") }
    override func insertNewline(_ sender: Any?) { record("insertNewline") }
    override func cancelOperation(_ sender: Any?) { record("cancelOperation") }

    private func note(_ event: LaminaKeyEvent) {
        events.append(event)
        if !Thread.isMainThread { everyEventOnMainThread = false }
    }

    private func record(_ command: String) {
        commands.append(command)
        if let stopAfter, commands.count >= stopAfter { LaminaApplication.shared.stop(nil) }
    }
}

/// Keys typed on the X server reach the responder, on the main thread.
final class KeyboardTests: HostTestCase {
    func testAKeyFromXTestReachesMoveDownOnTheMainThread() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let recorder = CommandRecorder()
            recorder.stopAfter = 1
            window.makeFirstResponder(recorder)
            XCTAssertTrue(driver.fakeKey(Keysym.down, down: true), "the test server has no XTest")
            driver.fakeKey(Keysym.down, down: false)
            XCTAssertTrue(HostTest.runApplication(timeout: 5), "moveDown(_:) was not called within 5 s")
            XCTAssertEqual(recorder.commands, ["moveDown"])
            XCTAssertTrue(recorder.everyEventOnMainThread)
            XCTAssertEqual(recorder.events.first?.specialKey, .downArrow)
            XCTAssertEqual(recorder.events.first?.isARepeat, false)
        }
    }

    func testArrowsReturnEnterAndEscapeBecomeCommands() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let recorder = CommandRecorder()
            recorder.stopAfter = 6
            window.makeFirstResponder(recorder)
            for key in [Keysym.up, Keysym.left, Keysym.right, Keysym.returnKey, Keysym.keypadEnter, Keysym.escape] {
                driver.fakeKey(key, down: true)
                driver.fakeKey(key, down: false)
            }
            XCTAssertTrue(HostTest.runApplication(timeout: 5))
            XCTAssertEqual(recorder.commands,
                           ["moveUp", "moveLeft", "moveRight", "insertNewline", "insertNewline", "cancelOperation"])
            XCTAssertGreaterThanOrEqual(recorder.events.filter { $0.type == .keyUp }.count, 5,
                                        "key-ups arrive too (the last may trail the stop)")
        }
    }

    func testKeysSentByAnotherClientWithXSendEventAreAccepted() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let recorder = CommandRecorder()
            recorder.stopAfter = 1
            window.makeFirstResponder(recorder)
            driver.sendKey(Keysym.up, to: window.windowID)
            XCTAssertTrue(HostTest.runApplication(timeout: 5))
            XCTAssertEqual(recorder.commands, ["moveUp"])
        }
    }

    func testAHeldKeyRepeatsAndSaysSo() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let recorder = CommandRecorder()
            window.makeFirstResponder(recorder)
            driver.fakeKey(Keysym.down, down: true)
            // X autorepeat starts after 660 ms by default, then 25 a second.
            HostTest.turnRunLoop(for: 1.2)
            driver.fakeKey(Keysym.down, down: false)
            HostTest.turnRunLoop(until: { recorder.events.last?.type == .keyUp })
            let downs = recorder.events.filter { $0.type == .keyDown }
            XCTAssertGreaterThan(downs.count, 2, "the held key should repeat")
            XCTAssertEqual(downs.first?.isARepeat, false)
            XCTAssertTrue(downs.dropFirst().allSatisfy(\.isARepeat))
            XCTAssertEqual(recorder.events.filter { $0.type == .keyUp }.count, 1,
                           "no fake releases between repeats (XKB detectable autorepeat)")
            XCTAssertEqual(recorder.commands.count, downs.count, "every repeat moves again")
        }
    }

    func testAHandlerThatMovesALayerStartsItsImplicitAnimation() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            let square = HostTest.addSquare(to: window, frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            HostTest.turnRunLoop(for: 0.1)  // the square is on screen before it moves
            let recorder = CommandRecorder()
            recorder.stopAfter = 1
            recorder.onMoveDown = { square.position.y += 100 }
            window.makeFirstResponder(recorder)
            driver.fakeKey(Keysym.down, down: true)
            driver.fakeKey(Keysym.down, down: false)
            XCTAssertTrue(HostTest.runApplication(timeout: 5))
            XCTAssertEqual(square.position, CGPoint(x: 20, y: 120))
            XCTAssertNotNil(square.animation(forKey: "position"), "the visible tree animates the move implicitly")
        }
    }
}
