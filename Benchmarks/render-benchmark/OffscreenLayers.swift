import BenchmarkSupport
import CPixman
import Foundation
import QuartzCore

/// 1000 squares animating position and opacity at 1280x720: Lamina's render
/// loop frame by frame, and the bare pixman calls that draw the same squares
/// (clear, then one OVER with an opacity mask per square), timed alternately.
@MainActor
enum OffscreenLayersBenchmark {
    static let width = 1280, height = 720, count = 1000
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 600
    static let warmup = min(30, frames)

    static func run() {
        let loop = RenderLoop(presenter: DiscardingPresenter(width: width, height: height), interval: 1.0 / 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        BenchmarkScenes.animatedSquares(count: count, in: root, size: CGSize(width: width, height: height))
        root.attach(to: loop)
        CATransaction.flush()
        let baseline = BarePixmanSquares(width: width, height: height, count: count)

        let start = CACurrentMediaTime()
        var laminaTimes: [Double] = [], laminaCPU: [Double] = [], pixmanTimes: [Double] = []
        var evaluating: [Double] = [], compositing: [Double] = [], damaged: [Double] = []
        for frame in 0..<(frames + warmup) {
            let time = start + Double(frame) / 60
            let cpu0 = CPUTime.currentThread(), t0 = BenchmarkStatistics.now()
            let stats = loop.renderFrame(at: time)
            let t1 = BenchmarkStatistics.now(), cpu1 = CPUTime.currentThread()
            baseline.drawFrame(at: time - start)
            let t2 = BenchmarkStatistics.now()
            guard frame >= warmup else { continue }  // warm-up: caches, first full frame
            laminaTimes.append(t1 - t0)
            laminaCPU.append(cpu1 - cpu0)
            pixmanTimes.append(t2 - t1)
            evaluating.append(stats.evaluatingAnimations)
            compositing.append(stats.compositing)
            damaged.append(Double(stats.damagedPixels) / Double(max(1, stats.targetPixels)))
        }
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        let mean = laminaTimes.reduce(0, +) / Double(laminaTimes.count)
        let cpuMean = laminaCPU.reduce(0, +) / Double(laminaCPU.count)
        let laminaMedian = p(laminaTimes, 50)!, pixmanMedian = p(pixmanTimes, 50)!
        print("layers: \(count) squares 24x24 animating position and opacity, 1280x720, \(frames) frames, offscreen")
        print("  Lamina frame   median \(ms(laminaMedian)), p95 \(ms(p(laminaTimes, 95))), "
              + "CPU \(ms(cpuMean)) a frame (render thread) -> \(String(format: "%.0f", 1 / mean)) frames/s on one core")
        print("    of which     prepare (evaluate, draw nodes, damage) \(ms(p(evaluating, 50))), composite \(ms(p(compositing, 50))), "
              + "damaged \(String(format: "%.0f", 100 * p(damaged, 50)!)) % of the target")
        print("  bare pixman    median \(ms(pixmanMedian)), p95 \(ms(p(pixmanTimes, 95))) (clear + \(count) OVER with opacity mask)")
        print(String(format: "  ratio          %.2fx (Lamina / pixman, medians)", laminaMedian / pixmanMedian))
    }
}

/// The same squares drawn with bare pixman calls: 24x24 images of the same
/// colours, one solid alpha mask per opacity level, positions and opacities
/// from the same linear back-and-forth curves, whole-pixel positions.
final class BarePixmanSquares {
    let width: Int, height: Int, count: Int
    private let pixels: UnsafeMutablePointer<UInt32>
    private let destination: OpaquePointer
    private var sources: [OpaquePointer] = []
    private var masks: [OpaquePointer] = []
    private var squares: [(x: Double, y: Double, move: Double, fade: Double, color: Int)] = []

    init(width: Int, height: Int, count: Int) {
        self.width = width; self.height = height; self.count = count
        pixels = .allocate(capacity: width * height)
        destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels, Int32(width * 4))
        for index in 0..<7 {
            let hue = Double(index) / 7
            var color = pixman_color_t(red: UInt16((0.3 + 0.7 * hue) * 65535), green: UInt16((0.9 - 0.6 * hue) * 65535),
                                       blue: 32767, alpha: 65535)
            let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, 24, 24, nil, 0)!
            pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &color, 1, [pixman_rectangle16_t(x: 0, y: 0, width: 24, height: 24)])
            sources.append(image)
        }
        for level in 0...255 {
            var alpha = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(level * 257))
            masks.append(pixman_image_create_solid_fill(&alpha))
        }
        let columns = Int((Double(count) * Double(width) / Double(height)).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let cell = (w: Double(width) / Double(columns), h: Double(height) / Double(rows))
        for index in 0..<count {
            squares.append((x: (Double(index % columns) + 0.5) * cell.w, y: (Double(index / columns) + 0.5) * cell.h,
                            move: 1 + Double(index % 5) * 0.5, fade: 0.8 + Double(index % 3) * 0.4, color: index % 7))
        }
    }

    /// Draws the frame `elapsed` seconds into the animations.
    func drawFrame(at elapsed: Double) {
        pixels.update(repeating: 0xFF00_0000, count: width * height)
        for square in squares {
            let f = Self.backAndForth(elapsed, duration: square.move)
            let opacity = 1 - 0.7 * Self.backAndForth(elapsed, duration: square.fade)
            let x = Int32((square.x + 40 * f - 12).rounded()), y = Int32((square.y + 20 * f - 12).rounded())
            pixman_image_composite32(PIXMAN_OP_OVER, sources[square.color], masks[Int(opacity * 255)], destination,
                                     0, 0, 0, 0, x, y, 24, 24)
        }
    }

    /// 0 -> 1 -> 0 over twice `duration` (an autoreversing linear animation).
    static func backAndForth(_ time: Double, duration: Double) -> Double {
        let phase = (time / duration).truncatingRemainder(dividingBy: 2)
        return phase < 1 ? phase : 2 - phase
    }
}
