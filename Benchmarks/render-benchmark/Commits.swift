import BenchmarkSupport
import Foundation
import QuartzCore
import Synchronization

/// The app thread's side of a commit: 1000 layers whose model position
/// changes every frame with actions disabled (a dashboard moving its
/// marks), committed to a render loop. Timed: setting the positions and
/// the flush that builds and sends the commit, with each changed layer's
/// state brought up to date from the keys set (as shipped) and built whole
/// (`CommittedLayerState.buildsWholeStates`, as before); beside them, the
/// same sets and flush with no host (no commit built). The three take
/// turns frame by frame.
@MainActor
enum CommitsBenchmark {
    static let layers = 1_000
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 200

    static func run() {
        print("commits: \(layers) layers, each one's position set a frame with actions disabled, \(frames) frames")
        let loop = RenderLoop(presenter: DiscardingPresenter(width: 1280, height: 720), interval: 1.0 / 60)
        let attached = scene(), detached = scene()
        attached.root.attach(to: loop)
        defer { attached.root.detachFromHost() }
        CATransaction.flush()
        _ = loop.renderFrame(at: CACurrentMediaTime())
        var updated: [Double] = [], whole: [Double] = [], notCommitted: [Double] = []
        for frame in 0..<(frames + 10) {
            for (target, variant) in [(attached, 0), (attached, 1), (detached, 2)] {
                CommittedLayerState.buildsWholeStates.store(variant == 1, ordering: .relaxed)
                let t0 = BenchmarkStatistics.now()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for (index, layer) in target.marks.enumerated() {
                    layer.position = CGPoint(x: 20 + Double((index * 37 + frame) % 1240), y: 20 + Double(index % 680))
                }
                CATransaction.commit()
                CATransaction.flush()
                let t1 = BenchmarkStatistics.now()
                guard frame >= 10 else { continue }
                switch variant {
                case 0: updated.append(t1 - t0)
                case 1: whole.append(t1 - t0)
                default: notCommitted.append(t1 - t0)
                }
            }
            if frame.isMultiple(of: 8) { _ = loop.renderFrame(at: CACurrentMediaTime()) }  // keeps the inbox drained
        }
        CommittedLayerState.buildsWholeStates.store(false, ordering: .relaxed)
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        print("  states updated by key (shipped) median \(ms(p(updated, 50))), p95 \(ms(p(updated, 95))) a frame")
        print("  states built whole (before)     median \(ms(p(whole, 50))), p95 \(ms(p(whole, 95))) a frame")
        print("  no host (no commit built)       median \(ms(p(notCommitted, 50))), p95 \(ms(p(notCommitted, 95))) a frame")
        if let a = p(updated, 50), let b = p(whole, 50), let none = p(notCommitted, 50) {
            print(String(format: "  the commit alone                %.1f us a changed layer updated by key, %.1f us built whole: %.2fx",
                         (a - none) * 1e6 / Double(layers), (b - none) * 1e6 / Double(layers), (b - none) / (a - none)))
        }
    }

    static func scene() -> (root: CALayer, marks: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        let marks = (0..<layers).map { index -> CALayer in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            layer.backgroundColor = CGColor(red: 0.2, green: Double(index % 10) / 10, blue: 0.8, alpha: 1)
            layer.cornerRadius = 4
            root.addSublayer(layer)
            return layer
        }
        return (root, marks)
    }
}
