import XCTest
@testable import CoreGraphics

/// Damaged image data never crashes or hangs the decoder: truncated,
/// bit-flipped, byte-garbled and spliced PNG and JPEG data each give nil
/// or an image. Seeded (SplitMix64), so every run feeds the same bytes.
final class ImageFuzzTests: XCTestCase {
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func fixture(_ name: String) throws -> Data {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
        return try Data(contentsOf: url)
    }

    /// Decodes `data`; a returned image must have a sane size.
    private func decode(_ data: Data, _ label: String) {
        if let image = CGImage.load(data: data) {
            XCTAssertGreaterThan(image.width, 0, label)
            XCTAssertGreaterThan(image.height, 0, label)
        }
    }

    private func mutate(_ original: Data, rng: inout SplitMix64) -> Data {
        var bytes = [UInt8](original)
        switch Int.random(in: 0...4, using: &rng) {
        case 0:  // truncate
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
        case 1:  // flip a few bits
            for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= 1 << UInt8.random(in: 0...7, using: &rng)
            }
        case 2:  // overwrite a run with random bytes (header fields, lengths, CRCs)
            let start = Int.random(in: 0..<max(1, min(bytes.count, 64)), using: &rng)
            for index in start..<min(bytes.count, start + Int.random(in: 1...8, using: &rng)) {
                bytes[index] = UInt8.random(in: 0...255, using: &rng)
            }
        case 3:  // huge dimensions or lengths: 0xFF runs
            let start = Int.random(in: 0..<max(1, min(bytes.count, 40)), using: &rng)
            for index in start..<min(bytes.count, start + 4) { bytes[index] = 0xFF }
        default:  // splice: repeat or drop a middle chunk
            guard bytes.count > 16 else { break }
            let a = Int.random(in: 8..<bytes.count, using: &rng), b = Int.random(in: a...bytes.count, using: &rng)
            bytes = Int.random(in: 0...1, using: &rng) == 0
                ? Array(bytes[..<a] + bytes[a..<b] + bytes[a...])
                : Array(bytes[..<a] + bytes[b...])
        }
        return Data(bytes)
    }

    func testDamagedPNGAndJPEGDataNeverCrash() throws {
        let names = ["rgba.png", "palette.png", "gray-alpha.png", "rgba16.png", "gray.png",
                     "photo.jpg", "gray.jpg", "cmyk.jpg"]
        var rng = SplitMix64(state: 2024)
        for name in names {
            let original = try fixture(name)
            XCTAssertNotNil(CGImage.load(data: original), "\(name) decodes intact")
            for round in 0..<150 {
                decode(mutate(original, rng: &rng), "\(name) round \(round)")
            }
        }
    }

    func testEveryPrefixOfASmallPNGAndJPEG() throws {
        for name in ["palette.png", "gray.jpg"] {
            let original = try fixture(name)
            let step = max(1, original.count / 300)
            for length in stride(from: 0, to: original.count, by: step) {
                decode(original.prefix(length), "\(name) first \(length) bytes")
            }
        }
    }

    func testMagicNumbersFollowedByGarbage() {
        var rng = SplitMix64(state: 7)
        let magics: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], [0xFF, 0xD8], []]
        for magic in magics {
            for _ in 0..<200 {
                let tail = (0..<Int.random(in: 0...512, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                decode(Data(magic + tail), "magic \(magic) + \(tail.count) bytes")
            }
        }
    }
}
