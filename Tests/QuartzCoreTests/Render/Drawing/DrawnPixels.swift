import Foundation
@testable import QuartzCore

/// A rendered frame read the way the perspective tests check it: where
/// anything other than the background was drawn, and whether the pixels
/// inside a projected quad are what the layer draws there. Reads raw rows
/// (memcmp against a background row), so a sweep of hundreds of frames
/// stays fast in a debug build.
struct DrawnPixels {
    let width: Int, height: Int
    let background: UInt32
    private let bytesPerRow: Int
    /// Calls its argument with the first pixel's address.
    private let withPixels: ((UnsafeRawPointer) -> Void) -> Void

    init(image: CGImage, background: UInt32) {
        (width, height, bytesPerRow, self.background) = (image.width, image.height, image.storage.bytesPerRow, background)
        withPixels = { body in image.storage.withUnsafeBytes { body($0.baseAddress!) } }
    }

    /// The pixels of a bitmap context in Lamina's format (premultiplied
    /// ARGB in native order), read where they are.
    init(context: CGContext, background: UInt32) {
        (width, height, bytesPerRow, self.background) = (context.width, context.height, context.bytesPerRow, background)
        withPixels = { body in body(UnsafeRawPointer(context.data!)) }
    }

    /// The box of the pixels that are not `background`, in target pixels
    /// (a pixel (x, y) spans x...x+1); nil when nothing was drawn.
    var drawnBox: CGRect? {
        let backgroundRow = [UInt32](repeating: background, count: width)
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        withPixels { base in
            backgroundRow.withUnsafeBytes { plain in
                for y in 0..<height {
                    let row = base + y * bytesPerRow
                    guard memcmp(row, plain.baseAddress!, width * 4) != 0 else { continue }
                    let pixels = row.assumingMemoryBound(to: UInt32.self)
                    var first = 0, last = width - 1
                    while pixels[first] == background { first += 1 }
                    while pixels[last] == background { last -= 1 }
                    (minX, maxX) = (min(minX, first), max(maxX, last))
                    (minY, maxY) = (min(minY, y), y)
                }
            }
        }
        guard minX <= maxX else { return nil }
        return CGRect(x: minX, y: minY, width: maxX + 1 - minX, height: maxY + 1 - minY)
    }

    /// The pixels whose centres lie at least `inset` pixels inside `quad`
    /// that `expected` (given the pixel's centre) does not accept: how many,
    /// the first few, and how many pixels were looked at (all of those
    /// inside).
    func strays(inside quad: ProjectedQuad, inset: CGFloat,
                expected: (CGPoint, UInt32) -> Bool) -> (count: Int, first: [String], checked: Int) {
        var count = 0, first: [String] = [], checked = 0
        forEachRun(inside: quad, inset: inset) { y, pixels, columns in
            checked += columns.count
            for x in columns where !expected(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5), pixels[x]) {
                count += 1
                if first.count < 5 { first.append("(\(x), \(y)): \(String(pixels[x], radix: 16))") }
            }
        }
        return (count, first, checked)
    }

    /// `strays(inside:inset:expected:)` for a layer of one colour, without
    /// a call a pixel (the sweep reads a million pixels in a debug build).
    func strays(inside quad: ProjectedQuad, inset: CGFloat, colour: UInt32) -> (count: Int, first: [String], checked: Int) {
        var count = 0, first: [String] = [], checked = 0
        forEachRun(inside: quad, inset: inset) { y, pixels, columns in
            checked += columns.count
            for x in columns where pixels[x] != colour {
                count += 1
                if first.count < 5 { first.append("(\(x), \(y)): \(String(pixels[x], radix: 16))") }
            }
        }
        return (count, first, checked)
    }

    /// Calls `body` for each row with pixels whose centres lie at least
    /// `inset` inside `quad`: the row, its pixels and those columns.
    private func forEachRun(inside quad: ProjectedQuad, inset: CGFloat,
                            _ body: (Int, UnsafePointer<UInt32>, ClosedRange<Int>) -> Void) {
        withPixels { base in
            for y in 0..<height {
                guard let run = quad.run(atHeight: CGFloat(y) + 0.5, inset: inset) else { continue }
                // Pixels whose centres x + 0.5 lie in the run, within the target.
                let from = max(0, Int(max(-1, run.lowerBound - 0.5).rounded(.up)))
                let to = min(width - 1, Int(min(CGFloat(width), run.upperBound - 0.5).rounded(.down)))
                guard from <= to else { continue }
                body(y, (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self), from...to)
            }
        }
    }
}

extension DrawnPixels {
    /// How the drawn box differs from `quad`'s box (cut to the target) by
    /// more than `tolerance` pixels on some side; nil when it does not.
    func boxMismatch(with quad: ProjectedQuad, tolerance: CGFloat = 1) -> String? {
        let expected = quad.box(within: width, height)
        guard let drawn = drawnBox else { return expected.isEmpty ? nil : "nothing drawn, expected \(expected)" }
        let sides = [(drawn.minX, expected.minX), (drawn.minY, expected.minY),
                     (drawn.maxX, expected.maxX), (drawn.maxY, expected.maxY)]
        guard sides.contains(where: { abs($0.0 - $0.1) > tolerance }) else { return nil }
        return "drawn \(drawn), projected corners' box \(expected)"
    }
}
