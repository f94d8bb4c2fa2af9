import CoreGraphics
import Dispatch
@testable import LaminaHost
import XCTest

/// X connections opened and closed on several threads at once, as a window's
/// X thread, its render thread and the app's main thread do.
///
/// libXext registers every display that uses an extension in one global
/// Generic Event record (`xge_info` in its src/Xge.c), creating the record
/// on first use and freeing it, unlocked, when the last registered display
/// closes. A thread registering a display at that moment writes into freed
/// memory: the heap corruption CI saw as "malloc(): unaligned tcache chunk
/// detected" after the keyboard tests. `XDisplay` opens, registers and
/// closes connections under one lock; without it this test corrupts the
/// heap within a few hundred connections and the process aborts.
final class ConnectionConcurrencyTests: XCTestCase {
    func testConnectionsOpenedUsedAndClosedOnFourThreadsAtOnceCorruptNothing() throws {
        let name = try TestDisplay.name()
        let opened = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<60 {
                guard let display = try? XDisplay(name: name) else { continue }
                // Each extension a window uses, as the presenter and the
                // window's thread ask for them.
                _ = XShmImage.isAvailable(on: display)
                _ = XShmImage.completionEventType(on: display)
                _ = XRandRRate.currentRate(on: display)
                opened.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(opened.withLock { $0 }, 240, "every connection opened")
        // The heap is still sound: a burst of small allocations and frees
        // (the sizes of the records libXext frees) goes through glibc's
        // checks without an abort.
        var blocks: [UnsafeMutableRawPointer] = []
        for size in stride(from: 8, through: 48, by: 8) {
            for _ in 0..<200 { blocks.append(UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)) }
        }
        blocks.forEach { $0.deallocate() }
    }
}
