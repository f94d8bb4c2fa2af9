import ImageIO
import QuartzCore

/// Renders a layer tree offscreen, frame by frame at chosen media times,
/// and writes frames to PNG files and reads them back: what a snapshot
/// test or a thumbnail exporter does.
final class FrameSnapshot {
    let context: CGContext
    let renderer: CARenderer

    init(layer: CALayer, width: Int, height: Int) {
        context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        // Lamina's CARenderer draws into a CGContext (Apple's takes a Metal
        // texture or an OpenGL context); the options are Apple's.
        renderer = CARenderer(cgContext: context, options: [kCARendererColorSpace: CGColorSpaceCreateDeviceRGB()])
        renderer.layer = layer
        renderer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// The whole frame shown at media time `time`.
    func image(at time: CFTimeInterval) -> CGImage {
        renderer.beginFrame(atTime: time, timeStamp: nil)
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        renderer.endFrame()
        return context.makeImage()!
    }

    /// Writes `image` to a PNG file at `url`; false if it could not.
    static func writePNG(_ image: CGImage, to url: URL) -> Bool {
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil) else {
            return false
        }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination)
    }

    /// The first image of the file at `url`.
    static func readImage(at url: URL) -> CGImage? {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, 0, nil)
    }
}
