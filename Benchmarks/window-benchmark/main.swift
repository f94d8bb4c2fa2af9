// window-benchmark: what a Lamina window costs under an X server (Xvfb).
// Figures, never pass or fail. Needs DISPLAY (scripts/bench-all.sh starts
// a private Xvfb); LAMINA_BENCH_XSERVER_PID, when set, adds the X server's
// CPU to the figures.
//
//   swift run -c release window-benchmark idle      # a static scene, 10 s: frames and CPU
//   swift run -c release window-benchmark layers    # 1000 layers animating, 10 s: rate and CPU a frame
//   swift run -c release window-benchmark latency   # 100 XTest key presses and 100 clicks: press -> frame percentiles
//   swift run -c release window-benchmark floor     # one 432x80 fill a frame, 10 s: the least a changing frame costs (LAMINA_FLOOR_PATCH=4x4: next to nothing drawn)
//   swift run -c release window-benchmark frame-rate  # the kiosk's pulse at the display's rate, then asking for 30/s
//
// One mode a process, so that no mode's threads or caches colour another's.
import BenchmarkSupport
import Foundation
import LaminaHost
import QuartzCore

let mode = CommandLine.arguments.dropFirst().first ?? "idle"
var settings = LaminaWindow.Settings.environment
if mode == "latency" {
    // The latency is read back from the window's trace.
    settings.traceFile = LatencyBenchmark.tracePath
}
let window: LaminaWindow
do {
    window = try LaminaWindow(title: "window-benchmark \(mode)", contentSize: CGSize(width: 1280, height: 720),
                              settings: settings)
} catch {
    FileHandle.standardError.write(Data("window-benchmark: \(error)\n".utf8))
    exit(1)
}
print("window-benchmark \(mode): 1280x720 on \(window.displayName), display interval "
      + "\(BenchmarkStatistics.ms(window.displayInterval, digits: 2)) (\(window.pacingSource)), "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores, load \(BenchmarkStatistics.loadAverage())")
switch mode {
case "idle": IdleBenchmark.start(in: window)
case "layers": WindowLayersBenchmark.start(in: window)
case "latency": LatencyBenchmark.start(in: window)
case "floor": FloorBenchmark.start(in: window)
case "frame-rate": FrameRateBenchmark.start(in: window)
default:
    FileHandle.standardError.write(Data("window-benchmark: unknown mode \(mode) (idle, layers, latency, floor, frame-rate)\n".utf8))
    exit(2)
}
window.makeKeyAndOrderFront(nil)
LaminaApplication.shared.run()
