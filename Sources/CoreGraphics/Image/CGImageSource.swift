
/// Where `CGImageSource` reads image data from, as ImageIO spells it.
///
/// On Apple platforms these live in the ImageIO module and take `CFURL`,
/// `CFData` and `CFDictionary`; swift-corelibs-foundation has no Core
/// Foundation bridging, so Lamina puts them in CoreGraphics and takes
/// `URL`, `Data` and `[String: Any]`. `CGImageSourceCreateWithURL(url, nil)`
/// therefore compiles unchanged; `url as CFURL` does not. Options are
/// accepted and ignored. Lamina decodes PNG and JPEG, one image per source.
public final class CGImageSource: Sendable {
    private let data: Data
    /// The URL's path or a description of the data, for reports.
    let name: String
    let format: ImageDecoder.Format?
    /// The decoded image, or why it failed; decoded on first use.
    private let outcome = LockedValue<Result<CGImage, ImageDecodingError>?>(nil)

    init(data: Data, name: String) {
        self.data = data
        self.name = name
        format = ImageDecoder.Format(sniffing: data)
    }

    /// Decodes once; later calls return the same image or error.
    func decoded() -> Result<CGImage, ImageDecodingError> {
        outcome.withLock { cached in
            if let cached { return cached }
            let result: Result<CGImage, ImageDecodingError>
            do throws(ImageDecodingError) {
                result = .success(try ImageDecoder.decode(data))
            } catch {
                result = .failure(error)
            }
            cached = result
            return result
        }
    }
}

/// How far an image source got, Apple's `CGImageSourceStatus`.
/// Lamina reports `statusComplete`, `statusUnknownType`,
/// `statusInvalidData` and `statusUnexpectedEOF`; the other two belong to
/// incremental loading, which it does not do.
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the image did.
    case statusUnexpectedEOF = -5
    /// The data is damaged or not valid for its format.
    case statusInvalidData = -4
    /// The data is in no format Lamina decodes (or is empty).
    case statusUnknownType = -3
    /// The header is still being read (incremental loading only).
    case statusReadingHeader = -2
    /// More data is expected (incremental loading only).
    case statusIncomplete = -1
    /// The image can be decoded.
    case statusComplete = 0
}

/// A source reading the file at `url` (Apple: `CFURL`). Lamina reads the
/// whole file now, so a missing or unreadable file (or a URL that is not a
/// file URL) returns nil, with the reason reported through `CGDiagnostics`.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = ImageFileReader.read(url) else { return nil }
    return CGImageSource(data: data, name: url.path)
}

/// A source reading `data` (Apple: `CFData`).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data, name: "data of \(data.count) bytes")
}

/// The number of images in the source: 1 for PNG or JPEG data, 0 when the
/// format is not recognised (empty data, another format).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.format == nil ? 0 : 1
}

/// The source's uniform type identifier ("public.png", "public.jpeg"), or
/// nil when the format is not recognised (Apple: `CFString?`).
public func CGImageSourceGetType(_ isrc: CGImageSource) -> String? {
    isrc.format?.rawValue
}

/// Whether the source's image can be decoded: complete, unknown type,
/// invalid data, or unexpected end of data. (Decodes the image if needed.)
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    guard isrc.format != nil else { return .statusUnknownType }
    switch isrc.decoded() {
    case .success: return .statusComplete
    case .failure(let error): return error.isTruncated ? .statusUnexpectedEOF : .statusInvalidData
    }
}

/// The image at `index` (only 0 exists), premultiplied ARGB; nil, with the
/// reason reported through `CGDiagnostics`, for any other index or data
/// that cannot be decoded.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int,
                                            _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else {
        CGDiagnostics.report("image \(isrc.name): no image at index \(index) (the source has "
                             + "\(CGImageSourceGetCount(isrc)))")
        return nil
    }
    switch isrc.decoded() {
    case .success(let image): return image
    case .failure(let error):
        CGDiagnostics.report("image \(isrc.name): \(error)")
        return nil
    }
}
