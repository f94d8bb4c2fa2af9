import CJPEG

/// JPEG decoding through libjpeg-turbo's TurboJPEG API, which reports
/// every error (and every warning, such as data that ends early) as a
/// return code with a message, never by ending the process.
///
/// Gray and YCbCr images come out opaque RGB. CMYK and YCCK images are
/// decoded to CMYK and converted naively (no colour management), reading
/// the inks as inverted when an Adobe APP14 marker is present, as Adobe's
/// writers (and libjpeg's) store them.
enum TurboJPEG {
    static func decode(_ data: Data) throws(ImageDecodingError) -> PixelStorage {
        guard let handle = tjInitDecompress() else {
            throw ImageDecodingError(description: "JPEG decoder could not start: " + lastError(nil))
        }
        defer { tjDestroy(handle) }
        let result: Result<PixelStorage, ImageDecodingError> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, !raw.isEmpty else {
                return .failure(ImageDecodingError(description: "JPEG data is empty", isTruncated: true))
            }
            let size = UInt(raw.count)
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0 else {
                return .failure(ImageDecodingError(description: "JPEG header is invalid: " + lastError(handle)))
            }
            guard width > 0, height > 0 else { // tables only: the data ended before a frame header
                return .failure(ImageDecodingError(description: "JPEG data ends before its frame header "
                                                   + "(truncated or corrupt)", isTruncated: true))
            }
            if let problem = ImageDecodingError.checkSize(width: Int(width), height: Int(height), format: "JPEG") {
                return .failure(problem)
            }
            let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
            if isCMYK {
                return decodeCMYK(handle, base, size, width: Int(width), height: Int(height),
                                  inverted: JPEGMarkers.hasAdobeMarker(raw))
            }
            let format = UInt32(littleEndian: 1) == 1 ? TJPF_BGRA : TJPF_ARGB // native ARGB words
            var failure: ImageDecodingError?
            let storage = PixelStorage(width: Int(width), height: Int(height)) { target, stride in
                if tjDecompress2(handle, base, size, target.assumingMemoryBound(to: UInt8.self), width,
                                 Int32(stride), height, Int32(format.rawValue), 0) != 0 {
                    failure = decodeFailure(handle)
                }
            }
            return failure.map { .failure($0) } ?? .success(storage)
        }
        return try result.get()
    }

    /// Decodes to CMYK, then converts to opaque RGB.
    private static func decodeCMYK(_ handle: tjhandle, _ base: UnsafePointer<UInt8>, _ size: UInt, width: Int,
                                   height: Int, inverted: Bool) -> Result<PixelStorage, ImageDecodingError> {
        var inks = [UInt8](repeating: 0, count: width * height * 4)
        let status = inks.withUnsafeMutableBufferPointer {
            tjDecompress2(handle, base, size, $0.baseAddress, Int32(width), Int32(width * 4), Int32(height),
                          Int32(TJPF_CMYK.rawValue), 0)
        }
        guard status == 0 else { return .failure(decodeFailure(handle)) }
        let storage = PixelStorage(width: width, height: height) { target, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    // Amounts of white left by each ink: 255 - ink, or the stored value when inverted.
                    func white(_ value: UInt8) -> UInt32 { UInt32(inverted ? value : 255 - value) }
                    let k = white(inks[i + 3])
                    let r = white(inks[i]) * k / 255, g = white(inks[i + 1]) * k / 255, b = white(inks[i + 2]) * k / 255
                    target.storeBytes(of: 0xFF00_0000 | r << 16 | g << 8 | b, toByteOffset: y * stride + x * 4,
                                      as: UInt32.self)
                }
            }
        }
        return .success(storage)
    }

    /// The error of a failed decompression: a warning (data ending early,
    /// a corrupt segment) or a fatal error, as TurboJPEG reports it.
    private static func decodeFailure(_ handle: tjhandle) -> ImageDecodingError {
        let message = lastError(handle)
        let truncated = message.localizedCaseInsensitiveContains("premature end")
        return ImageDecodingError(description: (truncated ? "JPEG data is truncated: " : "JPEG data is invalid: ")
                                  + message, isTruncated: truncated)
    }

    /// TurboJPEG's message for the last error on `handle` (or the thread's last one).
    private static func lastError(_ handle: tjhandle?) -> String {
        guard let message = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: message)
    }
}
