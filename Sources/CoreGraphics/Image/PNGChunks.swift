/// Checks a PNG's chunk structure (lengths, CRCs, IHDR first, IEND last)
/// before libpng sees it. cairo reports most libpng failures as "out of
/// memory", so this gives the real reason for truncated or damaged files.
enum PNGChunks {
    /// Nil when every chunk is whole and its CRC matches, else why not.
    static func validate(_ data: Data) -> ImageDecodingError? {
        data.withUnsafeBytes { bytes -> ImageDecodingError? in
            var offset = 8 // past the signature
            var index = 0
            while true {
                guard offset + 8 <= bytes.count else {
                    return ImageDecodingError(description: "PNG data is truncated (ends after \(bytes.count) bytes, "
                                              + "before the IEND chunk)", isTruncated: true)
                }
                let length = Int(bigEndianWord(bytes, offset))
                let typeBytes = bytes[(offset + 4)..<(offset + 8)]
                let type = typeBytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                    ? String(decoding: typeBytes, as: UTF8.self)
                    : "0x" + typeBytes.map { String($0, radix: 16) }.joined()
                guard length <= 0x7FFF_FFFF else {
                    return ImageDecodingError(description: "PNG chunk \(index) has an invalid length \(length)")
                }
                guard offset + 12 + length <= bytes.count else {
                    return ImageDecodingError(description: "PNG data is truncated (ends after \(bytes.count) bytes, "
                                              + "inside the \(type) chunk)", isTruncated: true)
                }
                let stored = bigEndianWord(bytes, offset + 8 + length)
                let computed = crc32(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)]))
                guard stored == computed else {
                    return ImageDecodingError(description: "PNG data is corrupt (CRC mismatch in the \(type) chunk "
                                              + "at byte \(offset))")
                }
                if index == 0 {
                    guard type == "IHDR", length >= 8 else {
                        return ImageDecodingError(description: "PNG data is invalid (first chunk is \(type), not IHDR)")
                    }
                    // Refuse huge images before libpng allocates for them.
                    let width = Int(bigEndianWord(bytes, offset + 8)), height = Int(bigEndianWord(bytes, offset + 12))
                    if let problem = ImageDecodingError.checkSize(width: width, height: height, format: "PNG") {
                        return problem
                    }
                }
                if type == "IEND" { return nil }
                offset += 12 + length
                index += 1
            }
        }
    }

    private static func bigEndianWord(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// PNG's CRC-32 (ISO 3309, polynomial 0xEDB88320).
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
