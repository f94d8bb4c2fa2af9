import BenchmarkSupport
import Foundation
import QuartzCore

/// Cover flow's frames offscreen (demos/cover-flow): nine 256x256 covers,
/// each with its faint mirror image under it, in perspective at
/// 1920x1080 (`RENDER_BENCHMARK_SIZE=1280x720` for the smaller window),
/// the focus moved Right, Right, Left, Left with the demo's implicit
/// 0.4 s ease-out move every 30 frames on a manual clock at 60 frames a
/// second, as `scripts/measure-demos.sh` drives the demo. Every frame is
/// timed on the wall clock (the compositing threads share its
/// perspective layers), frames discarded: no X server, so two builds can
/// be compared side by side without Xvfb's noise.
@MainActor
enum CoverFlowFramesBenchmark {
    /// Frames timed; `RENDER_BENCHMARK_FRAMES` lowers it (for profiling under callgrind).
    static let frames = Int(ProcessInfo.processInfo.environment["RENDER_BENCHMARK_FRAMES"] ?? "") ?? 600
    static let warmup = min(30, frames)
    static let size: (width: Int, height: Int) = {
        let parts = (ProcessInfo.processInfo.environment["RENDER_BENCHMARK_SIZE"] ?? "").split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 && parts.allSatisfy({ $0 > 0 }) ? (parts[0], parts[1]) : (1920, 1080)
    }()

    static func run() {
        MediaClock.withManualTime(1000) { clock in
            let (width, height) = size
            let loop = RenderLoop(presenter: DiscardingPresenter(width: width, height: height), interval: 1.0 / 60)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let scene = Scene(in: root)
            root.attach(to: loop)
            CATransaction.flush()
            var moving: [Double] = [], all: [Double] = [], movingCPU: [Double] = []
            var lastMove = -100
            let steps = [1, 1, -1, -1]
            for frame in 0..<(frames + warmup) {
                let time = clock.advance(by: 1.0 / 60)
                if frame % 30 == 0 {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0.4)
                    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
                    scene.focus += steps[(frame / 30) % steps.count]
                    scene.layout()
                    CATransaction.commit()
                    CATransaction.flush()
                    lastMove = frame
                }
                let start = BenchmarkStatistics.now(), cpuStart = CPUTime.process()
                _ = loop.renderFrame(at: time)
                let seconds = BenchmarkStatistics.now() - start, cpu = CPUTime.process() - cpuStart
                guard frame >= warmup else { continue }
                all.append(seconds)
                if frame - lastMove < 24 {
                    moving.append(seconds)
                    movingCPU.append(cpu)
                }
            }
            let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
            print("coverflow: cover flow's frames offscreen, \(width)x\(height), 9 covers and reflections, "
                  + "a 0.4 s move every 30 frames, \(frames) frames, wall clock, \(CompositingThreads.count) compositing threads")
            print("  while moving  median \(ms(p(moving, 50))), p95 \(ms(p(moving, 95))), p99 \(ms(p(moving, 99))) "
                  + "(\(moving.count) frames); all frames median \(ms(p(all, 50))); process CPU while moving: median "
                  + "\(ms(p(movingCPU, 50))) (the compositing workers' polling included)")
        }
    }

    /// The demo's layers: a stage with the perspective, covers placed as
    /// `CoverPlacement` in demos/cover-flow places them.
    private final class Scene {
        let covers: [CALayer]
        let coverSize: CGFloat
        let center: CGPoint
        var focus = 4

        init(in root: CALayer) {
            let size = root.bounds.size
            let coverSize = min(size.height * 0.5, size.width * 0.3).rounded()
            self.coverSize = coverSize
            center = CGPoint(x: size.width / 2, y: size.height * 0.45)
            let stage = CALayer()
            stage.frame = root.bounds
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / (3 * coverSize)
            stage.sublayerTransform = perspective
            root.addSublayer(stage)
            covers = (0..<9).map { index in
                let image = CoverFlowFramesBenchmark.coverImage(index)
                let cover = CALayer()
                cover.bounds = CGRect(x: 0, y: 0, width: coverSize, height: coverSize)
                cover.contents = image
                cover.contentsGravity = .resizeAspectFill
                let mirror = CALayer()
                mirror.contents = image
                mirror.contentsGravity = .resizeAspectFill
                mirror.transform = CATransform3DMakeScale(1, -1, 1)
                mirror.opacity = 0.22
                mirror.frame = CGRect(x: 0, y: coverSize + 4, width: coverSize, height: coverSize)
                cover.addSublayer(mirror)
                stage.addSublayer(cover)
                return cover
            }
            layout()
        }

        /// demos/cover-flow's `CoverPlacement` for each cover.
        func layout() {
            for (index, cover) in covers.enumerated() {
                let offset = CGFloat(index - focus)
                let side: CGFloat = offset < 0 ? -1 : 1, steps = abs(offset), nearness = min(steps, 1)
                let x = nearness * coverSize * 0.75 + max(steps - 1, 0) * coverSize * 0.2
                cover.position = CGPoint(x: center.x + side * x, y: center.y)
                cover.zPosition = steps <= 1 ? coverSize * (0.2 - 0.4 * steps) : -coverSize * (0.15 + 0.05 * steps)
                let turn = side * nearness
                cover.transform = turn == 0 ? CATransform3DIdentity : CATransform3DMakeRotation(turn * 1.05, 0, 1, 0)
            }
        }
    }

    /// An opaque 256x256 cover: a diagonal gradient in a colour of its own,
    /// with stripes, as the demo's covers (assets/covers) are.
    nonisolated static func coverImage(_ index: Int) -> CGImage {
        let hue = UInt32(index * 28)
        return CGImage(storage: PixelStorage(width: 256, height: 256) { base, stride in
            for y in 0..<256 {
                for x in 0..<256 {
                    let stripe: UInt32 = (x + y) % 48 < 4 ? 80 : 0
                    let r = min(255, (UInt32(x) + hue) % 256 / 2 + stripe), g = min(255, UInt32(y) / 2 + stripe)
                    let b = min(255, (UInt32(x + y) / 2 + hue) % 256 / 2 + stripe)
                    base.storeBytes(of: 0xFF00_0000 | r << 16 | g << 8 | b, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        })
    }
}
