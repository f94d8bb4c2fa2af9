import Foundation
@testable import QuartzCore

/// The bitmap the sampler tests compare against pixman: premultiplied, with
/// horizontal and vertical gradients, a blue channel that varies from pixel
/// to pixel, and translucent bands with sharp edges.
enum SamplerTestBitmap {
    static func make(width: Int, height: Int) -> RasterBuffer {
        let buffer = RasterBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt32 = (x / 5 + y / 3) % 3 == 0 ? 90 : 255
                let r = UInt32(x * 255 / width) * alpha / 255, g = UInt32(y * 255 / height) * alpha / 255
                let b = UInt32((x * 7 + y * 13) % 256) * alpha / 255
                buffer.base.storeBytes(of: alpha << 24 | r << 16 | g << 8 | b, toByteOffset: y * buffer.bytesPerRow + x * 4,
                                       as: UInt32.self)
            }
        }
        return buffer
    }

    /// A cover-flow-like placement: a bitmap `width` wide turned about its
    /// vertical centre line by `angle` under a perspective of `distance`,
    /// then moved.
    static func turned(_ angle: CGFloat, distance: CGFloat, width: CGFloat, at x: CGFloat, _ y: CGFloat) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / distance
        var t = CATransform3DMakeTranslation(-width / 2, 0, 0)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(angle, 0, 1, 0))
        t = CATransform3DConcat(t, perspective)
        return CATransform3DConcat(t, CATransform3DMakeTranslation(x, y, 0))
    }

    /// Perspective maps of a 61-pixel-wide bitmap into a target about
    /// 160x120, for the comparisons with pixman.
    static var perspectiveMaps: [CATransform3D] {
        [
            turned(0.9, distance: 500, width: 61, at: 60, 20),
            turned(-1.1, distance: 300, width: 61, at: 70.3, 15.6),
            turned(0.35, distance: 900, width: 61, at: 45.5, 30),
            CATransform3DConcat(turned(0.7, distance: 400, width: 61, at: 50, 25), CATransform3DMakeRotation(0.4, 1, 0, 0)),
            // Steep: the far edge nearly edge-on.
            turned(1.5, distance: 250, width: 61, at: 80, 10),
        ]
    }
}
