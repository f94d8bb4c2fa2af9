import CX11
import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// The MIT-SHM image frames are sent from (`SharedMemoryFrame`): each
/// frame's damage reaches the window at its place and no other pixel does,
/// and each frame sent gets its completion, read when the next frame asks
/// for the image (the flush after sending reads nothing back).
final class SharedMemoryFrameTests: XCTestCase {
    private static let blue: UInt32 = 0x00_00ff

    private static func pattern(_ x: Int, _ y: Int) -> UInt32 { 0x80_0000 | UInt32(x) << 8 | UInt32(y) }

    func testDamageReachesTheWindowAtItsPlaceAndEachFrameIsCompleted() throws {
        let name = try TestDisplay.name()
        let display = try XDisplay(name: name)
        guard XShmImage.isAvailable(on: display) else { throw XCTSkip("the test X server has no MIT-SHM") }
        let driver = try XTestDriver(displayName: name)
        // An odd width: rows and the source offset of a rect inside the image.
        let width = 61, height = 45
        let window = try XWindow(display: display, width: width, height: height)
        window.map()
        let gc = try XCTUnwrap(XGraphicsContext(display: display, drawable: window.id))
        let frame = try SharedMemoryFrame(display: display, width: width, height: height)
        let viewable = MediaClock.monotonicNow() + 5
        while driver.capture(window.id, x: 0, y: 0, width: 1, height: 1) == nil, MediaClock.monotonicNow() < viewable {
            usleep(10_000)
        }

        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        Self.fill(frame.drawable, whole, with: Self.blue)
        frame.present([whole], to: window.id, gc: gc)
        let part = PixelRect(x: 5, y: 7, width: 20, height: 10)
        // A pattern everywhere in the image, each pixel naming its place,
        // but only `part` sent: the rest of the window must stay blue.
        Self.fill(frame.drawable, whole, with: Self.pattern)
        XCTAssertEqual(frame.completionsReceived, 1, "the first frame's completion, read before drawing the second")
        frame.present([part], to: window.id, gc: gc)
        frame.waitUntilIdle()
        XCTAssertEqual(frame.completionsReceived, 2)

        let pixels = try XCTUnwrap(driver.capture(window.id, x: 0, y: 0, width: width, height: height))
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= part.x && x < part.x + part.width && y >= part.y && y < part.y + part.height
                let expected = inside ? Self.pattern(x, y) : Self.blue
                guard pixels[y * width + x] == expected else {
                    return XCTFail("pixel (\(x), \(y)) is \(String(pixels[y * width + x], radix: 16)), not \(String(expected, radix: 16))")
                }
            }
        }

        // Nothing to send: nothing awaited.
        frame.present([], to: window.id, gc: gc)
        frame.waitUntilIdle()
        XCTAssertEqual(frame.completionsReceived, 2)
        window.destroy()
        display.sync()
    }

    /// The completion is read through XCB (one read a frame); a put the
    /// server refuses, to a window destroyed under the presenter, ends the
    /// wait at once rather than after the completion timeout, and counts
    /// no completion. Xlib still traps the errors of its own requests on
    /// the connection, from the moment its events go to XCB (the attach of
    /// a resized image relies on it), before any frame and after.
    func testARefusedPutEndsTheWaitAndXlibStillTrapsItsOwnErrors() throws {
        let name = try TestDisplay.name()
        let display = try XDisplay(name: name)
        guard XShmImage.isAvailable(on: display) else { throw XCTSkip("the test X server has no MIT-SHM") }
        let other = try XDisplay(name: name)
        let gone = try XWindow(display: other, width: 5, height: 5)
        gone.destroy()
        let window = try XWindow(display: other, width: 20, height: 20)
        window.map()
        other.sync()
        let gc = try XCTUnwrap(XGraphicsContext(display: display, drawable: window.id))
        let frame = try SharedMemoryFrame(display: display, width: 20, height: 20)
        XCTAssertEqual(XErrorHandling.trapping(display) { XMapWindow(display.raw, gone.id) }, UInt8(BadWindow),
                       "an Xlib request's error, trapped right after the events went to XCB")
        let whole = PixelRect(x: 0, y: 0, width: 20, height: 20)
        frame.present([whole], to: window.id, gc: gc)
        frame.waitUntilIdle()
        XCTAssertEqual(frame.completionsReceived, 1)
        XCTAssertEqual(frame.putsRefused, 0)

        window.destroy()
        other.sync()
        frame.present([whole], to: window.id, gc: gc)
        frame.waitUntilIdle()
        XCTAssertEqual(frame.putsRefused, 1, "the put to the destroyed window was refused")
        XCTAssertEqual(frame.completionsReceived, 1)

        let error = XErrorHandling.trapping(display) { XMapWindow(display.raw, window.id) }
        XCTAssertEqual(error, UInt8(BadWindow), "Xlib's own request's error, trapped with XCB holding the events")
    }

    private static func fill(_ buffer: RasterBuffer, _ rect: PixelRect, with pixel: UInt32) {
        fill(buffer, rect) { _, _ in pixel }
    }

    private static func fill(_ buffer: RasterBuffer, _ rect: PixelRect, with pixel: (Int, Int) -> UInt32) {
        for y in rect.y..<(rect.y + rect.height) {
            let row = (buffer.base + y * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in rect.x..<(rect.x + rect.width) { row[x] = pixel(x, y) }
        }
    }
}
