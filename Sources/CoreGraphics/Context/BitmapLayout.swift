/// Where the four bytes of a bitmap context's 32-bit pixel sit in memory:
/// the layouts `CGContext(data:…)` accepts, derived from Apple's
/// parameters. A Lamina internal.
///
/// Accepted, as Apple's "supported pixel formats" table lists them for RGB
/// at 8 bits per component and 32 bits per pixel: `premultipliedFirst`,
/// `premultipliedLast`, `noneSkipFirst`, `noneSkipLast`, each with the
/// default, 32-bit big-endian or 32-bit little-endian byte order. The
/// default order reads like big-endian: components in memory in the order
/// the alpha info names them (`premultipliedLast` is R, G, B, A).
struct BitmapLayout: Equatable {
    /// Byte offsets within the pixel. For the `noneSkip…` layouts
    /// `alpha` is the unused byte.
    let alpha: Int
    let red: Int
    let green: Int
    let blue: Int
    /// False for the `noneSkip…` layouts: the pixel is opaque, and Lamina
    /// writes 0xFF into the unused byte.
    let hasAlpha: Bool

    /// Why a combination of parameters was refused.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// The layout for Apple's bitmap parameters, or why it is not supported.
    init(bitsPerComponent: Int, bitmapInfo: CGBitmapInfo, space: CGColorSpace?) throws(Unsupported) {
        if bitmapInfo.contains(.floatComponents) {
            throw Unsupported(description: "floating-point components are not supported (8-bit integer only)")
        }
        guard bitsPerComponent == 8 else {
            throw Unsupported(description: "\(bitsPerComponent) bits per component are not supported (8 only)")
        }
        guard let space, space.model == .rgb else {
            throw Unsupported(description: "only RGB colour spaces are supported, got "
                              + (space.map { "model \($0.model)" } ?? "no colour space"))
        }
        let alphaRaw = bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue
        guard let alphaInfo = CGImageAlphaInfo(rawValue: alphaRaw) else {
            throw Unsupported(description: "unknown alpha info \(alphaRaw)")
        }
        let alphaFirst: Bool
        switch alphaInfo {
        case .premultipliedFirst, .noneSkipFirst: alphaFirst = true
        case .premultipliedLast, .noneSkipLast: alphaFirst = false
        case .first, .last:
            throw Unsupported(description: "non-premultiplied alpha (\(alphaInfo)) is not supported; "
                              + "use premultipliedFirst or premultipliedLast, as Apple requires")
        case .none:
            throw Unsupported(description: "alpha info none means 24-bit RGB, which is not supported; "
                              + "use noneSkipFirst or noneSkipLast")
        case .alphaOnly:
            throw Unsupported(description: "alpha-only bitmaps are not supported")
        }
        let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
        let littleEndian: Bool
        switch order {
        case 0, CGBitmapInfo.byteOrder32Big.rawValue: littleEndian = false
        case CGBitmapInfo.byteOrder32Little.rawValue: littleEndian = true
        default:
            throw Unsupported(description: "byte order 0x\(String(order, radix: 16)) is not supported "
                              + "for 32-bit pixels (use default, byteOrder32Big or byteOrder32Little)")
        }
        // Big-endian order as named (A R G B or R G B A); little-endian reverses it.
        let bigEndian = alphaFirst ? (alpha: 0, red: 1, green: 2, blue: 3) : (alpha: 3, red: 0, green: 1, blue: 2)
        alpha = littleEndian ? 3 - bigEndian.alpha : bigEndian.alpha
        red = littleEndian ? 3 - bigEndian.red : bigEndian.red
        green = littleEndian ? 3 - bigEndian.green : bigEndian.green
        blue = littleEndian ? 3 - bigEndian.blue : bigEndian.blue
        hasAlpha = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
    }

    /// True when the layout is exactly Lamina's working format (cairo's
    /// ARGB32: premultiplied, one native-endian word A R G B from the high
    /// byte), so cairo can draw into the caller's memory directly.
    var isNativeARGB32: Bool {
        let littleEndianHost = UInt32(littleEndian: 1) == 1
        // A native word's bytes in memory: B G R A on little-endian hosts, A R G B on big-endian ones.
        let native = littleEndianHost ? (alpha: 3, red: 2, green: 1, blue: 0) : (alpha: 0, red: 1, green: 2, blue: 3)
        return hasAlpha && alpha == native.alpha && red == native.red
            && green == native.green && blue == native.blue
    }

    /// The pixel at `pixel` as a native premultiplied ARGB word (opaque for
    /// the `noneSkip…` layouts).
    @inline(__always)
    func loadNative(_ pixel: UnsafeRawPointer) -> UInt32 {
        let a: UInt32 = hasAlpha ? UInt32(pixel.load(fromByteOffset: alpha, as: UInt8.self)) : 0xFF
        let r = UInt32(pixel.load(fromByteOffset: red, as: UInt8.self))
        let g = UInt32(pixel.load(fromByteOffset: green, as: UInt8.self))
        let b = UInt32(pixel.load(fromByteOffset: blue, as: UInt8.self))
        return a << 24 | r << 16 | g << 8 | b
    }

    /// Writes a native premultiplied ARGB word at `pixel` in this layout.
    @inline(__always)
    func storeNative(_ word: UInt32, _ pixel: UnsafeMutableRawPointer) {
        pixel.storeBytes(of: hasAlpha ? UInt8(truncatingIfNeeded: word >> 24) : 0xFF,
                         toByteOffset: alpha, as: UInt8.self)
        pixel.storeBytes(of: UInt8(truncatingIfNeeded: word >> 16), toByteOffset: red, as: UInt8.self)
        pixel.storeBytes(of: UInt8(truncatingIfNeeded: word >> 8), toByteOffset: green, as: UInt8.self)
        pixel.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: blue, as: UInt8.self)
    }
}
