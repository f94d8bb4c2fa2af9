import Foundation
@testable import LaminaHost
import XCTest

/// The responder's key interpretation and chain, without a display.
final class ResponderTests: XCTestCase {
    private static func key(_ keysym: UInt32, _ flags: LaminaKeyEvent.ModifierFlags = []) -> LaminaKeyEvent {
        LaminaKeyEvent(type: .keyDown, keysym: keysym, modifierFlags: flags)
    }

    func testKeysMapToAppKitCommands() {
        MainActor.assumeIsolated {
            let recorder = CommandRecorder()
            for keysym in [Keysym.up, Keysym.down, Keysym.left, Keysym.right, Keysym.returnKey, Keysym.keypadEnter,
                           Keysym.escape] {
                recorder.keyDown(with: Self.key(keysym))
            }
            XCTAssertEqual(recorder.commands, ["moveUp", "moveDown", "moveLeft", "moveRight", "insertNewline",
                                               "insertNewline", "cancelOperation"])
        }
    }

    func testShiftStillMovesButControlOptionCommandDoNot() {
        MainActor.assumeIsolated {
            let recorder = CommandRecorder()
            recorder.keyDown(with: Self.key(Keysym.down, .shift))
            recorder.keyDown(with: Self.key(Keysym.down, .control))
            recorder.keyDown(with: Self.key(Keysym.down, .option))
            recorder.keyDown(with: Self.key(Keysym.down, .command))
            XCTAssertEqual(recorder.commands, ["moveDown"])
        }
    }

    func testUnhandledKeysAndCommandsGoToTheNextResponder() {
        MainActor.assumeIsolated {
            let first = LaminaResponder()
            let next = CommandRecorder()
            first.nextResponder = next
            first.keyDown(with: Self.key(Keysym.up))
            first.keyDown(with: Self.key(Keysym.a))
            first.keyUp(with: LaminaKeyEvent(type: .keyUp, keysym: Keysym.a))
            XCTAssertEqual(next.commands, ["moveUp"], "the command, not the key, goes up the chain")
            XCTAssertEqual(next.events.map(\.keysym), [Keysym.a, Keysym.a],
                           "the unhandled key-down and the key-up reach the next responder")
        }
    }

    func testArrowsCarryAppKitFunctionKeyCharacters() {
        XCTAssertEqual(LaminaKeyEvent(type: .keyDown, keysym: Keysym.up).characters, "\u{F700}")
        XCTAssertEqual(LaminaKeyEvent(type: .keyDown, keysym: Keysym.down).characters, "\u{F701}")
        XCTAssertEqual(LaminaKeyEvent(type: .keyDown, keysym: Keysym.a, characters: "a").characters, "a")
        XCTAssertEqual(LaminaKeyEvent(type: .keyDown, keysym: 0x0100_03b1).characters, "α", "Unicode keysyms")
    }

    func testXModifierStateMapsToAppKitFlags() {
        XCTAssertEqual(LaminaKeyEvent.ModifierFlags(xState: 0x01 | 0x04, keysym: Keysym.a), [.shift, .control])
        XCTAssertEqual(LaminaKeyEvent.ModifierFlags(xState: 0x08 | 0x40 | 0x02, keysym: Keysym.a),
                       [.option, .command, .capsLock])
        XCTAssertEqual(LaminaKeyEvent.ModifierFlags(xState: 0, keysym: Keysym.keypadEnter), [.numericPad])
    }
}
