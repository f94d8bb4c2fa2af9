/// Recognises an image file format by its first bytes and decodes it into
/// Lamina's working format. A Lamina internal behind `CGImageSource` and
/// `CGImage.load(contentsOf:)`.
enum ImageDecoder {
    /// The formats Lamina decodes, with Apple's uniform type identifiers.
    enum Format: String, Sendable {
        case png = "public.png"
        case jpeg = "public.jpeg"

        /// The format `data` starts like, or nil.
        init?(sniffing data: Data) {
            let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            if data.starts(with: pngSignature) {
                self = .png
            } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else {
                return nil
            }
        }
    }

    /// The image in `data`, or why not.
    static func decode(_ data: Data) throws(ImageDecodingError) -> CGImage {
        guard !data.isEmpty else { throw ImageDecodingError(description: "the data is empty", isTruncated: true) }
        guard let format = Format(sniffing: data) else {
            throw ImageDecodingError(description: "the data is not a PNG or JPEG image (unknown signature)")
        }
        switch format {
        case .png: return CGImage(storage: try CairoPNG.decode(data))
        case .jpeg: return CGImage(storage: try TurboJPEG.decode(data))
        }
    }
}

extension CGImage {
    /// The PNG or JPEG image in the file at `url` (a Lamina helper; on
    /// Apple platforms use ImageIO's `CGImageSource`, or UIKit/AppKit).
    /// Nil, with the reason reported through `CGDiagnostics`, when the file
    /// is missing, unreadable, empty, truncated, corrupt or in another format.
    public static func load(contentsOf url: URL) -> CGImage? {
        guard let data = ImageFileReader.read(url) else { return nil }
        return load(data: data, describedAs: url.path)
    }

    /// The PNG or JPEG image in `data` (a Lamina helper); nil, with the
    /// reason reported, when it cannot be decoded.
    public static func load(data: Data) -> CGImage? {
        load(data: data, describedAs: "data of \(data.count) bytes")
    }

    static func load(data: Data, describedAs name: String) -> CGImage? {
        do {
            return try ImageDecoder.decode(data)
        } catch {
            CGDiagnostics.report("image \(name): \(error)")
            return nil
        }
    }
}

/// Reads whole image files, reporting why one cannot be read.
enum ImageFileReader {
    /// The file's bytes, or nil with the reason reported.
    static func read(_ url: URL) -> Data? {
        guard url.isFileURL else {
            CGDiagnostics.report("image \(url): only file URLs can be read")
            return nil
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path)
                ? "could not be read (\(error.localizedDescription))" : "no such file"
            CGDiagnostics.report("image \(url.path): \(reason)")
            return nil
        }
    }
}
