/// Apple's action search and the implicit animation a change falls back to.
extension CALayer {
    /// Apple's search order: the delegate's `action(for:forKey:)`, `actions`,
    /// `style["actions"]` (nested styles included), `defaultAction(forKey:)`.
    /// `NSNull` anywhere ends the search with nil. When the search finds
    /// nothing for an animatable property, the answer is the implicit
    /// animation, so a subclass that calls `super.action(forKey:)` gets it,
    /// once the render server has the layer (`isShownByRenderServer`): a
    /// layer changed in the transaction that adds it appears as set, as on
    /// Apple, while actions its delegate, `actions` or style give still run.
    func searchAction(forKey event: String) -> CAAction? {
        switch lookUpAction(forKey: event) {
        case .found(let action): return action
        case .disabled: return nil
        case .notFound: break
        }
        if let action = type(of: self).defaultAction(forKey: event) { return isNSNull(action) ? nil : action }
        guard type(of: self).declaredProperties[event]?.isAnimatable == true, isShownByRenderServer else { return nil }
        return implicitAnimation(forKey: event)
    }

    enum ActionLookup {
        case found(CAAction)
        case disabled
        case notFound
    }

    /// The first three steps of the search: delegate, `actions`, `style`.
    func lookUpAction(forKey event: String) -> ActionLookup {
        func classify(_ action: Any) -> ActionLookup {
            if isNSNull(action) { return .disabled }
            return (action as? CAAction).map(ActionLookup.found) ?? .notFound
        }
        if let delegate = delegateReference, let action = delegate.action(for: self, forKey: event) {
            return classify(action)
        }
        if let action = actions?[event] { return classify(action) }
        var style = self.style
        while let current = style {
            if let styleActions = current["actions"] as? [String: Any], let action = styleActions[event] {
                return classify(action)
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        return .notFound
    }

    /// A basic animation from the value shown now (the presentation value,
    /// which until the next commit is the value before the change) with the
    /// transaction's duration and timing function.
    func implicitAnimation(forKey key: String) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = shownValue(forKeyPath: key)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction()
            ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// The value of `keyPath` as it is shown now: the presentation value,
    /// or the model value for a layer never committed.
    func shownValue(forKeyPath keyPath: String) -> Any? {
        (presentation(showing: keyPath) ?? self).value(forKeyPath: keyPath)
    }

    /// `presentation()` as far as `keyPath` goes: the committed values, with
    /// only the committed animations that can change `keyPath` applied
    /// (`AnimationSnapshot.mayChange(key:)`). Every implicit animation asks
    /// for its `fromValue`; applying the others too (the kiosk's pulsing
    /// bloom, through key-value coding on the copy's filters) was most of
    /// the cost of a key press on the main thread. Not `presentation()`
    /// itself, so a subclass's override of it is not asked: the value is
    /// the one the render server shows.
    func presentation(showing keyPath: String) -> CALayer? {
        let first = String(keyPath.prefix { $0 != "." })
        let key = CALayerProperties.aliases[first] ?? first
        return presentationCopy { $0.mayChange(key: key) }
    }

    /// The layer as shown (itself for a presentation copy): its committed
    /// values with the committed animations `applies` picks applied at the
    /// current media time; nil until the layer has been committed.
    func presentationCopy(applying applies: (AnimationSnapshot) -> Bool) -> Self? {
        if isPresentation { return self }
        guard let committed = committedStorage else { return nil }
        let copy = Self(_presentationCopyOf: self)
        copy.storage = committed
        let animations = animationEntries.filter { $0.isCommitted && applies($0.snapshot) }.map(\.snapshot)
        guard !animations.isEmpty else { return copy }
        var target = PresentationTarget(layer: copy)
        AnimationEvaluator.apply(animations, to: &target, layerTime: localTime(fromMediaTime: MediaClock.now()))
        return copy
    }

    /// Runs the action for a change of `key`, when the layer is in a visible
    /// tree, the transaction allows actions, and the key is animatable or not
    /// a declared property (custom keys reach `action(forKey:)` too).
    func runActionForChange(ofKey key: String) {
        guard isInVisibleTree, !CATransaction.disableActions() else { return }
        if let property = type(of: self).declaredProperties[key], !property.isAnimatable { return }
        action(forKey: key)?.run(forKey: key, object: self, arguments: nil)
    }

    /// Runs the action for a tree event (`kCAOnOrderIn`, `kCAOnOrderOut`,
    /// `kCATransition`, `"sublayers"`) when the layer is in a visible tree.
    func runAction(forEvent event: String) {
        guard isInVisibleTree, !CATransaction.disableActions() else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}
