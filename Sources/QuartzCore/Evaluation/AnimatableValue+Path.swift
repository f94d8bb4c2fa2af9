/// Path animation (`CAShapeLayer.path`): Apple interpolates "point by point"
/// between two paths with the same number of control points and the same
/// element types, and calls the result undefined otherwise. Lamina makes a
/// path's components its points in element order, so the generic
/// component arithmetic (interpolation, additive, springs, keyframe splines)
/// works on paths unchanged; two paths whose structures differ have
/// different shapes, so they do not interpolate and the animation jumps.
extension CGPathSnapshot {
    /// Every point of every element, as x, y pairs in order.
    var pointComponents: [Double] {
        elements.flatMap { $0.points.flatMap { [Double($0.x), Double($0.y)] } }
    }

    /// True when both paths have the same element types in the same order.
    func hasSameStructure(as other: CGPathSnapshot) -> Bool {
        elements.count == other.elements.count
            && zip(elements, other.elements).allSatisfy { $0.type == $1.type }
    }

    /// This path's structure with its points read from `values` at `index`.
    func rebuilt(consuming values: [Double], at index: inout Int) -> CGPathSnapshot {
        func next() -> CGPoint {
            defer { index += 2 }
            return CGPoint(x: values[index], y: values[index + 1])
        }
        let rebuiltElements = elements.map { element -> CGPathElementValue in
            switch element {
            case .moveTo: return .moveTo(next())
            case .addLineTo: return .addLineTo(next())
            case .addQuadCurveTo: return .addQuadCurveTo(control: next(), end: next())
            case .addCurveTo: return .addCurveTo(control1: next(), control2: next(), end: next())
            case .closeSubpath: return .closeSubpath
            }
        }
        return CGPathSnapshot(elements: rebuiltElements)
    }
}
