import BenchmarkSupport
import Foundation
import QuartzCore

/// 10,000 running animations (2,500 layers, each with a basic position
/// move, a keyframe opacity, a spring scale and a basic colour) evaluated at
/// successive frame times: Lamina's render-side evaluation, and the same
/// curves computed in plain Swift (the arithmetic alone), timed alternately.
@MainActor
enum EvaluationBenchmark {
    /// Layers (four animations each); `RENDER_BENCHMARK_LAYERS` changes it (250 fit in the caches, which shows what memory costs).
    static let layers = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_LAYERS"] ?? "") ?? 2_500
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 200
    static let warmup = min(20, frames)

    static func run() {
        let loop = RenderLoop(presenter: DiscardingPresenter(width: 1280, height: 720), interval: 1.0 / 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        BenchmarkScenes.animationMix(layers: layers, in: root)
        root.attach(to: loop)
        CATransaction.flush()
        _ = loop.renderFrame(at: CACurrentMediaTime())  // applies the commit
        let curves = PlainCurves(count: layers)

        let start = CACurrentMediaTime()
        var lamina: [Double] = [], plain: [Double] = []
        var running = 0, sink = 0.0
        for frame in 0..<(frames + warmup) {
            let time = start + Double(frame) / 60
            let t0 = BenchmarkStatistics.now()
            let result = loop.evaluateAnimations(at: time)
            let t1 = BenchmarkStatistics.now()
            sink += curves.evaluate(at: time - start)
            let t2 = BenchmarkStatistics.now()
            sink += result.opacitySum
            running = result.runningAnimations
            guard frame >= warmup else { continue }
            lamina.append(t1 - t0)
            plain.append(t2 - t1)
        }
        // The whole prepare phase (evaluation, geometry, draw nodes, damage) for context.
        var prepare: [Double] = []
        let prepareFrames = min(40, frames)
        for frame in 0..<prepareFrames {
            let stats = loop.renderFrame(at: start + Double(frames + warmup + frame) / 60)
            if frame >= prepareFrames / 4 { prepare.append(stats.evaluatingAnimations) }
        }
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        print("evaluation: \(running) running animations on \(layers) layers (basic, keyframe, spring, colour), \(frames) frames")
        print("  Lamina evaluation   median \(ms(p(lamina, 50))), p95 \(ms(p(lamina, 95))) a frame")
        print("  plain Swift curves  median \(ms(p(plain, 50))), p95 \(ms(p(plain, 95))) a frame")
        print(String(format: "  ratio               %.1fx (Lamina / plain)", p(lamina, 50)! / p(plain, 50)!))
        print("  whole prepare phase median \(ms(p(prepare, 50))) a frame (evaluation + geometry + draw nodes + damage)")
        blackHole(sink)
    }
}

/// The same four curves per layer as plain arithmetic on doubles.
struct PlainCurves {
    let count: Int

    /// The sum of every evaluated value (so none is optimized away).
    func evaluate(at elapsed: Double) -> Double {
        var sum = 0.0
        let spring = (omega: 10.0, zeta: 0.4)  // stiffness 100, mass 1, damping 8
        for index in 0..<count {
            // Basic position, ease-in-ease-out, 2 s autoreversing.
            let f = Self.easeInOut(Self.backAndForth(elapsed, duration: 2))
            let x = Double(index % 100 * 12) + 30 * f, y = Double(index / 100 * 12) + 10 * f
            // Keyframe opacity, 1.5 s, linear segments.
            let k = (elapsed / 1.5).truncatingRemainder(dividingBy: 1)
            let times = [0.0, 0.3, 0.7, 1.0], values = [1.0, 0.2, 0.8, 1.0]
            var segment = 0
            while segment < 2, k > times[segment + 1] { segment += 1 }
            let opacity = values[segment] + (values[segment + 1] - values[segment])
                * (k - times[segment]) / (times[segment + 1] - times[segment])
            // Spring scale, damped oscillator.
            let s = elapsed.truncatingRemainder(dividingBy: 2)
            let envelope = exp(-spring.zeta * spring.omega * s)
            let scale = 1 - 0.5 * envelope * cos(spring.omega * (1 - spring.zeta * spring.zeta).squareRoot() * s)
            // Basic colour, 3 s autoreversing.
            let c = Self.backAndForth(elapsed, duration: 3)
            sum += x + y + opacity + scale + (1 - c) + c
        }
        return sum
    }

    static func backAndForth(_ time: Double, duration: Double) -> Double {
        let phase = (time / duration).truncatingRemainder(dividingBy: 2)
        return phase < 1 ? phase : 2 - phase
    }

    /// cubic-bezier(0.42, 0, 0.58, 1) solved for x by Newton's method.
    static func easeInOut(_ x: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var t = x
        for _ in 0..<6 {
            let dx = (bezier(0.42, 0.58, t + 1e-6) - bezier(0.42, 0.58, t)) / 1e-6
            guard abs(dx) > 1e-9 else { break }
            t -= (bezier(0.42, 0.58, t) - x) / dx
        }
        return bezier(0, 1, t)
    }
}
