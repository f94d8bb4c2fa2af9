/// A colour multiplied into everything a layer draws (a replicator copy's
/// tint); premultiplication happens when it is applied.
struct Tint: Equatable, Sendable {
    var red: Double, green: Double, blue: Double, alpha: Double
    static let white = Tint(red: 1, green: 1, blue: 1, alpha: 1)

    /// Both tints multiplied.
    func times(_ other: Tint) -> Tint {
        Tint(red: red * other.red, green: green * other.green, blue: blue * other.blue, alpha: alpha * other.alpha)
    }
}
