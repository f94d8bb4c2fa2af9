import Foundation

/// A rectangle of whole pixels in a bitmap (origin top left, row 0 first in
/// memory): damage, clips and coverage on the render server, and the
/// region a `CGContext` call touched.
package struct PixelRect: Equatable, Hashable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }
    package var area: Int { isEmpty ? 0 : width * height }

    /// The smallest pixel rectangle covering `rect`; nil for empty or non-finite rects.
    package init?(covering rect: CGRect) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
              rect.width > 0, rect.height > 0 else { return nil }
        // Every side is clamped on both ends before converting: a rectangle
        // far off screen must not trap.
        let limit = CGFloat(1 << 28)
        func clamp(_ value: CGFloat) -> CGFloat { min(limit, max(-limit, value)) }
        let minX = Int(clamp(rect.minX).rounded(.down)), minY = Int(clamp(rect.minY).rounded(.down))
        let maxX = Int(clamp(rect.maxX).rounded(.up)), maxY = Int(clamp(rect.maxY).rounded(.up))
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// No pixels.
    package static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The pixels that drawing `rect` with antialiasing may change, within
    /// a `width` x `height` bitmap: `rect` rounded outwards with one more
    /// pixel on each side (cairo's antialiased edges reach that far), then
    /// clipped to the bitmap. Empty for a null, empty or non-finite rectangle.
    package init(touchedByDrawing rect: CGRect, inWidth width: Int, height: Int) {
        guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else {
            self = .empty
            return
        }
        func clamp(_ value: CGFloat, _ limit: Int) -> Int {
            Int(Swift.min(Swift.max(value, 0), CGFloat(limit)))
        }
        let minX = clamp(rect.minX.rounded(.down) - 1, width)
        let minY = clamp(rect.minY.rounded(.down) - 1, height)
        let maxX = clamp(rect.maxX.rounded(.up) + 1, width)
        let maxY = clamp(rect.maxY.rounded(.up) + 1, height)
        self.init(x: minX, y: minY, width: Swift.max(0, maxX - minX), height: Swift.max(0, maxY - minY))
    }

    package func intersection(_ other: PixelRect) -> PixelRect? {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    package func union(_ other: PixelRect) -> PixelRect {
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    package func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    package var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
