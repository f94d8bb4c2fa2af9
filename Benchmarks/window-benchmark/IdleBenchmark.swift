import BenchmarkSupport
import Foundation
import LaminaHost
import QuartzCore

/// A window showing a static menu (text, a rounded outline, no animation):
/// after it settles, what it costs over 10 s. Expected: no frame, the
/// process asleep (CPU under 0.1 % of a core).
@MainActor
enum IdleBenchmark {
    static let settle = 3.0, measured = 10.0

    static func start(in window: LaminaWindow) {
        MenuScene.build(in: window.rootLayer, pulsing: false)
        DispatchQueue.main.asyncAfter(deadline: .now() + settle) {
            let first = WindowSample(window)
            DispatchQueue.main.asyncAfter(deadline: .now() + measured) {
                let last = WindowSample(window)
                report(first, last)
                window.close()
            }
        }
    }

    static func report(_ first: WindowSample, _ last: WindowSample) {
        let wall = last.time - first.time
        let cpu = last.process - first.process
        print("idle: a static menu, \(String(format: "%.1f", wall)) s after \(settle) s settling")
        print("  frames rendered    \(last.frames - first.frames) (target 0)")
        print(String(format: "  process CPU        %.2f ms = %.3f %% of one core (target < 0.1 %%)", cpu * 1000, 100 * cpu / wall))
        if let a = first.server, let b = last.server {
            print(String(format: "  X server CPU       %.2f ms = %.3f %% of one core", (b - a) * 1000, 100 * (b - a) / wall))
        }
        print("  threads (CPU and voluntary context switches, i.e. wake-ups, in the window):")
        last.threadLines(since: first).forEach { print($0) }
    }
}
