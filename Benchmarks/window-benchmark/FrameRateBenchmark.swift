import BenchmarkSupport
import Foundation
import LaminaHost
import QuartzCore

/// What a lower preferred frame rate saves: the kiosk menu's glow pulsing
/// forever, first at the display's rate, then with the same pulse asking
/// for 30 frames a second (`CAAnimation.preferredFrameRateRange`), each
/// measured for `measured` seconds after a second to settle: frames a
/// second and the process's CPU a second, and the ratio of the two runs.
@MainActor
enum FrameRateBenchmark {
    static let settle = 1.0
    static let measured = Double(ProcessInfo.processInfo.environment["LAMINA_BENCH_SECONDS"] ?? "") ?? 5

    static func start(in window: LaminaWindow) {
        let (selection, _) = MenuScene.build(in: window.rootLayer, pulsing: true)
        measure(window) { native in
            // The same pulse, asking for 30 frames a second.
            guard let pulse = selection.animation(forKey: MenuScene.pulseKey)?.copy() as? CAAnimation else { return }
            pulse.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
            pulse.beginTime = 0
            selection.add(pulse, forKey: MenuScene.pulseKey)
            measure(window) { slow in
                report(native: native, slow: slow, interval: window.displayInterval)
                window.close()
            }
        }
    }

    /// Frames and process CPU a second over `measured` seconds after `settle`.
    private static func measure(_ window: LaminaWindow, then: @escaping @MainActor ((fps: Double, cpu: Double)) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + settle) {
            let first = WindowSample(window)
            DispatchQueue.main.asyncAfter(deadline: .now() + measured) {
                let last = WindowSample(window)
                let wall = last.time - first.time
                then((Double(last.frames - first.frames) / wall, (last.process - first.process) / wall))
            }
        }
    }

    private static func report(native: (fps: Double, cpu: Double), slow: (fps: Double, cpu: Double), interval: Double) {
        print(String(format: "frame-rate: the kiosk menu's pulse, 1280x720, display %.1f Hz, %.0f s each", 1 / interval, measured))
        print(String(format: "  display rate        %.1f frames/s, process CPU %.1f %% of a core", native.fps, 100 * native.cpu))
        print(String(format: "  asking for 30/s     %.1f frames/s, process CPU %.1f %% of a core", slow.fps, 100 * slow.cpu))
        print(String(format: "  ratio               %.2fx the frames, %.2fx the CPU (30/s / display rate)",
                     slow.fps / max(native.fps, 1e-9), slow.cpu / max(native.cpu, 1e-9)))
    }
}
