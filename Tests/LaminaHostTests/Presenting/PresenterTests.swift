import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// Both ways frames reach the server, and frames that keep coming while
/// the main thread is busy.
final class PresenterTests: HostTestCase {
    func testFramesGoThroughSharedMemoryWhenTheServerHasIt() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            guard driver.hasSharedMemory else { throw XCTSkip("the test X server has no MIT-SHM") }
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.presentationPath != nil }))
            XCTAssertEqual(window.presentationPath, .sharedMemory)
        }
    }

    func testWithoutMitShmFramesGoThroughXPutImageAndStillShow() throws {
        let server: XvfbServer
        do { server = try XvfbServer(extraArguments: ["-extension", "MIT-SHM"]) } catch {
            throw XCTSkip("cannot start a private Xvfb: \(error)")
        }
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(displayName: server.displayName)
            XCTAssertFalse(driver.hasSharedMemory)
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.presentationPath != nil }))
            XCTAssertEqual(window.presentationPath, .putImage)
            // Keys work the same on this server.
            let recorder = CommandRecorder()
            recorder.stopAfter = 1
            window.makeFirstResponder(recorder)
            driver.fakeKey(Keysym.down, down: true)
            driver.fakeKey(Keysym.down, down: false)
            XCTAssertTrue(HostTest.runApplication(timeout: 5))
            XCTAssertEqual(recorder.commands, ["moveDown"])
            _ = HostTest.addSquare(to: window, frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            XCTAssertTrue(HostTest.turnRunLoop(until: {
                driver.capture(window.windowID, x: 30, y: 30, width: 1, height: 1) == [0xff_0000]
            }), "the red layer never reached the window through XPutImage")
            // Close before the server goes, so nothing notices it go.
            window.close()
        }
        server.stop()
    }

    func testAnimationsAdvanceOnScreenWhileTheMainThreadIsBlocked() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try HostTest.showWindow(size: CGSize(width: 320, height: 240))
            let square = HostTest.addSquare(to: window, frame: CGRect(x: 0, y: 100, width: 40, height: 40))
            HostTest.turnRunLoop(for: 0.1)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 20
            slide.toValue = 300
            slide.duration = 4
            square.add(slide, forKey: "slide")
            HostTest.turnRunLoop(for: 0.1)  // commits the animation to the render server
            let shots = Screenshots()
            let display = window.displayName, id = window.windowID
            DispatchQueue.global().async {
                guard let driver = try? XTestDriver(displayName: display) else { return }
                for _ in 0..<2 {
                    shots.append(driver.capture(id, x: 0, y: 100, width: 320, height: 40))
                    usleep(400_000)
                }
            }
            // The main thread is stuck; the render thread is not.
            Thread.sleep(forTimeInterval: 1)
            let taken = shots.all
            XCTAssertEqual(taken.count, 2)
            if taken.count == 2 { XCTAssertNotEqual(taken[0], taken[1], "the square did not move while main was blocked") }
        }
    }
}

/// Screenshots taken on another thread.
final class Screenshots: Sendable {
    private let shots = LockedValue<[[UInt32]]>([])

    func append(_ shot: [UInt32]?) { shots.withLock { $0.append(shot ?? []) } }

    var all: [[UInt32]] { shots.withLock { $0 } }
}
