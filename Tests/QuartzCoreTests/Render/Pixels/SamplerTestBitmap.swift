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
}
