import CX11
import QuartzCore

/// An ordinary client-side image (`XCreateImage` over memory this process
/// owns, shown with `XPutImage`): the fallback when MIT-SHM is missing or
/// refused. Each put sends the pixels through the X socket.
final class XPlainImage {
    let display: XDisplay
    /// The pixels, the compositor's target format.
    let raster: RasterBuffer
    private let image: UnsafeMutablePointer<XImage>

    init?(display: XDisplay, width: Int, height: Int) {
        self.display = display
        let raster = RasterBuffer(width: max(1, width), height: max(1, height))
        guard let image = XCreateImage(display.raw, display.defaultVisual, UInt32(display.defaultDepth), ZPixmap, 0,
                                       raster.base.assumingMemoryBound(to: CChar.self), UInt32(raster.width),
                                       UInt32(raster.height), 32, Int32(raster.bytesPerRow)) else { return nil }
        // The pixels are native-endian words; Xlib swaps them if the server
        // wants the other order.
        image.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst
        self.raster = raster
        self.image = image
    }

    deinit {
        image.pointee.data = nil  // the raster buffer owns the pixels
        _ = image.pointee.f.destroy_image(image)
    }

    /// Sends `rect` (pixels, clipped to the image) to the same place in
    /// `window`. Xlib copies the pixels before returning.
    func put(_ rect: PixelRect, to window: UInt, gc: XGraphicsContext) {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: raster.width, height: raster.height)) else {
            return
        }
        XPutImage(display.raw, window, gc.raw, image, Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
                  UInt32(rect.width), UInt32(rect.height))
    }
}
