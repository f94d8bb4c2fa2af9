/// Reading JPEG marker segments without decoding: a Lamina internal.
enum JPEGMarkers {
    /// True when the JPEG's header segments (before the first scan) hold an
    /// Adobe APP14 segment, which says CMYK inks are stored inverted.
    static func hasAdobeMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return false }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue } // fill byte
            if marker == 0xDA || marker == 0xD9 { return false } // start of scan, end of image
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue } // no length
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return false }
            let payload = index + 4
            if marker == 0xEE, payload + 5 <= bytes.count,
               Array(bytes[payload..<(payload + 5)]) == Array("Adobe".utf8) {
                return true
            }
            index += 2 + length
        }
        return false
    }
}
