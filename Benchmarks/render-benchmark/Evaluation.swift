import BenchmarkSupport
import Foundation
import QuartzCore

/// 10,000 running animations (2,500 layers, each with a basic position
/// move, a keyframe opacity, a spring scale and a basic colour) evaluated at
/// successive frame times: Lamina's render-side evaluation, and the same
/// curves computed in plain Swift (the arithmetic alone), timed alternately.
///
/// Twice: with the animations committed together, as one transaction
/// gives them, so that those of a kind share their timing (Lamina then
/// works each timing out once a frame, `TimingCurve`); and with every
/// layer's animations a little further into their cycles (`timeOffset`),
/// so that no two layers share a timing and every animation is worked out
/// on its own. Every other frame walks without loading the next layers'
/// data ahead, to show what that buys.
@MainActor
enum EvaluationBenchmark {
    /// Layers (four animations each); `RENDER_BENCHMARK_LAYERS` changes it (250 fit in the caches, which shows what memory costs).
    static let layers = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_LAYERS"] ?? "") ?? 2_500
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 300
    static let warmup = min(20, frames)
    /// How much further into its cycles each layer's animations are in the second run.
    static let staggerStep = 0.0007

    /// The two scenes; `RENDER_BENCHMARK_TIMINGS=shared` or `own` runs one (for profiling).
    static let scenes: [(label: String, step: Double)] = {
        let all = [("committed together (a timing per kind)", 0.0), ("each layer its own timing", staggerStep)]
        switch ProcessInfo.processInfo.environment["RENDER_BENCHMARK_TIMINGS"] {
        case "shared": return [all[0]]
        case "own": return [all[1]]
        default: return all
        }
    }()

    static func run() {
        print("evaluation: \(layers * 4) running animations on \(layers) layers (basic, keyframe, spring, colour), \(frames) frames")
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        for (label, step) in scenes {
            let (lamina, withoutLookAhead, plain, running, prepare) = measure(timeOffsetStep: step)
            let padded = label.padding(toLength: 40, withPad: " ", startingAt: 0)
            let name = step == 0 ? "Lamina evaluation  " : "Lamina, own timings"
            print("  \(padded) \(running) running")
            print("    \(name) median \(ms(p(lamina, 50))), p95 \(ms(p(lamina, 95))) a frame")
            let lookAheadRatio = p(withoutLookAhead, 50).flatMap { without in p(lamina, 50).map { without / $0 } }
            print("    not loading ahead   median \(ms(p(withoutLookAhead, 50))) a frame, frames alternated with the above"
                  + (lookAheadRatio.map { String(format: " (%.2fx)", $0) } ?? ""))
            print("    plain Swift curves  median \(ms(p(plain, 50))), p95 \(ms(p(plain, 95))) a frame")
            if let laminaMedian = p(lamina, 50), let plainMedian = p(plain, 50) {
                print(String(format: "    ratio               %.1fx (Lamina / plain)", laminaMedian / plainMedian))
            }
            print("    whole prepare phase median \(ms(p(prepare, 50))) a frame (evaluation + geometry + draw nodes + damage)")
        }
    }

    /// Lamina's times a frame (as shipped, and on alternate frames without
    /// loading the next layers' data ahead, `NodeView.prefetchAhead`), the
    /// plain curves' times, the animations running, and the whole prepare
    /// phase's times, for the scene with `timeOffsetStep`.
    static func measure(timeOffsetStep: Double)
        -> (lamina: [Double], withoutLookAhead: [Double], plain: [Double], running: Int, prepare: [Double]) {
        let loop = RenderLoop(presenter: DiscardingPresenter(width: 1280, height: 720), interval: 1.0 / 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        BenchmarkScenes.animationMix(layers: layers, in: root, timeOffsetStep: timeOffsetStep)
        root.attach(to: loop)
        defer { root.detachFromHost() }
        CATransaction.flush()
        _ = loop.renderFrame(at: CACurrentMediaTime())  // applies the commit
        let curves = PlainCurves(count: layers, timeOffsetStep: timeOffsetStep)

        let start = CACurrentMediaTime()
        var lamina: [Double] = [], withoutLookAhead: [Double] = [], plain: [Double] = []
        var running = 0, sink = 0.0
        for frame in 0..<(frames + warmup) {
            let time = start + Double(frame) / 60
            let t0 = BenchmarkStatistics.now()
            let result = loop.evaluateAnimations(at: time, prefetchingAhead: frame.isMultiple(of: 2))
            let t1 = BenchmarkStatistics.now()
            sink += curves.evaluate(at: time - start)
            let t2 = BenchmarkStatistics.now()
            sink += Double(result.layers)
            running = result.runningAnimations
            guard frame >= warmup else { continue }
            if frame.isMultiple(of: 2) { lamina.append(t1 - t0) } else { withoutLookAhead.append(t1 - t0) }
            plain.append(t2 - t1)
        }
        // The whole prepare phase (evaluation, geometry, draw nodes, damage) for context.
        var prepare: [Double] = []
        let prepareFrames = min(40, frames)
        for frame in 0..<prepareFrames {
            let stats = loop.renderFrame(at: start + Double(frames + warmup + frame) / 60)
            if frame >= prepareFrames / 4 { prepare.append(stats.evaluatingAnimations) }
        }
        blackHole(sink)
        return (lamina, withoutLookAhead, plain, running, prepare)
    }
}

/// The same four curves per layer as plain arithmetic on doubles.
struct PlainCurves {
    let count: Int
    /// How much further into its cycles each layer is than the one before.
    var timeOffsetStep = 0.0

    /// The sum of every evaluated value (so none is optimized away).
    func evaluate(at elapsed: Double) -> Double {
        var sum = 0.0
        let spring = (omega: 10.0, zeta: 0.4)  // stiffness 100, mass 1, damping 8
        for index in 0..<count {
            let elapsed = elapsed + Double(index) * timeOffsetStep
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
