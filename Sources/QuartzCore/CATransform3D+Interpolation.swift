extension CATransform3D {
    /// The transform `fraction` of the way from `from` to `to`, as Apple
    /// animates transforms: by decomposition, not entry by entry.
    ///
    /// PLACEHOLDER: entry-wise blend until decomposition lands.
    static func interpolate(from: CATransform3D, to: CATransform3D, fraction: Double) -> CATransform3D {
        let t = CGFloat(fraction)
        return CATransform3D(entries: zip(from.entries, to.entries).map { $0 + ($1 - $0) * t })
    }
}
