import BenchmarkSupport
import Foundation
import QuartzCore

/// The kiosk menu's render thread offscreen at 1280x720: the bloom pulsing,
/// the selection moved (its implicit 0.25 s animation) every 30 frames, on
/// a manual clock at 60 frames a second. Copies of the scene render
/// alternately: one adding the selection's glow in one pass as it is
/// composited (as shipped: eight pixels at a time where the processor has
/// AVX2, over the pixels kept under the ring while only it changes), one
/// repainting what is under the ring every frame (`LeafBackdrop` off), one
/// with the pass four pixels at a time (SSE2), one through pixman's three
/// passes, so each is measured against its baselines in the same run.
@MainActor
enum KioskFramesBenchmark {
    static let width = 1280, height = 720
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 1200
    static let warmup = min(60, frames)
    /// Whether frames are paced at display rate (`RENDER_BENCHMARK_PACED=1`).
    static let paced = ProcessInfo.processInfo.environment["RENDER_BENCHMARK_PACED"] == "1"
    /// Whether only the shipped copy renders (`RENDER_BENCHMARK_SHIPPED_ONLY=1`), to profile it alone.
    static let shippedOnly = ProcessInfo.processInfo.environment["RENDER_BENCHMARK_SHIPPED_ONLY"] == "1"

    private struct Copy {
        let loop: RenderLoop
        /// Kept alive here: a render host does not own its root layer.
        let root: CALayer
        let selection: CALayer
        /// Where the selection rests on each row.
        let rows: [CGPoint]
        var cpu: [Double] = []
        var moving: [Double] = []
        var pulsing: [Double] = []
        var damaged: [Double] = []
        var preparing: [Double] = []
        var compositing: [Double] = []
    }

    static func run() {
        MediaClock.withManualTime(1000) { clock in
            let wide = RenderLoop.processorHasWideVectors
            var variants = [(label: wide ? "one pass, AVX2 (shipped)" : "one pass, SSE2 (shipped)", onePass: true, wide: wide,
                             backdrop: true)]
            variants.append((label: "repainted under the ring", onePass: true, wide: wide, backdrop: false))
            if wide { variants.append((label: "one pass, SSE2          ", onePass: true, wide: false, backdrop: true)) }
            variants.append((label: "pixman's passes         ", onePass: false, wide: false, backdrop: false))
            var copies = variants.map { variant -> Copy in
                let loop = RenderLoop(presenter: DiscardingPresenter(width: width, height: height), interval: 1.0 / 60)
                loop.compositesBloomInOnePass = variant.onePass
                loop.bloomUsesWideVectors = variant.wide
                loop.drawsOverLeafBackdrops = variant.backdrop
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: width, height: height)
                let (selection, rows) = MenuScene.build(in: root, pulsing: true)
                root.attach(to: loop)
                CATransaction.flush()
                return Copy(loop: loop, root: root, selection: selection, rows: rows)
            }
            var selected = 0, step = 1
            var lastMove = -100
            for frame in 0..<(frames + warmup) {
                let time = clock.advance(by: 1.0 / 60)
                if frame % 30 == 15 {
                    // Down, Down, ..., then Up: the selection's implicit move.
                    if !MenuScene.rows.indices.contains(selected + step) { step = -step }
                    selected += step
                    for copy in copies { copy.selection.position = copy.rows[selected] }
                    CATransaction.flush()
                    lastMove = frame
                }
                let isMoving = frame - lastMove <= 15
                // Each frame a different copy goes first: the first after a
                // commit pays for more of it (two identical copies rendered in
                // a fixed order came out 4-8 % apart).
                let order = copies.indices.map { ($0 + frame) % copies.count }
                for index in order where index == 0 || !shippedOnly {
                    // Half a display interval apart, as a window paces them:
                    // what a frame costs includes refilling the caches the
                    // rest of the machine used meanwhile.
                    if paced { usleep(8_333) }
                    let before = CPUTime.currentThread()
                    let stats = copies[index].loop.renderFrame(at: time)
                    let cpu = CPUTime.currentThread() - before
                    guard frame >= warmup else { continue }
                    copies[index].cpu.append(cpu)
                    copies[index].damaged.append(Double(stats.damagedPixels))
                    copies[index].preparing.append(stats.evaluatingAnimations)
                    copies[index].compositing.append(stats.compositing)
                    if isMoving { copies[index].moving.append(cpu) } else { copies[index].pulsing.append(cpu) }
                }
            }
            let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
            func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
            print("kiosk: the kiosk menu's frames offscreen, 1280x720, bloom pulsing, selection moved every 30 frames, "
                  + "\(frames) frames each, render thread CPU; damage a frame: median "
                  + "\(Int(p(copies[0].damaged, 50)!)) pixels, mean \(Int(mean(copies[0].damaged)))")
            for (copy, label) in zip(copies, variants.map(\.label)) where !copy.cpu.isEmpty {
                print("  \(label)  mean \(ms(mean(copy.cpu))), median \(ms(p(copy.cpu, 50))); "
                      + "while moving \(ms(p(copy.moving, 50))), pulse only \(ms(p(copy.pulsing, 50))) (medians); "
                      + "prepare \(ms(p(copy.preparing, 50))), composite \(ms(p(copy.compositing, 50))); "
                      + "\(copy.loop.framesDrawnOverBackdrop) frames over a kept backdrop")
            }
            guard !shippedOnly else { return }
            for (copy, variant) in zip(copies, variants).dropFirst() {
                let name = variant.label.trimmingCharacters(in: .whitespaces)
                print(String(format: "  ratio               %.2fx (\(name) / shipped, means); while moving %.2fx, pulse only %.2fx",
                             mean(copy.cpu) / mean(copies[0].cpu),
                             p(copy.moving, 50)! / p(copies[0].moving, 50)!, p(copy.pulsing, 50)! / p(copies[0].pulsing, 50)!))
            }
        }
    }
}
