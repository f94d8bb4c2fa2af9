extension CATransform3D {
    /// True when the map keeps rectangles axis-aligned in 2D (no rotation,
    /// skew or perspective): only scale and translation.
    var isAxisAligned2D: Bool {
        m12 == 0 && m21 == 0 && m14 == 0 && m24 == 0 && m44 == 1
    }

    /// True for a translation (with no other effect on x, y).
    var isTranslation2D: Bool {
        isAxisAligned2D && m11 == 1 && m22 == 1
    }

    /// True for a translation by whole pixels (with no other effect on x, y).
    /// Also within ±2³¹, so that `Int(m41)` and pixel arithmetic on it cannot trap.
    var isIntegerTranslation2D: Bool {
        isAxisAligned2D && m11 == 1 && m22 == 1 && m41 == m41.rounded() && m42 == m42.rounded()
            && abs(m41) < 0x8000_0000 && abs(m42) < 0x8000_0000
    }

    /// The w a map without perspective gives every point, when it is a
    /// constant other than 1 (a layer moved along z under its superlayer's
    /// perspective): x and y on screen are the matrix's divided by it.
    /// Nil when w is 1 or changes across the plane, or is not a positive
    /// finite number.
    var constantDepth: CGFloat? {
        m14 == 0 && m24 == 0 && m44 != 1 && m44 > 0 && m44.isFinite ? m44 : nil
    }
}
