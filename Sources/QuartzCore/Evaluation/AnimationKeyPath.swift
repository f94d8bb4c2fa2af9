/// An animation's key path, split once when the animation is snapshotted
/// rather than at every evaluation: the render server evaluates each running
/// animation every frame, and splitting and matching the string there cost
/// more than the interpolation itself (docs/performance.md).
struct AnimationKeyPath: Sendable, Hashable {
    /// The key path as written (`position.x`).
    let string: String
    /// The first component (`position`).
    let key: String
    /// The components after the first (`["x"]`), empty for a single key.
    let rest: [String]
    /// `rest` joined with dots (`x`), for transform fields (`rotation.z`).
    let restJoined: String
    /// The first component as one of `LayerState`'s animatable properties,
    /// nil for any other key.
    let layerKey: LayerStateKey?
    /// `restJoined` as a transform field (`rotation.z`), nil when it is none.
    let transformField: TransformField?

    init(_ string: String) {
        self.string = string
        let components = string.split(separator: ".").map(String.init)
        key = components.first ?? ""
        rest = Array(components.dropFirst())
        restJoined = rest.joined(separator: ".")
        layerKey = LayerStateKey(rawValue: key)
        transformField = TransformField(rawValue: restJoined)
    }

    /// `transform`, for animations along a path with a rotation mode.
    static let transform = AnimationKeyPath("transform")
}

/// `LayerState`'s animatable properties by their `CALayer` key.
enum LayerStateKey: String, Sendable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, masksToBounds, contentsRect, contentsCenter, backgroundColor, cornerRadius
    case borderWidth, borderColor, opacity, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case filters, backgroundFilters
}
