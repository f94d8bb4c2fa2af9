import BenchmarkSupport
import Foundation
import LaminaHost
import LaminaTestSupport
import QuartzCore

/// Key press to screen: about 100 Down/Up presses through XTest, at random
/// gaps of 120-220 ms, each moving the menu's selection with its implicit
/// animation. The window's trace (`Settings.traceFile`) stamps each press, its arrival on
/// the main thread, the commit its handler made and the first frame that
/// showed that commit; `TraceLatency` pairs them. With `--pulse` the
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
        Thread.detachNewThread {
            Self.press(on: display, trace: trace)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { finish(window, menu: menu, interval: interval) }
            }
        }
    }

    /// On its own thread and X connection, as another program would.
    nonisolated static func press(on display: String, trace: TraceRecorder?) {
        guard let driver = try? XTestDriver(displayName: display) else {
            print("latency: no XTest connection to \(display)")
            return
        }
        Thread.sleep(forTimeInterval: 2)  // the window mapped, focused and drawn
        for index in 0..<presses {
            Thread.sleep(forTimeInterval: Double.random(in: 0.12...0.22))
            let keysym: UInt32 = (index / 4) % 2 == 0 ? 0xFF54 : 0xFF52  // four Down, four Up
            trace?.instant("xtest press", category: "benchmark")
            driver.fakeKey(keysym, down: true)
            driver.fakeKey(keysym, down: false)
        }
        Thread.sleep(forTimeInterval: 0.5)
    }

    static func finish(_ window: LaminaWindow, menu: MenuResponder, interval: Double) {
        withExtendedLifetime(menu) {}
        do {
            try window.traceRecorder?.flush()
            let latency = try TraceLatency(tracePath: tracePath)
            report(latency, moves: menu.moves, interval: interval)
        } catch {
            print("latency: the trace could not be read: \(error)")
        }
        try? FileManager.default.removeItem(atPath: tracePath)
        window.close()
    }

    static func report(_ latency: TraceLatency, moves: Int, interval: Double) {
        let p = BenchmarkStatistics.percentile
        print("latency: \(presses) presses, \(moves) handled, \(latency.fromPress.count) matched to a frame; "
              + (pulsing ? "bloom pulsing meanwhile (frames running)" : "nothing else animating (render thread asleep)"))
        for (label, values) in [("XTest press -> frame presented", latency.fromPress),
                                ("key on main thread -> frame presented", latency.fromArrival),
                                ("commit handed over -> frame presented", latency.fromCommit)] {
            print("  \(label.padding(toLength: 38, withPad: " ", startingAt: 0)) p50 \(BenchmarkStatistics.ms(p(values, 50), digits: 2)), "
                  + "p95 \(BenchmarkStatistics.ms(p(values, 95), digits: 2)), p99 \(BenchmarkStatistics.ms(p(values, 99), digits: 2)), max \(BenchmarkStatistics.ms(values.max(), digits: 2))")
        }
        print("  target: p99 <= display interval + 3 ms = \(BenchmarkStatistics.ms(interval + 0.003, digits: 2))")
    }
}

/// Moves the selection on Down and Up, as the kiosk menu does.
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

    private func select(_ new: Int) {
        index = min(max(new, 0), centres.count - 1)
        selection.position = centres[index]  // the implicit 0.25 s animation
        moves += 1
    }
}
