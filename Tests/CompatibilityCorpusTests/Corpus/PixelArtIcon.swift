import QuartzCore

/// A pixel-art sprite shown large with hard pixels, as games and retro
/// styled apps show them: one small bitmap, magnified with the nearest
/// filter instead of being smoothed.
final class PixelArtIcon {
    /// The sprite, row by row from the top: `#` is ink, `.` is clear.
    static let sprite = [
        "..#.....#..",
        "...#...#...",
        "..#######..",
        ".##.###.##.",
        "###########",
        "#.#######.#",
        "#.#.....#.#",
        "...##.##...",
    ]

    let layer = CALayer()
    let image: CGImage

    /// An icon whose pixels are `pixelSize` points square.
    init(pixelSize: CGFloat, color: CGColor) {
        image = PixelArtIcon.makeImage(color: color)
        layer.contents = image
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat(image.width) * pixelSize,
                              height: CGFloat(image.height) * pixelSize)
        // Hard pixels when drawn larger, and when drawn smaller too (a card
        // turned edge-on squeezes the sprite).
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .nearest
        // No mipmaps are involved with the nearest filter; keep the level of
        // detail where it is.
        layer.minificationFilterBias = 0
    }

    /// The sprite as a bitmap, one pixel a cell.
    static func makeImage(color: CGColor) -> CGImage {
        let rows = sprite.count, columns = sprite[0].count
        let context = CGContext(data: nil, width: columns, height: rows, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(color)
        for (row, line) in sprite.enumerated() {
            for (column, cell) in line.enumerated() where cell == "#" {
                // A bitmap context's origin is its bottom-left corner.
                context.fill(CGRect(x: column, y: rows - 1 - row, width: 1, height: 1))
            }
        }
        return context.makeImage()!
    }
}
