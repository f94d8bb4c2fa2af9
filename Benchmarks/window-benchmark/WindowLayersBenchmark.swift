import BenchmarkSupport
import Foundation
import LaminaHost
import QuartzCore

/// 1000 squares animating position and opacity in a 1280x720 window: over
/// 10 s after 2 s of warm-up, the rate reached and the CPU a frame of the
/// render thread, the whole process and the X server.
@MainActor
enum WindowLayersBenchmark {
    static let count = 1000, warmup = 2.0, measured = 10.0

    static func start(in window: LaminaWindow) {
        window.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        BenchmarkScenes.animatedSquares(count: count, in: window.rootLayer, size: window.contentSize)
        WindowSample.measure(window, warmup: warmup, seconds: measured) { first, last in
            report(first, last, interval: window.displayInterval)
            print("  render server: \(window.frameSummary)")
        }
    }

    static func report(_ first: WindowSample, _ last: WindowSample, interval: Double) {
        let wall = last.time - first.time
        let frames = max(1, last.frames - first.frames)
        let render = WindowSample.busiestThreadCPU(from: first, to: last)
        let process = last.process - first.process
        print("layers: \(count) squares 24x24 animating position and opacity, 1280x720 window, \(String(format: "%.1f", wall)) s")
        print(String(format: "  rate                %.1f frames/s (display %.1f Hz)", Double(last.frames - first.frames) / wall, 1 / interval))
        print(String(format: "  render thread CPU   %.2f ms a frame (%.0f %% of a core)", 1000 * render / Double(frames), 100 * render / wall))
        print(String(format: "  process CPU         %.2f ms a frame (%.0f %% of a core)", 1000 * process / Double(frames), 100 * process / wall))
        if let a = first.server, let b = last.server {
            print(String(format: "  X server CPU        %.2f ms a frame", 1000 * (b - a) / Double(frames)))
        }
        print(String(format: "  peak RSS            %.0f MB", CPUTime.peakResidentMB()))
        print("  threads (the render thread is the busiest after the main thread):")
        last.threadLines(since: first).forEach { print($0) }
    }
}
