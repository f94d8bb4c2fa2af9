import BenchmarkSupport
import Foundation
import LaminaHost
import QuartzCore

/// The least a changing frame can cost in a Lamina window: one opaque
/// layer as big as the kiosk selection's glow (432x80) whose opacity
/// animates forever, so every frame composites one solid colour through an
/// opacity mask and presents that rectangle, and nothing else. Over 10 s after 2 s of warm-up: the rate and
/// the CPU a frame of the process, its render thread and the X server. What
/// the kiosk costs above this is its drawing; this much is waking, the
/// frame's bookkeeping and presenting (docs/performance.md, under the
/// kiosk menu's target).
@MainActor
enum FloorBenchmark {
    static let warmup = 2.0
    /// Seconds measured; `LAMINA_BENCH_SECONDS` changes it (to profile longer).
    static let measured = Double(ProcessInfo.processInfo.environment["LAMINA_BENCH_SECONDS"] ?? "") ?? 10

    /// The patch's size: the kiosk glow's, or `LAMINA_FLOOR_PATCH=WxH`
    /// (4x4: what a frame costs with next to nothing to draw).
    static let patchSize: CGSize = {
        let parts = (ProcessInfo.processInfo.environment["LAMINA_FLOOR_PATCH"] ?? "").split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return CGSize(width: 432, height: 80)
        }
        return CGSize(width: width, height: height)
    }()

    static func start(in window: LaminaWindow) {
        window.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let patch = CALayer()
        patch.frame = CGRect(origin: CGPoint(x: 424, y: 320), size: patchSize)
        patch.backgroundColor = CGColor(gray: 0.6, alpha: 1)
        // Opacity, not colour: a new colour is a new bitmap to rasterize
        // (a one-pixel probe through cairo), a new opacity only a new mask.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.4
        fade.duration = 1
        fade.autoreverses = true
        fade.repeatCount = .greatestFiniteMagnitude
        patch.add(fade, forKey: "fade")
        window.rootLayer.addSublayer(patch)
        WindowSample.measure(window, warmup: warmup, seconds: measured) { first, last in
            report(first, last, interval: window.displayInterval)
        }
    }

    static func report(_ first: WindowSample, _ last: WindowSample, interval: Double) {
        let wall = last.time - first.time
        let frames = max(1, last.frames - first.frames)
        let render = WindowSample.busiestThreadCPU(from: first, to: last)
        let process = last.process - first.process
        print("floor: one \(Int(patchSize.width))x\(Int(patchSize.height)) layer fading every frame, 1280x720 window, \(String(format: "%.1f", wall)) s")
        print(String(format: "  rate                %.1f frames/s (display %.1f Hz)", Double(frames) / wall, 1 / interval))
        print(String(format: "  render thread CPU   %.3f ms a frame", 1000 * render / Double(frames)))
        print(String(format: "  process CPU         %.3f ms a frame", 1000 * process / Double(frames)))
        if let a = first.server, let b = last.server {
            print(String(format: "  X server CPU        %.3f ms a frame", 1000 * (b - a) / Double(frames)))
        }
    }
}
