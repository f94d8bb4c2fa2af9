/// A presentation copy as an animation target: values go through its
/// key-value coding, keeping each property's Swift type.
struct PresentationTarget: AnimationTarget {
    let layer: CALayer

    func animatableValue(at path: AnimationKeyPath) -> AnimatableValue? {
        AnimatableValue(layer.value(forKeyPath: path.string))
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, at path: AnimationKeyPath) {
        layer.setValue(value.boxed(like: layer.value(forKeyPath: path.string)), forKeyPath: path.string)
    }
}
