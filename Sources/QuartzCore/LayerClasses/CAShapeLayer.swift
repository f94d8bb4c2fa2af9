/// A layer that draws a cubic Bézier path: Apple's `CAShapeLayer`. The path
/// is filled, then stroked, as the layer's content: over the background,
/// under the border and sublayers. It is drawn in the layer's coordinate
/// space and is not clipped to the bounds unless `masksToBounds` is set.
///
/// `path`, `fillColor`, `strokeColor`, `lineWidth`, `miterLimit`,
/// `lineDashPhase`, `strokeStart` and `strokeEnd` are animatable. A path
/// animates point by point only between paths with the same elements;
/// otherwise it jumps, which Apple calls undefined.
open class CAShapeLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CAShapeLayerProperties.all }

    /// The path to draw, in the layer's coordinate space. Defaults to nil.
    /// The layer keeps a copy, as Apple does (later changes to a
    /// `CGMutablePath` do not show). Animatable.
    open var path: CGPath? {
        get { propertyValue(forKey: "path") as? CGPath }
        set { setShapeProperty(newValue, forKey: "path") }
    }

    /// The colour the path is filled with; nil fills nothing. Defaults to
    /// opaque black. Animatable.
    open var fillColor: CGColor? {
        get { get("fillColor", nil) }
        set { setProperty(newValue, forKey: "fillColor") }
    }

    /// How the path's inside is decided when filling. Defaults to `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { get("fillRule", .nonZero) }
        set { setShapeProperty(newValue, forKey: "fillRule") }
    }

    /// The colour the path is stroked with; nil strokes nothing. Defaults to nil. Animatable.
    open var strokeColor: CGColor? {
        get { get("strokeColor", nil) }
        set { setProperty(newValue, forKey: "strokeColor") }
    }

    /// The stroke's width, centred on the path. Defaults to 1. Animatable.
    open var lineWidth: CGFloat {
        get { get("lineWidth", 1) }
        set { setProperty(newValue, forKey: "lineWidth") }
    }

    /// How the ends of open subpaths (and dashes) are drawn. Defaults to `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { get("lineCap", .butt) }
        set { setShapeProperty(newValue, forKey: "lineCap") }
    }

    /// How the segments of the stroke are joined. Defaults to `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { get("lineJoin", .miter) }
        set { setShapeProperty(newValue, forKey: "lineJoin") }
    }

    /// Where mitred joins become bevels (a ratio of the miter's length to
    /// the line width). Defaults to 10. Animatable.
    open var miterLimit: CGFloat {
        get { get("miterLimit", 10) }
        set { setProperty(newValue, forKey: "miterLimit") }
    }

    /// The lengths of the painted and unpainted segments of the stroke, in
    /// turn; nil (the default) or empty strokes solid lines.
    open var lineDashPattern: [NSNumber]? {
        get { propertyValue(forKey: "lineDashPattern") as? [NSNumber] }
        set { setShapeProperty(newValue, forKey: "lineDashPattern") }
    }

    /// How far into the dash pattern the stroke starts. Defaults to 0. Animatable.
    open var lineDashPhase: CGFloat {
        get { get("lineDashPhase", 0) }
        set { setProperty(newValue, forKey: "lineDashPhase") }
    }

    /// Where stroking starts, as a fraction of the path's length in 0...1.
    /// Defaults to 0. Animatable.
    open var strokeStart: CGFloat {
        get { get("strokeStart", 0) }
        set { setProperty(newValue, forKey: "strokeStart") }
    }

    /// Where stroking ends, as a fraction of the path's length in 0...1.
    /// Defaults to 1. Animatable (the classic "draw the outline" animation).
    open var strokeEnd: CGFloat {
        get { get("strokeEnd", 1) }
        set { setProperty(newValue, forKey: "strokeEnd") }
    }

    /// Sets `value` for `key`, converting the shape keys (strings for the
    /// fill rule, caps and joins; a copy of a path).
    open override func setValue(_ value: Any?, forKey key: String) {
        guard CAShapeLayerProperties.checkedKeys.contains(key) else { return super.setValue(value, forKey: key) }
        setShapeProperty(value, forKey: key)
    }
}

/// The rule `CAShapeLayer` fills its path with.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The rule named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a non-zero number of times.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How `CAShapeLayer` draws the ends of open subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The cap named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line ends squarely at the end point.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle extends past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square extends past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How `CAShapeLayer` joins the segments of its stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The join named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The outer edges extend to meet in a point (bevelled past `miterLimit`).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A circular arc joins the segments.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// The segments' outer corners are joined by a straight line.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
