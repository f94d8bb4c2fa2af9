/// A Quartz drawing destination, Apple's `CGContext`; Lamina implements
/// bitmap contexts, drawn with cairo.
///
/// Coordinates are Apple's: the default user space of a bitmap context has
/// its origin at the bottom-left corner, y up, one unit a pixel, so filling
/// `CGRect(x: 0, y: 0, width: 10, height: 10)` colours the *last* ten rows
/// of `data`. (Lamina's layer drawing uses a flipped context instead; see
/// `makeLayerContext(width:height:scale:)`.)
///
/// `data` is up to date whenever a drawing call has returned, in the layout
/// the context was made with; what the caller writes into it between calls
/// is drawn over, as on Apple. Bad input (non-finite geometry, an invalid
/// dash) is ignored with a reason reported through `CGDiagnostics`.
open class CGContext {
    let backing: BitmapBacking
    let cairo: CairoContext
    /// The current path in Apple's device space: points are mapped through
    /// the CTM when they are added, as Quartz does.
    var devicePath = CGPathSnapshot()
    var gstate = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// Whether antialiasing may happen at all (not part of the graphics state).
    var antialiasingAllowed = true
    private var reportedProblems: Set<String> = []

    /// A bitmap context drawing into `data` (nil: the context allocates and
    /// zeroes its own memory), `width` × `height` pixels, `bytesPerRow`
    /// bytes a row (0: `width × 4`).
    ///
    /// Supported, as on Apple: 8 bits per component in an RGB space, with
    /// `premultipliedFirst`, `premultipliedLast`, `noneSkipFirst` or
    /// `noneSkipLast` alpha and the default, `byteOrder32Big` or
    /// `byteOrder32Little` byte order. Anything else (float or 16-bit
    /// components, non-premultiplied alpha, gray or alpha-only bitmaps) and
    /// bad sizes return nil with the reason reported through `CGDiagnostics`.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let layout: BitmapLayout
        do {
            layout = try BitmapLayout(bitsPerComponent: bitsPerComponent, bitmapInfo: info, space: space)
        } catch {
            CGDiagnostics.report("CGContext: unsupported bitmap layout: \(error)")
            return nil
        }
        guard width > 0, height > 0 else {
            CGDiagnostics.report("CGContext: invalid size \(width)×\(height)")
            return nil
        }
        let (minimumRow, overflow) = width.multipliedReportingOverflow(by: 4)
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        guard !overflow, rowBytes >= minimumRow else {
            CGDiagnostics.report("CGContext: \(bytesPerRow) bytes a row is too few for \(width) pixels of 4 bytes")
            return nil
        }
        do {
            backing = try BitmapBacking(data: data, width: width, height: height, bytesPerRow: rowBytes,
                                        layout: layout)
            cairo = try CairoContext(surface: backing.surface)
        } catch {
            CGDiagnostics.report("CGContext: \(error)")
            return nil
        }
        self.bitmapInfo = info
        self.colorSpace = space
    }

    /// The same bitmap context from Apple's newer spelling, with the bitmap
    /// info as `CGBitmapInfo`; a nil `space` is refused (reported).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo) {
        guard let space else {
            CGDiagnostics.report("CGContext: a bitmap context needs a colour space")
            return nil
        }
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    // MARK: Bitmap properties

    /// The pixels, in the layout the context was made with; the caller's
    /// buffer or the one the context allocated (freed with the context).
    public var data: UnsafeMutableRawPointer? { backing.data }
    /// The width in pixels.
    public var width: Int { backing.width }
    /// The height in pixels.
    public var height: Int { backing.height }
    /// Bytes from one row of `data` to the next.
    public var bytesPerRow: Int { backing.bytesPerRow }
    /// Always 8: Lamina's bitmap contexts have 8-bit components.
    public var bitsPerComponent: Int { 8 }
    /// Always 32: four 8-bit components (or three and an unused byte).
    public var bitsPerPixel: Int { 32 }
    /// The bitmap info the context was made with.
    public let bitmapInfo: CGBitmapInfo
    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo }
    /// The colour space the context was made with (always an RGB one).
    public let colorSpace: CGColorSpace?

    /// A snapshot of the pixels as an image (premultiplied ARGB, Lamina's
    /// working format; opaque for the `noneSkip…` layouts). Later drawing
    /// does not change it.
    public func makeImage() -> CGImage? {
        let storage = PixelStorage(width: width, height: height) { base, stride in
            backing.copyNative(into: base, stride: stride)
        }
        return CGImage(storage: storage)
    }

    // MARK: Internal helpers

    /// Apple's device space (origin bottom-left, y up) to cairo's (origin
    /// top-left, y down: row 0 first in memory).
    var deviceToCairo: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// Runs `body`, which draws on cairo, keeping `data` in step for the
    /// pixels `cairoRect` (in cairo's device space) covers.
    func drawing(in cairoRect: CGRect, _ body: () -> Void) {
        let region = PixelRect(touchedByDrawing: cairoRect, inWidth: width, height: height)
        backing.pull(region)
        body()
        backing.push(region)
        if let error = cairo.error { reportOnce("cairo failed: \(error)") }
    }

    /// The area a drawing call may change, in cairo's device space: the
    /// shape's extents `userExtents` (in cairo's current user space) within
    /// the clip. (Every blend mode acts only where the shape covers.)
    func affectedArea(userExtents: CGRect) -> CGRect {
        let matrix = cairo.matrix
        return userExtents.applying(matrix).intersection(cairo.clipExtents.applying(matrix))
    }

    /// Reports `problem` through `CGDiagnostics` the first time this context meets it.
    func reportOnce(_ problem: String) {
        guard reportedProblems.insert(problem).inserted else { return }
        CGDiagnostics.report("CGContext: \(problem)")
    }
}
