/// The part of a `CGContext`'s graphics state that Lamina keeps in Swift;
/// `saveGState()` pushes a copy. The clip lives in cairo, saved alongside.
/// Defaults are Apple's: black fill and stroke, 1-unit butt-capped mitred
/// lines with a miter limit of 10, alpha 1, normal blending, antialiasing on.
struct GraphicsState {
    /// Straight (not premultiplied) RGBA in 0...1.
    struct Color: Equatable {
        var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

        static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)

        init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        init(_ color: CGColor) {
            let rgba = color.rgba
            self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        }
    }

    /// User space to Apple's device space (origin bottom-left, y up).
    var ctm = CGAffineTransform.identity
    var fillColor = Color.black
    var strokeColor = Color.black
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashLengths: [CGFloat] = []
    var dashPhase: CGFloat = 0
    var blendMode = CGBlendMode.normal
    var shouldAntialias = true
    var interpolationQuality = CGInterpolationQuality.default
}
