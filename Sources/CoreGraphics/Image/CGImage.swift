/// An immutable bitmap image: Apple's `CGImage`.
///
/// Lamina keeps every image in one working format, premultiplied ARGB in
/// native-endian 32-bit words (`PixelStorage`), whatever layout it was made
/// from, so the compositor can use it without converting. The properties
/// describe that format, as Apple's describe the image's own. Immutable, so
/// a layer's contents travel to the render thread by reference.
public final class CGImage: Sendable, Equatable, Hashable {
    public let storage: PixelStorage

    public var width: Int { storage.width }
    public var height: Int { storage.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { storage.bytesPerRow }
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
    /// Premultiplied, alpha in the high byte of the native-endian word.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedFirst }
    public var bitmapInfo: CGBitmapInfo {
        CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(
            UInt32(littleEndian: 1) == 1 ? .byteOrder32Little : .byteOrder32Big)
    }

    /// An image over `storage`.
    public init(storage: PixelStorage) {
        self.storage = storage
    }

    /// Images are equal when they are the same object, as `CFEqual` on CGImage is.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
