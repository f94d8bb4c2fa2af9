/// Why image data could not be decoded: one line for `CGDiagnostics`.
struct ImageDecodingError: Error, CustomStringConvertible {
    /// What went wrong, e.g. "PNG data is truncated".
    let description: String
    /// True when the data ended early (ImageIO's "unexpected EOF").
    var isTruncated = false

    /// The largest image Lamina decodes: cairo and pixman draw at most
    /// 32767 pixels a side, and 2^28 pixels (1 GiB of pixels) bounds the
    /// memory a hostile header can make the decoder ask for.
    static let maximumSide = 32767
    static let maximumPixels = 1 << 28

    /// An error when `width` × `height` is empty or too large to decode.
    static func checkSize(width: Int, height: Int, format: String) -> ImageDecodingError? {
        guard width > 0, height > 0 else {
            return ImageDecodingError(description: "\(format) image has an empty size \(width)×\(height)")
        }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            return ImageDecodingError(description: "\(format) image of \(width)×\(height) pixels is too large "
                                      + "(at most \(maximumSide) a side and \(maximumPixels) pixels)")
        }
        return nil
    }
}
