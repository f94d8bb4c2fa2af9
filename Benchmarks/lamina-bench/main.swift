// lamina-bench: prints what frames cost, next to the bare library calls for
// the same pixels measured in the same run. Figures, never pass or fail.
//
//   swift run -c release lamina-bench
import CPixman
import Foundation
import QuartzCore

/// Median seconds of `runs` calls of `body`, after `warmup` untimed ones.
func median(runs: Int = 40, warmup: Int = 5, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[runs / 2]
}

func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

/// A solid image of `width` x `height` in the working format.
func solidImage(width: Int, height: Int, argb: UInt32) -> CGImage {
    CGImage(storage: PixelStorage(width: width, height: height) { base, stride in
        for y in 0..<height { for x in 0..<width { base.storeBytes(of: argb, toByteOffset: y * stride + x * 4, as: UInt32.self) } }
    })
}

let width = 1920, height = 1080
let tile = solidImage(width: 160, height: 90, argb: 0xFF30_60C0)
let card = solidImage(width: 400, height: 300, argb: 0xFFE0_4020)
let tileOrigins = (0..<100).map { index in (x: (index % 10) * 190 + 10, y: (index / 10) * 105 + 10) }
let angle = CGFloat.pi / 6

// MARK: Lamina: a full frame of 100 untransformed layers and one rotated layer

/// Presents nothing: the benchmark measures drawing, not copying frames out.
final class DiscardingPresenter: FramePresenter {
    let target: RasterBuffer
    init(width: Int, height: Int) { target = RasterBuffer(width: width, height: height) }
    func present(damage: [PixelRect], frameTime: CFTimeInterval) {}
}

let presenter = DiscardingPresenter(width: width, height: height)
let loop = RenderLoop(presenter: presenter, interval: 1.0 / 60)
let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: width, height: height)
for origin in tileOrigins {
    let layer = CALayer()
    layer.frame = CGRect(x: origin.x, y: origin.y, width: 160, height: 90)
    layer.contents = tile
    root.addSublayer(layer)
}
let rotated = CALayer()
rotated.frame = CGRect(x: 760, y: 390, width: 400, height: 300)
rotated.contents = card
rotated.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
root.addSublayer(rotated)
root.attach(to: loop)
CATransaction.flush()
var time = 1.0
@MainActor func laminaFullFrame() {
    loop.invalidateAll()
    time += 1.0 / 60
    _ = loop.renderFrame(at: time)
}

// MARK: Bare pixman: the same pixels

let target = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
let destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), target, Int32(width * 4))!
func source(_ image: CGImage) -> OpaquePointer {
    image.storage.withUnsafeBytes { bytes in
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                                 UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)),
                                 Int32(image.bytesPerRow))!
    }
}
let tileSource = source(tile), cardSource = source(card)
// The rotated card: target -> card pixels, about the card's center (960, 540).
var floating = pixman_f_transform()
let (c, s) = (Double(cos(angle)), Double(sin(angle)))
floating.m = ((c, s, -c * 960 - s * 540 + 200), (-s, c, s * 960 - c * 540 + 150), (0, 0, 1))
var fixed = pixman_transform()
_ = pixman_transform_from_pixman_f_transform(&fixed, &floating)
pixman_image_set_transform(cardSource, &fixed)
pixman_image_set_filter(cardSource, PIXMAN_FILTER_BILINEAR, nil, 0)
let cardBox = (x: Int32(960 - 250), y: Int32(540 - 250), size: Int32(500))
@MainActor func barePixmanFrame() {
    target.initialize(repeating: 0, count: width * height)
    for origin in tileOrigins {
        pixman_image_composite32(PIXMAN_OP_OVER, tileSource, nil, destination, 0, 0, 0, 0,
                                 Int32(origin.x), Int32(origin.y), 160, 90)
    }
    pixman_image_composite32(PIXMAN_OP_OVER, cardSource, nil, destination, cardBox.x, cardBox.y, 0, 0,
                             cardBox.x, cardBox.y, cardBox.size, cardBox.size)
}

/// Medians of `a` and `b` timed alternately, so that the machine's drift
/// (frequency, other load) falls on both alike.
func interleavedMedians(runs: Int = 60, warmup: Int = 5, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
    for _ in 0..<warmup { a(); b() }
    var timesA: [Double] = [], timesB: [Double] = []
    func timed(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    for _ in 0..<runs {
        timesA.append(timed(a))
        timesB.append(timed(b))
    }
    return (timesA.sorted()[runs / 2], timesB.sorted()[runs / 2])
}
let (laminaFull, barePixman) = interleavedMedians(laminaFullFrame, barePixmanFrame)

// MARK: Lamina: a frame where one small layer animates

let dot = CALayer()
dot.frame = CGRect(x: 20, y: 1000, width: 32, height: 32)
dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
root.addSublayer(dot)
CATransaction.flush()
_ = loop.renderFrame(at: time)
let move = CABasicAnimation(keyPath: "position.x")
move.fromValue = 40
move.toValue = 1880
move.duration = 1000
dot.add(move, forKey: "move")
CATransaction.flush()
let animatedFrame = median(runs: 200) {
    time += 1.0 / 60
    _ = loop.renderFrame(at: time)
}

print("lamina-bench (medians of interleaved timed runs; ratios from this run)")
print("full 1920x1080 frame, 100 layers + 1 rotated 400x300:")
print("  Lamina      \(ms(laminaFull))")
print("  bare pixman \(ms(barePixman))")
print(String(format: "  ratio       %.2fx (Lamina / pixman)", laminaFull / barePixman))
print("one 32x32 layer animating at 1920x1080:")
print("  Lamina      \(ms(animatedFrame)) a frame (\(String(format: "%.1f", animatedFrame / laminaFull * 100)) % of a full frame)")
