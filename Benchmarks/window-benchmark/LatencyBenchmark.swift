import BenchmarkSupport
import Foundation
import LaminaHost
import LaminaTestSupport
import QuartzCore

/// Key press and button press to screen: 100 Down/Up presses and 100
/// clicks on a menu row through XTest, taking turns at random gaps of
/// 120-220 ms, each moving the menu's selection with its implicit
/// animation. The window's trace (`Settings.traceFile`) stamps each press,
/// its arrival on the main thread, the commit its handler made and the
/// first frame that showed that commit; `TraceLatency` pairs them. With `--pulse` the
/// selection's bloom pulses meanwhile, so the render thread is already
/// drawing every frame when a key arrives; without it the render thread is
/// asleep.
@MainActor
enum LatencyBenchmark {
    nonisolated static let presses = 100
    static let pulsing = CommandLine.arguments.contains("--pulse")
    static let tracePath = NSTemporaryDirectory() + "window-benchmark-\(getpid()).trace.json"

    static func start(in window: LaminaWindow) {
        let (selection, centres) = MenuScene.build(in: window.rootLayer, pulsing: pulsing)
        let menu = MenuResponder(selection: selection, centres: centres)
        window.makeFirstResponder(menu)
        let display = window.displayName
        let interval = window.displayInterval
        let trace = window.traceRecorder
        let windowID = window.windowID
        Thread.detachNewThread {
            Self.press(on: display, window: windowID, rows: centres, trace: trace)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { finish(window, menu: menu, interval: interval) }
            }
        }
    }

    /// On its own thread and X connection, as another program would.
    /// Every press moves the selection: keys step it down to the last row
    /// and back up, clicks pick a row two away from it.
    nonisolated static func press(on display: String, window: UInt, rows: [CGPoint], trace: TraceRecorder?) {
        guard let driver = try? XTestDriver(displayName: display) else {
            print("latency: no XTest connection to \(display)")
            return
        }
        Thread.sleep(forTimeInterval: 2)  // the window mapped, focused and drawn
        var selected = 0, step = 1
        for index in 0..<presses * 2 {
            Thread.sleep(forTimeInterval: Double.random(in: 0.12...0.22))
            if index % 2 == 0 {
                if !(0..<rows.count).contains(selected + step) { step = -step }
                selected += step
                let keysym: UInt32 = step > 0 ? 0xFF54 : 0xFF52  // Down, Up
                trace?.instant("xtest press", category: "benchmark")
                driver.fakeKey(keysym, down: true)
                driver.fakeKey(keysym, down: false)
            } else {
                selected = (selected + 2) % rows.count
                // The pointer goes there first, so the press alone is timed.
                driver.fakeMotion(x: Int(rows[selected].x), y: Int(rows[selected].y), in: window)
                trace?.instant("xtest click", category: "benchmark")
                driver.fakeButton(1, down: true)
                driver.fakeButton(1, down: false)
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
    }

    static func finish(_ window: LaminaWindow, menu: MenuResponder, interval: Double) {
        withExtendedLifetime(menu) {}
        do {
            try window.traceRecorder?.flush()
            let keys = try TraceLatency(tracePath: tracePath, press: "xtest press", arrival: "key down")
            let clicks = try TraceLatency(tracePath: tracePath, press: "xtest click", arrival: "button down")
            report(keys, clicks: clicks, moves: menu.moves, interval: interval)
        } catch {
            print("latency: the trace could not be read: \(error)")
        }
        try? FileManager.default.removeItem(atPath: tracePath)
        window.close()
    }

    static func report(_ latency: TraceLatency, clicks: TraceLatency, moves: Int, interval: Double) {
        let p = BenchmarkStatistics.percentile
        print("latency: \(presses) key presses and \(presses) clicks, \(moves) handled, "
              + "\(latency.fromPress.count) and \(clicks.fromPress.count) matched to a frame; "
              + (pulsing ? "bloom pulsing meanwhile (frames running)" : "nothing else animating (render thread asleep)"))
        for (label, values) in [("XTest press -> frame presented", latency.fromPress),
                                ("key on main thread -> frame presented", latency.fromArrival),
                                ("commit handed over -> frame presented", latency.fromCommit),
                                ("XTest click -> frame presented", clicks.fromPress),
                                ("button on main thread -> frame presented", clicks.fromArrival),
                                ("commit handed over -> frame presented", clicks.fromCommit)] {
            print("  \(label.padding(toLength: 41, withPad: " ", startingAt: 0)) p50 \(BenchmarkStatistics.ms(p(values, 50), digits: 2)), "
                  + "p95 \(BenchmarkStatistics.ms(p(values, 95), digits: 2)), p99 \(BenchmarkStatistics.ms(p(values, 99), digits: 2)), max \(BenchmarkStatistics.ms(values.max(), digits: 2))")
        }
        print("  target: p99 <= display interval + 3 ms = \(BenchmarkStatistics.ms(interval + 0.003, digits: 2))")
    }
}

/// Moves the selection on Down and Up and to a clicked row, as the kiosk menu does.
@MainActor
final class MenuResponder: LaminaResponder {
    let selection: CALayer
    let centres: [CGPoint]
    private var index = 0
    private(set) var moves = 0

    init(selection: CALayer, centres: [CGPoint]) {
        self.selection = selection
        self.centres = centres
    }

    override func moveDown(_ sender: Any?) { select(index + 1) }
    override func moveUp(_ sender: Any?) { select(index - 1) }
    /// A click selects the row nearest it, as the kiosk menu does.
    override func mouseDown(with event: LaminaMouseEvent) {
        let y = event.locationInWindow.y
        guard let nearest = centres.indices.min(by: { abs(centres[$0].y - y) < abs(centres[$1].y - y) }) else { return }
        select(nearest)
    }

    private func select(_ new: Int) {
        index = min(max(new, 0), centres.count - 1)
        selection.position = centres[index]  // the implicit 0.25 s animation
        moves += 1
    }
}
