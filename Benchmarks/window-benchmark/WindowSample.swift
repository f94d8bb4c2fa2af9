import BenchmarkSupport
import Foundation
import LaminaHost

/// What a window's process (and the X server) did between two moments.
@MainActor
struct WindowSample {
    let time = BenchmarkStatistics.now()
    let frames: Int
    let process = CPUTime.process()
    let threads = CPUTime.threads()
    let server = ProcessInfo.processInfo.environment["LAMINA_BENCH_XSERVER_PID"].flatMap(Int.init)
        .flatMap(CPUTime.process(pid:))

    init(_ window: LaminaWindow) { frames = window.framesRendered }

    /// Samples `window` after `warmup` seconds and again `seconds` later,
    /// hands both to `report`, then closes the window (which ends the run).
    static func measure(_ window: LaminaWindow, warmup: Double, seconds: Double,
                        report: @escaping @MainActor (_ first: WindowSample, _ last: WindowSample) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + warmup) {
            let first = WindowSample(window)
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                report(first, WindowSample(window))
                window.close()
            }
        }
    }

    /// The CPU of the thread that used the most between `first` and `last`
    /// apart from the main thread: the render server's, while it animates.
    /// (Its name, "QuartzCore.RenderServer", is longer than the 15 characters
    /// Linux keeps, so the threads cannot be told apart by name.)
    static func busiestThreadCPU(from first: WindowSample, to last: WindowSample) -> Double {
        let main = Int(getpid())
        return last.threads.filter { $0.key != main }
            .map { id, sample in sample.cpu - (first.threads[id]?.cpu ?? 0) }.max() ?? 0
    }

    /// Per-thread CPU and wake-ups from `earlier` to this sample, one line each.
    func threadLines(since earlier: WindowSample) -> [String] {
        threads.sorted { $0.key < $1.key }.map { id, now in
            let before = earlier.threads[id]
            let cpu = now.cpu - (before?.cpu ?? 0)
            let wakeups = now.voluntarySwitches - (before?.voluntarySwitches ?? 0)
            let preempted = now.involuntarySwitches - (before?.involuntarySwitches ?? 0)
            let name = now.name.padding(toLength: 16, withPad: " ", startingAt: 0)
            return "    \(name)" + String(format: " %8.1f ms CPU, %5d wake-ups, %4d preemptions", cpu * 1000, wakeups, preempted)
        }
    }
}
