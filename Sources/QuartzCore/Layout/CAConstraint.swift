/// A layer geometry attribute a constraint sets or reads.
public enum CAConstraintAttribute: Int32, Sendable {
    case minX = 0
    case midX = 1
    case maxX = 2
    case width = 3
    case minY = 4
    case midY = 5
    case maxY = 6
    case height = 7
}

/// One geometric relation between two layers, for `CAConstraintLayoutManager`:
/// `attribute = sourceAttribute(sourceName) * scale + offset`. Immutable.
public final class CAConstraint: Sendable, CustomStringConvertible {
    /// The attribute of the constrained layer.
    public let attribute: CAConstraintAttribute
    /// The sibling layer's `name`, or `"superlayer"`.
    public let sourceName: String
    public let sourceAttribute: CAConstraintAttribute
    public let scale: CGFloat
    public let offset: CGFloat

    public init(attribute: CAConstraintAttribute, relativeTo srcLayer: String,
                attribute srcAttr: CAConstraintAttribute, scale m: CGFloat, offset c: CGFloat) {
        self.attribute = attribute
        sourceName = srcLayer
        sourceAttribute = srcAttr
        scale = m
        offset = c
    }

    public convenience init(attribute: CAConstraintAttribute, relativeTo srcLayer: String,
                            attribute srcAttr: CAConstraintAttribute, offset c: CGFloat) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: c)
    }

    public convenience init(attribute: CAConstraintAttribute, relativeTo srcLayer: String,
                            attribute srcAttr: CAConstraintAttribute) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: 0)
    }

    public var description: String {
        "CAConstraint(\(attribute) = \(sourceName).\(sourceAttribute) * \(scale) + \(offset))"
    }
}

extension CALayer {
    /// Appends `c` to the layer's constraints.
    public func addConstraint(_ c: CAConstraint) {
        constraints = (constraints ?? []) + [c]
    }
}
