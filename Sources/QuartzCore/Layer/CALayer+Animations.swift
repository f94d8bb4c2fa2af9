import Synchronization

/// Adding and removing animations.
extension CALayer {
    private static let anonymousPrefix = "QuartzCore.anonymous."

    func addAnimation(_ animation: CAAnimation, forKey key: String?) {
        guard !isPresentation else { return }
        guard Self.isValid(animation, on: self) else { return }
        let copy = animation.makeCopy()
        // Animations added in a transaction take its duration and timing
        // function when they set none.
        if copy.duration == 0, let duration = CATransaction.value(forKey: kCATransactionAnimationDuration).flatMap(LayerProperty.number) {
            copy.duration = duration
        }
        if copy.timingFunction == nil, !(copy is CASpringAnimation), let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        if let basic = copy as? CABasicAnimation, !(basic is CASpringAnimation),
           basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil, let keyPath = basic.keyPath {
            // Apple's last row: from the value shown before the change to the
            // current value. Until the next commit the presentation shows the
            // value from before.
            basic.fromValue = shownValue(forKeyPath: keyPath)
        }
        // Apple (`add(_:forKey:)`): "The special key `transition` is
        // automatically used for transition animations"; whatever key is
        // given, nil included, a layer runs one transition at a time.
        let key = copy is CATransition ? kCATransition : key
        let entryKey: String
        if let key {
            entryKey = key
            removeAnimations { $0.key == key }
        } else {
            entryKey = Self.anonymousPrefix + String(Self.anonymousCounter.add(1, ordering: .relaxed).newValue)
        }
        let entry = AnimationEntry(key: entryKey, isAnonymous: key == nil, animation: copy)
        animationEntries.append(entry)
        CATransaction.current.animationAdded(entry, to: self)
    }

    private static let anonymousCounter = Atomic<Int>(0)

    /// Reports animations that can never show anything; they are still added,
    /// as Apple adds them, so that delegates and completion blocks run.
    static func isValid(_ animation: CAAnimation, on layer: CALayer) -> Bool {
        if let property = animation as? CAPropertyAnimation, property.keyPath == nil {
            CADiagnostics.report(layer: layer, keyPath: "<nil>", "\(type(of: animation)) has no keyPath; it animates nothing")
        }
        if let keyframe = animation as? CAKeyframeAnimation, let problem = keyframe.validationProblem {
            CADiagnostics.report(layer: layer, keyPath: keyframe.keyPath ?? "<nil>", problem)
        }
        return true
    }

    /// Removes matching animations; committed ones tell their delegates
    /// `finished: false` on the main thread.
    func removeAnimations(where predicate: (AnimationEntry) -> Bool) {
        guard !isPresentation else { return }
        let removed = animationEntries.filter(predicate)
        guard !removed.isEmpty else { return }
        animationEntries.removeAll(where: predicate)
        CATransaction.current.layerChanged(self)
        for entry in removed {
            CATransaction.current.lifecycle.ended(entry, finished: false)
        }
    }
}
