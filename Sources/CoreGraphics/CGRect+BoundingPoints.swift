import Foundation

extension CGRect {
    /// The smallest rectangle containing every one of `points` (mapped
    /// corners, an outline); nil when there are none.
    package init?(boundingPoints points: [CGPoint]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
