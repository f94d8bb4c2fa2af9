import Foundation

extension CGRect {
    /// The smallest rectangle containing every one of `points` (mapped
    /// corners, an outline); nil when there are none.
    package init?(boundingPoints points: [CGPoint]) {
        guard let first = points.first else { return nil }
        var box = BoundingBox(first)
        for point in points.dropFirst() { box.add(point) }
        self = box.rect
    }
}

/// A bounding box grown point by point without collections (the render
/// server bounds every layer's corners every frame). Comparisons as
/// `Sequence.min()` and `max()` make them, so a NaN falls out the same way.
package struct BoundingBox {
    private var minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat

    package init(_ point: CGPoint) {
        (minX, minY, maxX, maxY) = (point.x, point.y, point.x, point.y)
    }

    package mutating func add(_ point: CGPoint) {
        if point.x < minX { minX = point.x }
        if maxX < point.x { maxX = point.x }
        if point.y < minY { minY = point.y }
        if maxY < point.y { maxY = point.y }
    }

    package var rect: CGRect { CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
}
