// render-benchmark: the render side alone, offscreen, next to a baseline
// measured in the same run. Figures, never pass or fail.
//
//   swift run -c release render-benchmark [layers|transformed|evaluation|kiosk|colours|coverflow|commits]...
//   (default: the first five)
//
// layers:     1000 layers animating position and opacity at 1280x720,
//             rendered frame after frame (RenderLoop, frames discarded),
//             beside the bare pixman calls for the same squares.
// transformed: one 400x300 layer rotated, scaled or turned in perspective,
//             bilinear, beside pixman's general path for the same pixels
//             (and, for the scale, pixman's SSE2 scaled loop too).
// evaluation: 10,000 running animations (basic, keyframe, spring, colour)
//             evaluated per frame, beside the same curves in plain Swift.
// kiosk:      the kiosk menu's frames (bloom pulse, selection moving), the
//             selection's glow added in one pass beside pixman's passes.
// colours:    1000 still squares whose background colour animates, beside
//             the same squares whose opacity animates.
// coverflow:  cover flow's frames at 1920x1080 (RENDER_BENCHMARK_SIZE), the
//             focus moving as the demo's keys move it; no baseline.
// commits:    1000 layers' model positions changed and committed each
//             frame (the app thread's side), beside the same with no host.
import BenchmarkSupport
import Foundation
import QuartzCore

let modes = CommandLine.arguments.dropFirst().isEmpty ? ["layers", "transformed", "evaluation", "kiosk", "colours"] : Array(CommandLine.arguments.dropFirst())
print("render-benchmark, \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(BenchmarkStatistics.loadAverage())")
for mode in modes {
    switch mode {
    case "layers": OffscreenLayersBenchmark.run()
    case "transformed": TransformedLayersBenchmark.run()
    case "evaluation": EvaluationBenchmark.run()
    case "kiosk": KioskFramesBenchmark.run()
    case "colours": ColourLayersBenchmark.run()
    case "coverflow": CoverFlowFramesBenchmark.run()
    case "commits": CommitsBenchmark.run()
    default:
        FileHandle.standardError.write(Data("render-benchmark: unknown mode \(mode) (layers, transformed, evaluation, kiosk, colours, coverflow, commits)\n".utf8))
        exit(2)
    }
}
