import BenchmarkSupport
import CPixman
import Foundation
import QuartzCore

/// One 400x300 image layer at 1280x720, transformed (rotated 30°, scaled
/// 1.5x, or turned about its vertical axis under perspective, as a cover
/// flow turns its covers) and animating either its transform or only its
/// opacity:
/// Lamina's frame (evaluate, damage, clear and composite the damaged area)
/// beside bare pixman for the same pixels (clear the box, one OVER with
/// the transform), timed alternately.
///
/// The target's baseline (docs/performance.md) is pixman's general path,
/// and for a rotation or a perspective pixman has nothing else: it fetches
/// through its general bilinear affine (or projective) iterator. A pure
/// scale is different: pixman recognises the transform and takes its SSE2
/// bilinear scaled loop, which Lamina uses too. That row therefore prints
/// two baselines: the general path (the same scale with the smallest
/// off-diagonal term 16.16 fixed point can hold, 1/65536, which moves no
/// sample by more than 0.012 pixel but keeps pixman off its scaled loop),
/// and pixman's own scaled fast path, so the gain over each stays visible.
@MainActor
enum TransformedLayersBenchmark {
    static let width = 1280, height = 720, frames = 300

    enum Case: CaseIterable {
        case rotationAnimating, rotatedOpacityAnimating, scaleAnimating, perspectiveAnimating

        /// The name `RENDER_BENCHMARK_CASES` picks it by.
        var name: String {
            switch self {
            case .rotationAnimating: "rotation"
            case .rotatedOpacityAnimating: "opacity"
            case .scaleAnimating: "scale"
            case .perspectiveAnimating: "perspective"
            }
        }

        var label: String {
            switch self {
            case .rotationAnimating: "rotation animating (about 30°)"
            case .rotatedOpacityAnimating: "rotated 30°, opacity animating"
            case .scaleAnimating: "scale animating (about 1.5x)"
            case .perspectiveAnimating: "perspective turn animating (about 35°)"
            }
        }
    }

    /// The cases run; `RENDER_BENCHMARK_CASES` (a comma-separated list of
    /// `rotation`, `opacity`, `scale`, `perspective`) picks some, for profiling one alone.
    static let cases: [Case] = {
        guard let names = ProcessInfo.processInfo.environment["RENDER_BENCHMARK_CASES"] else { return Case.allCases }
        let picked = names.split(separator: ",").map { String($0) }
        return Case.allCases.filter { picked.contains($0.name) }
    }()

    static func run() {
        print("transformed: one 400x300 image layer, bilinear, 1280x720, \(frames) frames each")
        for benchmarkCase in cases { run(benchmarkCase) }
    }

    static func run(_ benchmarkCase: Case) {
        let image = gradientImage(width: 400, height: 300)
        let loop = RenderLoop(presenter: DiscardingPresenter(width: width, height: height), interval: 1.0 / 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let layer = CALayer()
        layer.frame = CGRect(x: 440, y: 210, width: 400, height: 300)
        layer.contents = image
        let animation: CABasicAnimation
        switch benchmarkCase {
        case .rotationAnimating:
            animation = CABasicAnimation(keyPath: "transform.rotation.z")
            animation.fromValue = Double.pi / 6 - 0.05
            animation.toValue = Double.pi / 6 + 0.05
        case .rotatedOpacityAnimating:
            layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 1.0
            animation.toValue = 0.5
        case .scaleAnimating:
            animation = CABasicAnimation(keyPath: "transform.scale")
            animation.fromValue = 1.45
            animation.toValue = 1.55
        case .perspectiveAnimating:
            root.sublayerTransform = Self.perspective
            animation = CABasicAnimation(keyPath: "transform.rotation.y")
            animation.fromValue = 0.55
            animation.toValue = 0.65
        }
        animation.duration = 2
        animation.autoreverses = true
        animation.repeatCount = .greatestFiniteMagnitude
        layer.add(animation, forKey: "animation")
        root.addSublayer(layer)
        root.attach(to: loop)
        CATransaction.flush()
        let baseline = BareTransformedImage(image: image, width: width, height: height)

        let start = CACurrentMediaTime()
        var lamina: [Double] = [], pixman: [Double] = [], pixmanScaled: [Double] = []
        for frame in 0..<(frames + 20) {
            let time = start + Double(frame) / 60
            let t0 = BenchmarkStatistics.now()
            _ = loop.renderFrame(at: time)
            let t1 = BenchmarkStatistics.now()
            let f = BarePixmanSquares.backAndForth(time - start, duration: 2)
            switch benchmarkCase {
            case .rotationAnimating: baseline.draw(angle: .pi / 6 - 0.05 + 0.1 * f, scale: 1, opacity: 1)
            case .rotatedOpacityAnimating: baseline.draw(angle: .pi / 6, scale: 1, opacity: 1 - 0.5 * f)
            case .scaleAnimating: baseline.draw(angle: 0, scale: 1.45 + 0.1 * f, opacity: 1, generalPath: true)
            case .perspectiveAnimating: baseline.draw(Self.turned(by: 0.55 + 0.1 * f))
            }
            let t2 = BenchmarkStatistics.now()
            if benchmarkCase == .scaleAnimating { baseline.draw(angle: 0, scale: 1.45 + 0.1 * f, opacity: 1) }
            let t3 = BenchmarkStatistics.now()
            guard frame >= 20 else { continue }
            lamina.append(t1 - t0)
            pixman.append(t2 - t1)
            pixmanScaled.append(t3 - t2)
        }
        let p = BenchmarkStatistics.percentile, ms = { (seconds: Double?) in BenchmarkStatistics.ms(seconds) }
        let ratio = { (baseline: [Double]) in String(format: "%.2f", p(baseline, 50)! / p(lamina, 50)!) }
        var line = "  \(benchmarkCase.label.padding(toLength: 40, withPad: " ", startingAt: 0)) Lamina \(ms(p(lamina, 50))), "
            + "pixman general path \(ms(p(pixman, 50))) -> pixman / Lamina \(ratio(pixman))x"
        if benchmarkCase == .scaleAnimating {
            line += "; pixman SSE2 scaled path \(ms(p(pixmanScaled, 50))) -> \(ratio(pixmanScaled))x"
                + " (the two pixman paths differ by at most \(baseline.largestDifferenceBetweenPaths(scale: 1.5)) levels)"
        }
        print(line)
        root.detachFromHost()
    }

    /// The root's sublayer transform in the perspective case: an eye 800
    /// points away, as cover flows use.
    static let perspective: CATransform3D = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 800
        return perspective
    }()

    /// Where the perspective case's layer maps its image: turned by `angle`
    /// about its vertical centre line, under `perspective` about the
    /// target's centre (where the layer sits).
    static func turned(by angle: Double) -> CATransform3D {
        var map = CATransform3DMakeTranslation(-200, -150, 0)
        map = CATransform3DConcat(map, CATransform3DMakeRotation(angle, 0, 1, 0))
        map = CATransform3DConcat(map, perspective)
        return CATransform3DConcat(map, CATransform3DMakeTranslation(640, 360, 0))
    }

    /// An opaque image with a diagonal gradient (so bilinear sampling does real work).
    static func gradientImage(width: Int, height: Int) -> CGImage {
        CGImage(storage: PixelStorage(width: width, height: height) { base, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let r = UInt32(x * 255 / width), g = UInt32(y * 255 / height), b = UInt32((x + y) % 256)
                    base.storeBytes(of: 0xFF00_0000 | r << 16 | g << 8 | b, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        })
    }
}

/// The transformed image through bare pixman: the box it covers cleared,
/// then one bilinear OVER through its inverse transform, with an opacity mask.
final class BareTransformedImage {
    private let pixels: UnsafeMutablePointer<UInt32>
    private let destination: OpaquePointer
    private let source: OpaquePointer
    private let image: CGImage
    private let width: Int, height: Int

    init(image: CGImage, width: Int, height: Int) {
        self.image = image
        self.width = width; self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
        destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels, Int32(width * 4))
        source = image.storage.withUnsafeBytes { bytes in
            pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                                     UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)),
                                     Int32(image.bytesPerRow))!
        }
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
    }

    /// The largest difference in any channel between the image drawn at
    /// `scale` through the general path and through the scaled fast path:
    /// evidence that the two baselines draw the same pixels.
    func largestDifferenceBetweenPaths(scale: Double) -> Int {
        draw(angle: 0, scale: scale, opacity: 1, generalPath: true)
        let general = Array(UnsafeBufferPointer(start: pixels, count: width * height))
        draw(angle: 0, scale: scale, opacity: 1)
        var largest = 0
        for (index, pixel) in general.enumerated() {
            for shift in stride(from: 0, to: 32, by: 8) {
                largest = max(largest, abs(Int(pixel >> shift & 0xFF) - Int(pixels[index] >> shift & 0xFF)))
            }
        }
        return largest
    }

    /// Draws the image rotated by `angle` and scaled by `scale` about the
    /// target's centre. `generalPath` adds 1/65536 (the smallest 16.16
    /// step) to the matrix's off-diagonal term, so that a pure scale goes
    /// through pixman's general bilinear affine fetcher instead of its
    /// scaled fast path.
    func draw(angle: Double, scale: Double, opacity: Double, generalPath: Bool = false) {
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let (w, h) = (Double(image.width), Double(image.height))
        let (c, s) = (cos(angle) / scale, sin(angle) / scale)
        // target -> image: translate to the centre, rotate back, unscale, to the image's centre.
        var floating = pixman_f_transform()
        floating.m = ((c, s, -c * cx - s * cy + w / 2), (-s, c, s * cx - c * cy + h / 2), (0, 0, 1))
        var fixed = pixman_transform()
        _ = pixman_transform_from_pixman_f_transform(&fixed, &floating)
        if generalPath, fixed.matrix.0.1 == 0 { fixed.matrix.0.1 = 1 }
        pixman_image_set_transform(source, &fixed)
        let radius = (w * w + h * h).squareRoot() * scale / 2
        let box = (x: Int32(cx - radius), y: Int32(cy - radius), size: Int32(2 * radius + 1))
        for y in max(0, Int(box.y))..<min(height, Int(box.y + box.size)) {
            (pixels + y * width + max(0, Int(box.x))).update(repeating: 0, count: min(width, Int(box.x + box.size)) - max(0, Int(box.x)))
        }
        var alpha = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(opacity * 65535))
        let mask = opacity < 1 ? pixman_image_create_solid_fill(&alpha) : nil
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask, destination, box.x, box.y, 0, 0, box.x, box.y, box.size, box.size)
        if let mask { pixman_image_unref(mask) }
    }

    /// Draws the image through `imageToTarget`, a projective map (x, y and
    /// w taken from the 3D matrix, as a layer's flattened transform): the
    /// box of its corners cleared, then one bilinear OVER through the
    /// inverse, which pixman samples with its general fetcher.
    func draw(_ imageToTarget: CATransform3D) {
        let m = imageToTarget
        var forward = pixman_f_transform()
        // pixman's matrices take column vectors: rows are x', y', w'.
        forward.m = ((Double(m.m11), Double(m.m21), Double(m.m41)),
                     (Double(m.m12), Double(m.m22), Double(m.m42)),
                     (Double(m.m14), Double(m.m24), Double(m.m44)))
        var inverse = pixman_f_transform()
        guard pixman_f_transform_invert(&inverse, &forward) != 0 else { return }
        // Scaled up so that its small perspective terms keep their bits in 16.16.
        var largest = 0.0
        withUnsafeBytes(of: inverse.m) { for value in $0.bindMemory(to: Double.self) { largest = max(largest, abs(value)) } }
        let k = 8192 / largest
        inverse.m = ((k * inverse.m.0.0, k * inverse.m.0.1, k * inverse.m.0.2),
                     (k * inverse.m.1.0, k * inverse.m.1.1, k * inverse.m.1.2),
                     (k * inverse.m.2.0, k * inverse.m.2.1, k * inverse.m.2.2))
        var fixed = pixman_transform()
        _ = pixman_transform_from_pixman_f_transform(&fixed, &inverse)
        pixman_image_set_transform(source, &fixed)
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(0.0, 0.0), (Double(image.width), 0), (0, Double(image.height)), (Double(image.width), Double(image.height))] {
            let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
            let tx = (x * Double(m.m11) + y * Double(m.m21) + Double(m.m41)) / w
            let ty = (x * Double(m.m12) + y * Double(m.m22) + Double(m.m42)) / w
            (minX, minY, maxX, maxY) = (min(minX, tx), min(minY, ty), max(maxX, tx), max(maxY, ty))
        }
        let x0 = max(0, Int(minX) - 1), y0 = max(0, Int(minY) - 1)
        let x1 = min(width, Int(maxX) + 2), y1 = min(height, Int(maxY) + 2)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 { (pixels + y * width + x0).update(repeating: 0, count: x1 - x0) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, nil, destination, Int32(x0), Int32(y0), 0, 0,
                                 Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }
}
