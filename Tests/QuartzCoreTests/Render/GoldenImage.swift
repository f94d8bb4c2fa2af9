import CCairo
import XCTest
@testable import QuartzCore

/// Golden-image checks: a rendering is compared with a reviewed PNG in
/// `Golden/` next to this file, pixel by pixel with a small tolerance. On a
/// mismatch the actual image and a diff image are written next to the
/// expected one (`NAME.actual.png`, `NAME.diff.png`, ignored by git). A
/// missing golden is written and the test fails, so that it gets looked at;
/// `LAMINA_UPDATE_GOLDENS=1` rewrites goldens on purpose.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assertMatches(_ image: CGImage, named name: String, tolerance: Int = 3,
                              file: StaticString = #filePath, line: UInt = #line) {
        let expectedURL = directory.appendingPathComponent(name + ".png")
        let update = ProcessInfo.processInfo.environment["LAMINA_UPDATE_GOLDENS"] == "1"
        guard !update, let expected = readPNG(expectedURL) else {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            writePNG(image, to: expectedURL)
            if !update { XCTFail("no golden image \(name).png; wrote one, look at it and commit it", file: file, line: line) }
            return
        }
        guard expected.width == image.width, expected.height == image.height else {
            writePNG(image, to: directory.appendingPathComponent(name + ".actual.png"))
            return XCTFail("\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height)",
                           file: file, line: line)
        }
        var differing = 0
        var worst = 0
        let diff = PixelStorage(width: image.width, height: image.height) { base, stride in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = image.storage.pixel(x: x, y: y), b = expected.storage.pixel(x: x, y: y)
                    let delta = channelDifference(a, b)
                    worst = max(worst, delta)
                    let mark: UInt32
                    if delta > tolerance {
                        differing += 1
                        mark = 0xFFFF_0000
                    } else {
                        mark = 0x4000_0000 | ((a & 0x00FE_FEFE) >> 1)
                    }
                    base.storeBytes(of: mark, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        }
        if differing > 0 {
            writePNG(image, to: directory.appendingPathComponent(name + ".actual.png"))
            writePNG(CGImage(storage: diff), to: directory.appendingPathComponent(name + ".diff.png"))
            XCTFail("\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); see \(name).diff.png",
                    file: file, line: line)
        }
    }

    /// The largest difference between the two pixels' channels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let left = Int((a >> shift) & 0xFF), right = Int((b >> shift) & 0xFF)
            worst = max(worst, abs(left - right))
        }
        return worst
    }

    /// How many pixels of two same-sized images differ by more than
    /// `tolerance` in some channel.
    static func differingPixels(_ a: CGImage, _ b: CGImage, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where channelDifference(a.storage.pixel(x: x, y: y), b.storage.pixel(x: x, y: y)) > tolerance {
                count += 1
            }
        }
        return count
    }

    static func writePNG(_ image: CGImage, to url: URL) {
        image.storage.withUnsafeBytes { bytes in
            let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: UInt8.self)
            guard let surface = cairo_image_surface_create_for_data(
                base, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow))
            else { return }
            cairo_surface_write_to_png(surface, url.path)
            cairo_surface_destroy(surface)
        }
    }

    static func readPNG(_ url: URL) -> CGImage? {
        guard FileManager.default.fileExists(atPath: url.path),
              let surface = cairo_image_surface_create_from_png(url.path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return CGImage(storage: PixelStorage(width: width, height: height) { base, rowBytes in
            for row in 0..<height { (base + row * rowBytes).copyMemory(from: data + row * stride, byteCount: width * 4) }
        })
    }
}

/// Renders a hosted tree inline, frame by frame, at chosen media times.
final class InlineRenderHost: RenderHost {
    let mailbox = FrameMailbox()
    let loop: RenderLoop

    init(width: Int, height: Int) {
        loop = RenderLoop(presenter: OffscreenPresenter(width: width, height: height, mailbox: mailbox),
                          interval: 1.0 / 60)
    }

    func receive(_ commit: RenderCommit) { loop.apply([commit]) }

    /// Renders the frame for `time` and returns the whole target.
    @discardableResult
    func render(at time: CFTimeInterval) -> CGImage {
        _ = loop.renderFrame(at: time)
        return loop.presenter.target.makeImage()
    }
}

/// Renders what it receives inline and keeps the commits, so that a frame
/// drawn incrementally can be compared with the same frame drawn afresh.
final class RecordingRenderHost: RenderHost {
    private(set) var commits: [RenderCommit] = []
    let inline: InlineRenderHost
    private let width: Int, height: Int

    init(width: Int, height: Int) {
        inline = InlineRenderHost(width: width, height: height)
        (self.width, self.height) = (width, height)
    }

    func receive(_ commit: RenderCommit) {
        commits.append(commit)
        inline.receive(commit)
    }

    /// The frame at `time` drawn from nothing by a host that saw the same commits.
    func freshFrame(at time: CFTimeInterval) -> CGImage {
        let fresh = InlineRenderHost(width: width, height: height)
        commits.forEach(fresh.receive)
        return fresh.render(at: time)
    }
}

/// Scenes several render tests share.
enum SharedScenes {
    /// A 30x20 opaque bitmap whose colour changes with every pixel (red
    /// across, green down), so that any sampling difference shows.
    static func gradientContent() throws -> LayerContent {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        return try XCTUnwrap(LayerContent(key: LayerContent.Key(state, scale: 1), extent: state.bounds) { buffer in
            for y in 0..<20 {
                for x in 0..<30 {
                    let value = UInt32(x * 8) << 16 | UInt32(y * 12) << 8 | 0x40
                    (buffer.base + y * buffer.bytesPerRow + x * 4).storeBytes(of: 0xFF00_0000 | value, as: UInt32.self)
                }
            }
        })
    }

    /// A layer turned 0.8 radians about its vertical axis under a 200-point
    /// perspective, then moved to a fractional place.
    static let perspectiveTurn: CATransform3D = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.8, 0, 1, 0), perspective),
                                   CATransform3DMakeTranslation(20.3, 12.6, 0))
    }()

    /// The kiosk's selection: a white rounded ring with a `CIBloom`
    /// (`pulseFilter`, radius 5) in a black root of `size`, attached to
    /// `host` and committed. Returns the root (which the caller keeps
    /// alive: a host does not own it) and the ring.
    static func bloomingRing(size: CGSize, frame: CGRect, intensity: Double? = nil,
                             on host: RenderHost) -> (root: CALayer, ring: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let ring = CALayer()
        ring.frame = frame
        ring.borderWidth = 2
        ring.borderColor = CGColor(gray: 1, alpha: 1)
        ring.cornerRadius = 25
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        if let intensity { bloom.setValue(intensity, forKey: "inputIntensity") }
        bloom.name = "pulseFilter"
        ring.filters = [bloom]
        root.addSublayer(ring)
        root.attach(to: host)
        CATransaction.flush()
        return (root, ring)
    }
}

