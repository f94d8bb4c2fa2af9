import LaminaTestSupport
import QuartzCore
import XCTest

/// A component's layer on a dark backdrop, rendered through the corpus's
/// `FrameSnapshot` (public `CARenderer`) at media times relative to the
/// begin time its animations were given at commit.
final class Stage {
    static let backdrop = CGColor(srgbRed: 0.05, green: 0.06, blue: 0.08, alpha: 1)

    let root = CALayer()
    let snapshot: FrameSnapshot

    init(width: Int, height: Int, showing layer: CALayer) {
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
        root.backgroundColor = Stage.backdrop
        layer.position = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
        root.addSublayer(layer)
        snapshot = FrameSnapshot(layer: root, width: width, height: height)
    }

    /// Commits the tree: animations without a begin time get the commit's.
    func commit() {
        CATransaction.flush()
    }

    func image(at time: CFTimeInterval) -> CGImage {
        snapshot.image(at: time)
    }

    /// Compares the frames at `begin + t` for each of `times` with the
    /// goldens `NAME-t` (t to two decimals) of the calling test file's suite.
    func assertFrames(_ name: String, begin: CFTimeInterval, times: [CFTimeInterval],
                      file: StaticString = #filePath, line: UInt = #line) {
        for time in times {
            GoldenImage.assertMatches(image(at: begin + time), named: name + "-" + String(format: "%.2f", time),
                                      file: file, line: line)
        }
    }

    /// Stops the tree's clock at `begin + t` (Apple's Technical Q&A QA1673:
    /// speed 0, the time in `timeOffset`), so `presentation()` shows that
    /// moment whatever the real time.
    func freeze(at time: CFTimeInterval) {
        root.speed = 0
        root.timeOffset = time
        CATransaction.flush()
    }
}

/// An image's pixels as premultiplied RGBA bytes, row 0 at the top, read
/// by drawing it into a bitmap context.
struct RGBAPixels: Equatable {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(_ image: CGImage) {
        width = image.width
        height = image.height
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setBlendMode(.copy)
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        let base = context.data!.assumingMemoryBound(to: UInt8.self)
        bytes = Array(UnsafeBufferPointer(start: base, count: width * height * 4))
    }

    /// (r, g, b, a) at `x`, `y` from the top left.
    subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The mean of r, g and b at a pixel.
    func brightness(x: Int, y: Int) -> Double {
        let p = self[x, y]
        return (Double(p.r) + Double(p.g) + Double(p.b)) / 3
    }
}

/// A cubic Bézier timing curve's value at `x`, as `CAMediaTimingFunction`
/// defines it (control points (0, 0), c1, c2, (1, 1)), by bisection.
func timingCurve(_ c1: CGPoint, _ c2: CGPoint, at x: Double) -> Double {
    func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<60 {
        let mid = (low + high) / 2
        if bezier(Double(c1.x), Double(c2.x), mid) < x { low = mid } else { high = mid }
    }
    return bezier(Double(c1.y), Double(c2.y), (low + high) / 2)
}

func XCTAssertEqual(_ a: CGPoint?, _ b: CGPoint, accuracy: CGFloat, _ message: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("nil point: \(message)", file: file, line: line) }
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x: \(message)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y: \(message)", file: file, line: line)
}
