/// How a layer's contents are positioned in its bounds.
/// How a layer's backing store is stored: Apple's `CALayerContentsFormat`,
/// for `contentsFormat`. Apple calls it a hint; Lamina's backing stores
/// are always 8-bit premultiplied RGBA, whatever is asked (docs/behaviour.md).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Four 8-bit channels, the default.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit floating-point channels.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The curve of a layer's rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous curvature ("squircle") corner: it starts
    /// `CALayer.cornerCurveExpansionFactor(.continuous)` times the radius
    /// from the corner along each edge.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How a layer's `contents` image is sampled when it is drawn smaller
/// (`minificationFilter`) or larger (`magnificationFilter`) than its pixels.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear interpolation of the four nearest pixels (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel: hard, square pixels when magnified.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Linear between mipmap levels. Apple: "Some renderers may ignore
    /// this"; Lamina keeps no mipmaps and samples it as `linear`.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// How a layer resizes when its superlayer's bounds change (macOS's
/// `CAAutoresizingMask`).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerNotSizable = CAAutoresizingMask([])
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// Which edges of a layer are antialiased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
    static let all: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}

/// The action identifier run when a layer joins a visible tree.
public let kCAOnOrderIn = "onOrderIn"
/// The action identifier run when a layer leaves a visible tree.
public let kCAOnOrderOut = "onOrderOut"
/// The action identifier for a transition animation.
public let kCATransition = "transition"
