/// A rectangle of whole pixels in a bitmap, row 0 first in memory.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels `rect` touches (rounded outwards, one more pixel of margin
    /// on each side for antialiasing), clipped to `width` × `height`; empty
    /// for a null, empty or non-finite rectangle.
    init(covering rect: CGRect, width: Int, height: Int) {
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

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
