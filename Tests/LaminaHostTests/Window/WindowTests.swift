import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest

/// A window on a real (virtual) X server: size, pixels, full screen, resizing, closing.
final class WindowTests: HostTestCase {
    func testWindowAppearsWithTheRequestedSizeAndTitleAndPacing() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 320, height: 240))
            let geometry = try XCTUnwrap(driver.geometry(of: window.windowID))
            XCTAssertEqual(geometry.width, 320)
            XCTAssertEqual(geometry.height, 240)
            XCTAssertEqual(window.contentSize, CGSize(width: 320, height: 240))
            XCTAssertEqual(window.rootLayer.bounds, CGRect(x: 0, y: 0, width: 320, height: 240))
            XCTAssertEqual(window.rootLayer.position, CGPoint(x: 160, y: 120))
            // Xvfb's Present extension fakes a display rate; any source must give a plausible one.
            XCTAssertTrue((1.0 / 500...1.0 / 20).contains(window.displayInterval),
                          "interval \(window.displayInterval) from \(window.pacingSource)")
        }
    }

    func testALayersBackgroundColourIsOnScreen() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 320, height: 240))
            _ = HostTest.addSquare(to: window, frame: CGRect(x: 40, y: 30, width: 100, height: 80))
            let shown = HostTest.turnRunLoop(until: { driver.capture(window.windowID, x: 90, y: 70, width: 1, height: 1) == [0xff_0000] })
            XCTAssertTrue(shown, "the red layer never reached the window")
            // Outside the layer the window stays black.
            XCTAssertEqual(driver.capture(window.windowID, x: 200, y: 200, width: 1, height: 1), [0])
        }
    }

    func testAnExposedWindowIsRepainted() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 320, height: 240))
            _ = HostTest.addSquare(to: window, frame: CGRect(x: 0, y: 0, width: 320, height: 240))
            let red: [UInt32] = [0xff_0000]
            XCTAssertTrue(HostTest.turnRunLoop(until: { driver.capture(window.windowID, x: 5, y: 5, width: 1, height: 1) == red }))
            // Nothing changes in the tree: only the Expose can bring the pixels back.
            driver.remap(window.windowID)
            XCTAssertTrue(HostTest.turnRunLoop(until: {
                driver.geometry(of: window.windowID)?.isViewable == true
                    && driver.capture(window.windowID, x: 5, y: 5, width: 1, height: 1) == red
            }), "the window stayed blank after an Expose")
        }
    }

    func testNonsenseSizesAreClampedNotFatal() throws {
        try MainActor.assumeIsolated {
            let name = try TestDisplay.name()
            let window = try LaminaWindow(contentSize: CGSize(width: CGFloat.nan, height: -50), displayName: name)
            XCTAssertEqual(window.contentSize, CGSize(width: 1, height: 1))
            window.close()
        }
    }

    func testFullscreenCoversTheScreen() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(options: [.fullscreen, .hidesCursor])
            let geometry = try XCTUnwrap(driver.geometry(of: window.windowID))
            XCTAssertEqual(geometry.width, driver.screenSize.width)
            XCTAssertEqual(geometry.height, driver.screenSize.height)
            XCTAssertEqual(window.contentSize, CGSize(width: driver.screenSize.width, height: driver.screenSize.height))
        }
    }

    func testResizingResizesTheRootLayerAndAutoresizesSublayers() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 320, height: 240))
            let bar = CALayer()
            bar.frame = CGRect(x: 10, y: 10, width: 300, height: 20)
            bar.autoresizingMask = [.layerWidthSizable]
            window.rootLayer.addSublayer(bar)
            HostTest.turnRunLoop(for: 0.1)
            driver.resize(window.windowID, width: 400, height: 300)
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.contentSize == CGSize(width: 400, height: 300) }))
            XCTAssertEqual(window.rootLayer.bounds, CGRect(x: 0, y: 0, width: 400, height: 300))
            XCTAssertEqual(window.rootLayer.position, CGPoint(x: 200, y: 150))
            window.rootLayer.layoutIfNeeded()
            XCTAssertEqual(bar.frame.width, 380, "a width-sizable sublayer keeps its margins")
        }
    }

    func testResizingShowsTheTreeAtTheNewSize() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 200, height: 150))
            // In the bottom-right corner, pinned there: its left and top margins grow.
            let square = HostTest.addSquare(to: window, frame: CGRect(x: 140, y: 90, width: 60, height: 60))
            square.autoresizingMask = [.layerMinXMargin, .layerMinYMargin]
            HostTest.turnRunLoop(for: 0.2)
            driver.resize(window.windowID, width: 500, height: 400)
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.contentSize.width == 500 }))
            let expected: [UInt32] = [0xff_0000]
            let shown = HostTest.turnRunLoop(until: { driver.capture(window.windowID, x: 470, y: 370, width: 1, height: 1) == expected })
            XCTAssertTrue(shown, "the pinned layer did not appear at the bottom right of the larger window")
        }
    }

    func testResizingManyTimesKeepsOneSharedMemorySegment() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow(size: CGSize(width: 200, height: 150))
            guard driver.hasSharedMemory else { throw XCTSkip("the test X server has no MIT-SHM") }
            _ = HostTest.addSquare(to: window, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            XCTAssertTrue(HostTest.turnRunLoop(until: { window.presentationPath != nil }))
            XCTAssertEqual(window.presentationPath, .sharedMemory)
            XCTAssertEqual(SharedMemorySegments.createdByThisProcess(), 1, "one image, drawn into once the server has read it")
            for step in 1...10 {
                driver.resize(window.windowID, width: 200 + step * 20, height: 150 + step * 10)
                XCTAssertTrue(HostTest.turnRunLoop(until: { window.contentSize.width == CGFloat(200 + step * 20) }))
                // Let the render thread draw at the new size (it reallocates on its next frame).
                HostTest.turnRunLoop(for: 0.05)
            }
            HostTest.turnRunLoop(for: 0.3)
            XCTAssertLessThanOrEqual(SharedMemorySegments.createdByThisProcess(), 1,
                                     "each resize must free the old segment")
            window.close()
            HostTest.turnRunLoop(for: 0.3)
            XCTAssertEqual(SharedMemorySegments.createdByThisProcess(), 0, "closing frees every segment")
        }
    }

    func testTheCloseButtonEndsRun() throws {
        try MainActor.assumeIsolated {
            let (window, driver) = try HostTest.showWindow()
            // The message reaches the window's X thread, then the main queue that run() turns.
            driver.requestClose(window.windowID)
            XCTAssertTrue(HostTest.runApplication(timeout: 5), "run() did not return after WM_DELETE_WINDOW")
            XCTAssertTrue(window.isClosed)
            XCTAssertTrue(LaminaApplication.shared.windows.isEmpty)
            XCTAssertNil(driver.geometry(of: window.windowID), "the X window is destroyed")
        }
    }

    func testADelegateCanRefuseToClose() throws {
        try MainActor.assumeIsolated {
            final class Keeper: LaminaWindowDelegate {
                var asked = 0
                func windowShouldClose(_ sender: LaminaWindow) -> Bool {
                    asked += 1
                    return false
                }
            }
            let (window, driver) = try HostTest.showWindow()
            let keeper = Keeper()
            window.delegate = keeper
            driver.requestClose(window.windowID)
            XCTAssertTrue(HostTest.turnRunLoop(until: { keeper.asked == 1 }))
            XCTAssertFalse(window.isClosed)
        }
    }
}

/// System V shared memory segments, as /proc/sysvipc/shm lists them.
enum SharedMemorySegments {
    /// Segments created by this process that still exist (attached by
    /// someone, even if marked for removal).
    static func createdByThisProcess() -> Int {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return 0 }
        let pid = String(getpid())
        // Columns: key shmid perms size cpid lpid nattch ...
        return table.split(separator: "\n").dropFirst().filter { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return columns.count > 4 && columns[4] == pid
        }.count
    }
}

/// What the window shows is what the compositor draws headless.
final class WindowPixelTests: HostTestCase {
    /// A small scene with the properties most likely to differ between
    /// paths: rounded corners, a border, a rotated layer, translucency.
    @MainActor
    static func buildScene(in root: CALayer) {
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 30, width: 160, height: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.cornerRadius = 20
        card.borderWidth = 3
        card.borderColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(card)
        let tilted = CALayer()
        tilted.frame = CGRect(x: 200, y: 120, width: 80, height: 60)
        tilted.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.8)
        tilted.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        root.addSublayer(tilted)
    }

    func testWindowPixelsMatchAHeadlessRenderingOfTheSameTree() throws {
        try MainActor.assumeIsolated {
            let size = CGSize(width: 320, height: 240)
            let (window, driver) = try HostTest.showWindow(size: size)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.buildScene(in: window.rootLayer)
            CATransaction.commit()

            // The same tree, rendered headless by CARenderer.
            let context = CGContext(data: nil, width: 320, height: 240, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: size)
            Self.buildScene(in: root)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
            let expected: [UInt32] = (0..<240).flatMap { y in
                (0..<320).map { x in
                    context.data!.load(fromByteOffset: y * context.bytesPerRow + x * 4, as: UInt32.self) & 0x00FF_FFFF
                }
            }
            var shown: [UInt32] = []
            let matched = HostTest.turnRunLoop(until: {
                shown = driver.capture(window.windowID, x: 0, y: 0, width: 320, height: 240) ?? []
                return shown.count == expected.count && Self.differingPixels(shown, expected) == 0
            })
            XCTAssertTrue(matched, "\(Self.differingPixels(shown, expected)) pixels differ from the headless rendering")
        }
    }

    /// Pixels whose channels differ by more than 2.
    static func differingPixels(_ a: [UInt32], _ b: [UInt32]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        var count = 0
        for (x, y) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] where abs(Int((x >> shift) & 0xFF) - Int((y >> shift) & 0xFF)) > 2 {
                count += 1
                break
            }
        }
        return count
    }
}
