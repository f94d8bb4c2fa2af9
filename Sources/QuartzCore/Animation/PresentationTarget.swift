/// A presentation copy as an animation target: values go through its
/// key-value coding, keeping each property's Swift type.
struct PresentationTarget: AnimationTarget {
    let layer: CALayer

    func animatableValue(forKeyPath keyPath: String) -> AnimatableValue? {
        AnimatableValue(layer.value(forKeyPath: keyPath))
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        layer.setValue(value.boxed(like: layer.value(forKeyPath: keyPath)), forKeyPath: keyPath)
    }
}
