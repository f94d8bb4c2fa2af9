import BenchmarkSupport
import Foundation
import QuartzCore

/// 1000 still 24x24 squares at 1280x720 whose background colour animates
/// (a basic animation between two colours, autoreversing, forever), beside
/// the same squares whose opacity animates instead, timed alternately in
/// one run: what a new colour a frame costs over a new opacity a frame (a
/// dashboard's flashing tiles).
@MainActor
enum ColourLayersBenchmark {
    static let width = 1280, height = 720, count = 1000
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 300
    static let warmup = min(30, frames)

    private struct Copy {
        let loop: RenderLoop
        /// Kept alive here: a render host does not own its root layer.
        let root: CALayer
        var cpu: [Double] = []
        var preparing: [Double] = []
        var compositing: [Double] = []
    }

    static func run() {
        var copies = ["backgroundColor", "opacity"].map { keyPath -> Copy in
            let loop = RenderLoop(presenter: DiscardingPresenter(width: width, height: height), interval: 1.0 / 60)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            squares(animating: keyPath, in: root)
            root.attach(to: loop)
            CATransaction.flush()
            return Copy(loop: loop, root: root)
        }
        let start = CACurrentMediaTime()
        for frame in 0..<(frames + warmup) {
            let time = start + Double(frame) / 60
            for index in copies.indices {
                let before = CPUTime.currentThread()
                let stats = copies[index].loop.renderFrame(at: time)
                let cpu = CPUTime.currentThread() - before
                guard frame >= warmup else { continue }
                copies[index].cpu.append(cpu)
                copies[index].preparing.append(stats.evaluatingAnimations)
                copies[index].compositing.append(stats.compositing)
            }
        }
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        print("colours: \(count) still squares 24x24, 1280x720, \(frames) frames each, offscreen, render thread CPU")
        for (copy, label) in zip(copies, ["background colour animating", "opacity animating (baseline)"]) {
            print("  \(label.padding(toLength: 29, withPad: " ", startingAt: 0)) median \(ms(p(copy.cpu, 50))), "
                  + "p95 \(ms(p(copy.cpu, 95))); prepare \(ms(p(copy.preparing, 50))), composite \(ms(p(copy.compositing, 50)))")
        }
        print(String(format: "  ratio                         %.2fx (colour / opacity, medians)",
                     p(copies[0].cpu, 50)! / p(copies[1].cpu, 50)!))
    }

    /// The squares on a grid, each animating `keyPath`: between two
    /// colours, or between opacity 1 and 0.3, over 0.8 to 1.6 s.
    private static func squares(animating keyPath: String, in root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let columns = 42
        for index in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: 6 + (index % columns) * 30, y: 6 + (index / columns) * 30, width: 24, height: 24)
            let hue = CGFloat(index % 7) / 7
            let color = CGColor(red: 0.3 + 0.7 * hue, green: 0.9 - 0.6 * hue, blue: 0.5, alpha: 1)
            layer.backgroundColor = color
            let animation = CABasicAnimation(keyPath: keyPath)
            if keyPath == "opacity" {
                animation.fromValue = 1.0
                animation.toValue = 0.3
            } else {
                animation.fromValue = color
                animation.toValue = CGColor(red: 0.1, green: 0.2 + 0.5 * hue, blue: 0.9, alpha: 1)
            }
            animation.duration = 0.8 + Double(index % 3) * 0.4
            animation.autoreverses = true
            animation.repeatCount = .greatestFiniteMagnitude
            layer.add(animation, forKey: "change")
            root.addSublayer(layer)
        }
    }
}
