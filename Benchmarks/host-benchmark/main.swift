// host-benchmark: what it costs to put a frame on screen, per path.
//
// For 1280x720 and 1920x1080, presents a full frame and a small damaged
// rectangle (64x64) through MIT-SHM (XShmPutImage, waiting for its
// ShmCompletion, plus the copy that brings the other buffer up to date)
// and through XPutImage (+ XSync), next to a plain memcpy of the same
// pixels. Prints median and mean milliseconds; passes or fails nothing.
//
// Run: scripts/bench-host.sh (starts Xvfb when DISPLAY is unset).
import Foundation
import LaminaHost
import QuartzCore

/// Milliseconds of `body`, `count` times after a few warm-up runs.
func milliseconds(_ count: Int, _ body: () -> Void) -> (median: Double, mean: Double) {
    for _ in 0..<3 { body() }
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples.reduce(0, +) / Double(samples.count))
}

func format(_ figure: (median: Double, mean: Double)?) -> String {
    guard let figure else { return "n/a".padding(toLength: 22, withPad: " ", startingAt: 0) }
    return String(format: "%8.4f / %8.4f ms  ", figure.median, figure.mean)
}

/// Fills `buffer` with a gradient so nothing compresses or short-cuts.
func paint(_ buffer: RasterBuffer) {
    for row in 0..<buffer.height {
        let line = (buffer.base + row * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
        for column in 0..<buffer.width { line[column] = 0xff00_0000 | UInt32(truncatingIfNeeded: row &* 7 &+ column) }
    }
}

let sizes = [(1280, 720), (1920, 1080)]
let small = 64
print("host-benchmark: median / mean of each operation")
var announced = false
for (width, height) in sizes {
    let full = PixelRect(x: 0, y: 0, width: width, height: height)
    let patch = PixelRect(x: width / 2 - small / 2, y: height / 2 - small / 2, width: small, height: small)
    var shm: [String: (median: Double, mean: Double)] = [:]
    var put: [String: (median: Double, mean: Double)] = [:]
    for sharedMemory in [true, false] {
        let probe: PresentationProbe
        do {
            probe = try PresentationProbe(displayName: nil, width: width, height: height, sharedMemory: sharedMemory)
        } catch {
            FileHandle.standardError.write(Data("host-benchmark: \(error)\n".utf8))
            exit(1)
        }
        if !announced {
            let pacing = probe.pacing()
            print(String(format: "display %@, paced at %.1f Hz (%@)", probe.displayName, 1 / pacing.interval,
                         pacing.source))
            print("size        damage      MIT-SHM present         XPutImage + XSync       memcpy")
            announced = true
        }
        paint(probe.target)
        probe.present([full])
        guard (probe.path == .sharedMemory) == sharedMemory else { continue }
        let fullFigure = milliseconds(height > 720 ? 60 : 100) { probe.present([full]) }
        let smallFigure = milliseconds(500) { probe.present([patch]) }
        if sharedMemory { shm = ["full": fullFigure, "small": smallFigure] } else { put = ["full": fullFigure, "small": smallFigure] }
    }
    let source = RasterBuffer(width: width, height: height)
    let destination = RasterBuffer(width: width, height: height)
    paint(source)
    let copyFull = milliseconds(100) {
        destination.base.copyMemory(from: source.base, byteCount: source.bytesPerRow * height)
    }
    let copySmall = milliseconds(500) {
        for row in patch.y..<patch.maxY {
            (destination.base + row * destination.bytesPerRow + patch.x * 4)
                .copyMemory(from: source.base + row * source.bytesPerRow + patch.x * 4, byteCount: patch.width * 4)
        }
    }
    let label = "\(width)x\(height)".padding(toLength: 12, withPad: " ", startingAt: 0)
    print(label + "full        " + format(shm["full"]) + format(put["full"]) + format(copyFull))
    print(label + "\(small)x\(small)       " + format(shm["small"]) + format(put["small"]) + format(copySmall))
}
