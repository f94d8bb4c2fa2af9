/// A 2D affine transform, Apple's `CGAffineTransform`.
///
/// Apple's row-vector convention: a point `(x, y)` maps to
/// `(a*x + c*y + tx, b*x + d*y + ty)`, and `t1.concatenating(t2)` applies `t1`
/// first, then `t2`.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The identity transform.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    public static let identity = CGAffineTransform()

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn +x towards +y.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The inverse, or `self` unchanged when the transform is singular (Apple's behaviour).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant, ib = -b / determinant
        let ic = -c / determinant, id = a / determinant
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id,
                                 tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Scale applied before `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Rotation applied before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGPoint {
    /// The point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through `t`'s linear part (translation ignored), as Apple does.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let box = standardized
        let corners = [
            CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
            CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY),
        ].map { $0.applying(t) }
        return CGRect(boundingPoints: corners)!
    }
}
