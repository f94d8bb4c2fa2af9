import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `EdgeCoverageSampler`: pixman's nearest and bilinear pixels inside the
/// bitmap, hard edges that keep or drop pixels whole, and antialiased ones
/// as the standard sampling draws them.
final class EdgeCoverageSamplerTests: XCTestCase {
    private let bitmap = SamplerTestBitmap.make(width: 37, height: 29)
    private var source: AffineBilinearSampler.Source {
        AffineBilinearSampler.Source(base: bitmap.base, width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.bytesPerRow)
    }
    private let area = PixelRect(x: 0, y: 0, width: 160, height: 120)

    /// Turned, scaled up, turned in perspective: bitmap pixels to target pixels.
    private var maps: [CATransform3D] {
        var eye = CATransform3DIdentity
        eye.m34 = -1 / 300
        return [
            CATransform3DConcat(CATransform3DMakeRotation(0.45, 0, 0, 1), CATransform3DMakeTranslation(60.3, 20.7, 0)),
            CATransform3DConcat(CATransform3DMakeScale(3.3, 2.6, 1), CATransform3DMakeTranslation(15.4, 12.2, 0)),
            CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.6, 0, 1, 0), eye),
                                CATransform3DMakeTranslation(50, 30, 0)),
        ]
    }

    /// `map`'s pixels by pixman, bilinear or nearest (SRC over `area`).
    private func pixman(_ map: CATransform3D, bilinear: Bool) throws -> RasterBuffer {
        let image = try XCTUnwrap(PixmanImage(buffer: bitmap))
        let target = RasterBuffer(width: area.width, height: area.height)
        let targetImage = try XCTUnwrap(PixmanImage(buffer: target))
        image.setTransform(try XCTUnwrap(Homography(map).inverted()), bilinear: bilinear)
        targetImage.composite(image, mask: nil, operation: PIXMAN_OP_SRC, rect: area)
        return target
    }

    private func sampled(_ map: CATransform3D, _ sampling: ContentSampling) throws -> RasterBuffer {
        let toPixels = Homography(map)
        let fixed = try XCTUnwrap(PixmanImage.fixedTransform(try XCTUnwrap(toPixels.inverted())))
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: bitmap.width, y: 0), CGPoint(x: bitmap.width, y: bitmap.height),
                       CGPoint(x: 0, y: bitmap.height)].map(toPixels.apply)
        let edges = EdgeCoverageSampler.Edges(sampling: sampling, lines: EdgeCoverageSampler.EdgeLines(outline: corners),
                                              isProjective: toPixels.isProjective)
        let output = RasterBuffer(width: area.width, height: area.height)
        EdgeCoverageSampler.sample(source, through: fixed, nearest: sampling.nearest, edges: edges, rect: area,
                                   into: output.base, outputBytesPerRow: output.bytesPerRow)
        return output
    }

    /// With every edge hard, each pixel is pixman's exactly: pixman's
    /// nearest filter also keeps or drops a pixel by its centre.
    func testNearestWithHardEdgesIsPixmansNearest() throws {
        for (index, map) in maps.enumerated() {
            let expected = try pixman(map, bilinear: false)
            let actual = try sampled(map, ContentSampling(nearest: true, hardEdges: .all))
            XCTAssertEqual(GoldenImage.differingPixels(actual.makeImage(), expected.makeImage(), tolerance: 0), 0, "map \(index)")
        }
    }

    /// Bilinear with every edge antialiased, not in perspective: pixman's
    /// bilinear pixels exactly, the fade past the edges included.
    func testLinearWithSoftEdgesIsPixmansBilinear() throws {
        for (index, map) in maps.enumerated() where !Homography(map).isProjective {
            let expected = try pixman(map, bilinear: true)
            let actual = try sampled(map, .standard)
            XCTAssertEqual(GoldenImage.differingPixels(actual.makeImage(), expected.makeImage(), tolerance: 0), 0, "map \(index)")
        }
    }

    /// A hard edge: past it nothing, and just inside it the pixel is not
    /// faded (an opaque bitmap stays opaque up to the edge). The other
    /// edges fade as pixman's bilinear filter does.
    func testAHardEdgeKeepsOrDropsWholePixels() throws {
        let opaque = RasterBuffer(width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 {
                opaque.base.storeBytes(of: 0xFF80_4020 as UInt32, toByteOffset: y * opaque.bytesPerRow + x * 4, as: UInt32.self)
            }
        }
        let source = AffineBilinearSampler.Source(base: opaque.base, width: 20, height: 20, bytesPerRow: opaque.bytesPerRow)
        let map = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(40.2, 10.6, 0))
        let toPixels = Homography(map)
        let inverse = try XCTUnwrap(toPixels.inverted())
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 20), CGPoint(x: 0, y: 20)].map(toPixels.apply)
        let sampling = ContentSampling(nearest: false, hardEdges: [.layerLeftEdge])
        let edges = EdgeCoverageSampler.Edges(sampling: sampling, lines: EdgeCoverageSampler.EdgeLines(outline: corners),
                                              isProjective: false)
        let rect = PixelRect(x: 0, y: 0, width: 80, height: 60)
        let output = RasterBuffer(width: 80, height: 60)
        EdgeCoverageSampler.sample(source, through: try XCTUnwrap(PixmanImage.fixedTransform(inverse)), nearest: false,
                                   edges: edges, rect: rect, into: output.base, outputBytesPerRow: output.bytesPerRow)
        var softNearOtherEdges = 0
        for y in 0..<60 {
            for x in 0..<80 {
                let p = inverse.apply(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5))
                let alpha = output.pixel(x: x, y: y) >> 24
                if p.x < -0.01 { XCTAssertEqual(alpha, 0, "(\(x), \(y)) is past the hard left edge") }
                if p.x > 0.01, p.y > 0.6, p.y < 19.4, p.x < 19.4 { XCTAssertEqual(alpha, 0xFF, "(\(x), \(y)) inside") }
                if p.x > 0.6, alpha > 0, alpha < 0xFF { softNearOtherEdges += 1 }
            }
        }
        XCTAssertGreaterThan(softNearOtherEdges, 20, "the other edges still fade")
    }
}
