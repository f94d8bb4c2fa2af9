/// A smooth transition between colours across an area: Apple's `CGGradient`,
/// drawn with `CGContext.drawLinearGradient`, `drawRadialGradient` and
/// `drawConicGradient`. Immutable, so `Sendable`.
///
/// Colours blend in device RGB with unpremultiplied components, as
/// Quartz blends gradient stops.
public final class CGGradient: Sendable {
    /// One colour stop: a location in 0...1 and its red, green, blue, alpha.
    struct Stop: Sendable, Equatable {
        var location: CGFloat
        var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    }

    /// The stops, sorted by location.
    let stops: [Stop]
    /// The colour space the gradient was made in (nil means device RGB).
    public let colorSpace: CGColorSpace?

    /// A gradient through `colors`. `locations`, when given, holds one
    /// location in 0...1 per colour; nil spreads the colours evenly from 0
    /// to 1 (Apple: "the first color is assigned location 0 and the last
    /// location 1"). Returns nil for no colours or a non-finite location.
    ///
    /// Apple takes `colors` as a `CFArray`; on Linux pass `[CGColor]`.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        var stops: [Stop] = []
        for (index, color) in colors.enumerated() {
            let location = locations.map { $0[index] }
                ?? (colors.count == 1 ? 0 : CGFloat(index) / CGFloat(colors.count - 1))
            guard location.isFinite else { return nil }
            let rgba = color.rgba
            stops.append(Stop(location: min(max(location, 0), 1), red: rgba.red, green: rgba.green,
                              blue: rgba.blue, alpha: rgba.alpha))
        }
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        colorSpace = space
    }

    /// The colour at `location` (clamped to the first and last stops).
    func color(at location: CGFloat) -> Stop {
        guard let first = stops.first, let last = stops.last else { return Stop(location: 0, red: 0, green: 0, blue: 0, alpha: 0) }
        if location <= first.location { return first }
        if location >= last.location { return last }
        for (a, b) in zip(stops, stops.dropFirst()) where location <= b.location {
            let span = b.location - a.location
            let t = span > 0 ? (location - a.location) / span : 1
            func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
            return Stop(location: location, red: mix(a.red, b.red), green: mix(a.green, b.green),
                        blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha))
        }
        return last
    }
}

/// Whether a gradient extends beyond its start and end: Apple's
/// `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The start colour fills the area before the start point (circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The end colour fills the area after the end point (circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
