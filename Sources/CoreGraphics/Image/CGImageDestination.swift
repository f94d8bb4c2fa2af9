/// Where `CGImageDestination` writes image data to, as ImageIO spells it.
///
/// On Apple platforms these live in the ImageIO module and take `CFURL`,
/// `CFString`, `CFMutableData` and `CFDictionary`. As for `CGImageSource`,
/// swift-corelibs-foundation has no Core Foundation bridging, so Lamina puts
/// them in CoreGraphics and takes `URL`, `String`, `NSMutableData` and
/// `[String: Any]`. `url as CFURL` and `"public.png" as CFString` do not
/// compile on Linux, so code written for Apple drops those casts:
/// `CGImageDestinationCreateWithURL(url, "public.png", 1, nil)`. Options
/// and properties are accepted and ignored.
///
/// Lamina writes one PNG image ("public.png") per destination, with cairo.
/// Not thread-safe (it may hold an `NSMutableData`): use it from one thread.
public final class CGImageDestination {
    /// Where `CGImageDestinationFinalize` puts the file.
    enum Target {
        case file(URL)
        case data(NSMutableData)
    }

    let target: Target
    /// How many images the caller said it would add.
    let count: Int
    /// The images added so far, at most `count`.
    var images: [CGImage] = []
    /// Set when an image was added past `count`: finalizing then fails.
    var overflowed = false
    /// Set by `CGImageDestinationFinalize`, which may run once.
    var isFinalized = false

    init(target: Target, count: Int) {
        self.target = target
        self.count = count
    }

    /// The destination's name in reports: the file's path, or "data".
    var name: String {
        switch target {
        case .file(let url): return url.path
        case .data: return "data"
        }
    }

    /// The type identifiers Lamina writes.
    static let writableTypes = [ImageDecoder.Format.png.rawValue]

    /// A destination for `count` images of `type`, or nil with the reason
    /// reported when Lamina cannot write that.
    static func make(target: Target, type: String, count: Int) -> CGImageDestination? {
        guard writableTypes.contains(type) else {
            CGDiagnostics.report("image destination: cannot write type \"\(type)\" (Lamina writes "
                                 + writableTypes.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
            return nil
        }
        guard count <= 1 else {
            // ImageIO would write an animated PNG; Lamina's writer has one frame.
            CGDiagnostics.report("image destination: \(count) images requested; Lamina writes one image "
                                 + "per PNG file")
            return nil
        }
        if count < 1 {
            // ImageIO logs "invalid capacity" and carries on as for one image.
            CGDiagnostics.report("image destination: invalid capacity (\(count)); 1 is used")
        }
        return CGImageDestination(target: target, count: 1)
    }
}

/// A destination that writes the file at `url` (Apple: `CFURL`) when
/// finalized, for `count` images of `type`, a uniform type identifier
/// (Apple: `CFString`). Lamina writes one "public.png" image: another type,
/// a `count` over 1 or a URL that is not a file URL gives nil, with the
/// reason reported through `CGDiagnostics`. A `count` below 1 is taken as
/// 1, reported, as ImageIO logs "invalid capacity" and does. The file is not
/// touched until `CGImageDestinationFinalize`.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int,
                                            _ options: CFDictionary?) -> CGImageDestination? {
    guard url.isFileURL else {
        CGDiagnostics.report("image destination \(url): only file URLs can be written")
        return nil
    }
    return CGImageDestination.make(target: .file(url), type: type, count: count)
}

/// A destination that appends the encoded file to `data` (Apple:
/// `CFMutableData`) when finalized; otherwise as
/// `CGImageDestinationCreateWithURL`.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int,
                                             _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination.make(target: .data(data), type: type, count: count)
}

/// The uniform type identifiers Lamina can write: "public.png" (Apple:
/// `CFArray`, of every type ImageIO writes).
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    CGImageDestination.writableTypes
}

/// Adds `image` to the destination. As Apple documents, adding more images
/// than the destination's count logs an error; Lamina reports it through
/// `CGDiagnostics`, ignores the image and makes `CGImageDestinationFinalize`
/// fail. After finalizing nothing can be added.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage,
                                       _ properties: CFDictionary?) {
    guard !idst.isFinalized else {
        CGDiagnostics.report("image destination \(idst.name): an image added after finalizing was ignored")
        return
    }
    guard idst.images.count < idst.count else {
        CGDiagnostics.report("image destination \(idst.name): too many images added (it holds "
                             + "\(idst.count)); the image was ignored and finalizing will fail")
        idst.overflowed = true
        return
    }
    idst.images.append(image)
}

/// Writes the image to the destination's file or data: true when written.
/// False, with the reason reported through `CGDiagnostics` and nothing
/// written, when no image was added (ImageIO: "image destination must have
/// at least one image"), when more were added than the destination's count,
/// when the image cannot be encoded, when the file cannot be written (a
/// missing or read-only directory), or when the destination was already
/// finalized. The PNG stores the premultiplied pixels unpremultiplied, with
/// their alpha; it is opaque RGB when every pixel is opaque.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.isFinalized else {
        CGDiagnostics.report("image destination \(idst.name): already finalized")
        return false
    }
    idst.isFinalized = true
    guard !idst.overflowed else {
        CGDiagnostics.report("image destination \(idst.name): more images were added than its count "
                             + "(\(idst.count)); nothing was written")
        return false
    }
    guard let image = idst.images.first else {
        CGDiagnostics.report("image destination \(idst.name): image destination must have at least one image")
        return false
    }
    let png: Data
    do {
        png = try CairoPNG.encode(image.storage)
    } catch {
        CGDiagnostics.report("image destination \(idst.name): the \(image.width)×\(image.height) image "
                             + "could not be encoded as PNG (cairo: \(error))")
        return false
    }
    switch idst.target {
    case .data(let data):
        data.append(png)
    case .file(let url):
        do {
            try png.write(to: url)
        } catch {
            CGDiagnostics.report("image destination \(url.path): could not be written "
                                 + "(\(error.localizedDescription))")
            return false
        }
    }
    return true
}
