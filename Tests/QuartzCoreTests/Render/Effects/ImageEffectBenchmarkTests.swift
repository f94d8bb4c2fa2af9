import XCTest
@testable import QuartzCore

/// Benchmarks of the image effects: figures printed, never asserted.
///
/// Skipped unless `LAMINA_BENCHMARKS=1`; run optimized with
///
///     LAMINA_BENCHMARKS=1 swift test -c release -Xswiftc -enable-testing \
///         --disable-swift-testing --filter QuartzCoreTests.ImageEffectBenchmark
final class ImageEffectBenchmarkTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["LAMINA_BENCHMARKS"] == "1", "set LAMINA_BENCHMARKS=1 to run")
    }

    func testBlurFigures() {
        for (width, height) in [(400, 50), (1280, 720)] {
            let image = RasterBuffer.filled(width: width, height: height) { x, y in
                (x / 16 + y / 16) % 2 == 0 ? 0xFF30_60C0 : 0x8040_2010
            }
            let scratch = RasterBuffer(width: width, height: height)
            for radius in [1.5, 3, 10, 40] {
                report("gaussianBlur \(width)x\(height) radius \(radius)") {
                    image.withView { source in scratch.withView { ImageEffects.gaussianBlur(source: source, into: $0, radius: radius) } }
                }
            }
        }
    }

    func testShadowBloomAndPosterizeFigures() {
        let mask = RasterBuffer.filled(width: 400, height: 50) { _, _ in 0xFF00_0000 }
        let outset = ImageEffects.shadowOutset(forRadius: 10)
        let shadow = RasterBuffer(width: 400 + 2 * outset, height: 50 + 2 * outset)
        report("renderShadow 400x50 mask radius 10 (into \(shadow.width)x\(shadow.height))") {
            mask.withView { m in shadow.withView {
                ImageEffects.renderShadow(alphaMask: m, into: $0, color: .black, opacity: 0.5, radius: 10, offset: (x: Double(outset), y: Double(outset) + 3))
            } }
        }
        let image = RasterBuffer.filled(width: 1280, height: 720) { x, y in 0xFF00_0000 | UInt32(x % 256) << 16 | UInt32(y % 256) }
        let scratch = RasterBuffer(width: 1280, height: 720)
        report("bloom 1280x720 radius 10 intensity 0.5") {
            image.withView { source in scratch.withView { ImageEffects.bloom(source: source, into: $0, radius: 10, intensity: 0.5) } }
        }
        report("posterize 1280x720 levels 6") {
            scratch.withView { ImageEffects.posterize($0, levels: 6) }
        }
    }

    /// Runs `body` a few times and prints the median and fastest time: CPU
    /// time of this thread (steady on a shared machine) and wall time.
    private func report(_ label: String, runs: Int = 9, _ body: () -> Void) {
        body()   // warm up
        var cpu: [Double] = [], wall: [Double] = []
        for _ in 0..<runs {
            let cpuStart = threadCPUMilliseconds(), wallStart = DispatchTime.now().uptimeNanoseconds
            body()
            cpu.append(threadCPUMilliseconds() - cpuStart)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6)
        }
        cpu.sort()
        wall.sort()
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
        print("BENCH \(label): cpu median \(ms(cpu[runs / 2])) best \(ms(cpu[0])); wall median \(ms(wall[runs / 2]))")
    }

    private func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
