/// Which directions a `CAScrollLayer` scrolls in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of its sublayers, scrolled by its bounds' origin:
/// Apple's `CAScrollLayer`. It masks to its bounds, as Apple's does.
open class CAScrollLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CAScrollLayer.properties }

    private static let properties = CALayerProperties.all.merging(
        CALayerProperties.table([LayerProperty("scrollMode", .object, CAScrollLayerScrollMode.both, animatable: false)])
    ) { $1 }

    public override init() {
        super.init()
        masksToBounds = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        masksToBounds = true
    }

    /// The directions scrolling may move (default `.both`).
    open var scrollMode: CAScrollLayerScrollMode {
        get {
            let value = propertyValue(forKey: "scrollMode")
            return value as? CAScrollLayerScrollMode ?? (value as? String).map(CAScrollLayerScrollMode.init) ?? .both
        }
        set { setProperty(newValue, forKey: "scrollMode") }
    }

    /// Scrolls so that `p` (in the layer's coordinates) is at its bounds'
    /// origin, in the directions `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else {
            return CADiagnostics.report(layer: self, keyPath: "bounds.origin", "scroll(to:) with non-finite \(p); ignored")
        }
        var origin = bounds.origin
        switch scrollMode {
        case .both: origin = p
        case .horizontally: origin.x = p.x
        case .vertically: origin.y = p.y
        default: return
        }
        var newBounds = bounds
        newBounds.origin = origin
        bounds = newBounds
    }

    /// Scrolls the least distance that makes `r` (in the layer's
    /// coordinates) visible; when `r` is larger than the bounds, its origin
    /// side wins.
    open func scroll(to r: CGRect) {
        let visible = bounds
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
        func axis(_ visibleMin: CGFloat, _ visibleLength: CGFloat, _ min: CGFloat, _ max: CGFloat) -> CGFloat {
            if min < visibleMin || max - min > visibleLength { return min }
            if max > visibleMin + visibleLength { return max - visibleLength }
            return visibleMin
        }
        scroll(to: CGPoint(x: axis(visible.minX, visible.width, r.minX, r.maxX),
                           y: axis(visible.minY, visible.height, r.minY, r.maxY)))
    }
}

extension CALayer {
    /// The closest ancestor scroll layer (this layer included).
    var enclosingScrollLayer: CAScrollLayer? {
        var layer: CALayer? = self
        while let current = layer {
            if let scroller = current as? CAScrollLayer { return scroller }
            layer = current.superlayerReference
        }
        return nil
    }

    /// Scrolls the closest ancestor `CAScrollLayer` so that `p` (in this
    /// layer's coordinates) lies at the scroll layer's origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the closest ancestor `CAScrollLayer` so that `r` (in this
    /// layer's coordinates) is visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of the layer's bounds its closest ancestor scroll layer
    /// shows, in the layer's coordinates; the bounds when there is none.
    public var visibleRect: CGRect {
        guard let scroller = superlayerReference?.enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroller.bounds, from: scroller))
    }
}
