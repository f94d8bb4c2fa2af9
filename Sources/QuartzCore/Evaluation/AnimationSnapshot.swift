/// A `Sendable` description of an animation: what a layer's animations
/// become when they are evaluated, by `presentation()` on the app thread and
/// by the render server on its own thread, with the same code.
struct AnimationSnapshot: Sendable {
    enum Kind: Sendable {
        /// `CABasicAnimation`: Apple's from/to/by rows, resolved at evaluation.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// `CASpringAnimation`: like basic, progress from the spring.
        case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, solver: SpringSolver)
        /// `CAKeyframeAnimation` with `values`; nil when they cannot animate.
        case keyframes(KeyframeEvaluator?)
        /// `CAKeyframeAnimation` with `path`: the flattened path, with the
        /// vertex where each path element ends.
        /// `elementTiming` maps progress to a position counted in path
        /// elements when keyTimes, timing functions or `discrete` apply.
        case path(points: [CGPoint], elementEnds: [Int], paced: Bool, rotationMode: CAAnimationRotationMode?,
                  elementTiming: KeyframeEvaluator?)
        /// `CAAnimationGroup`: children run in the group's time.
        case group([AnimationSnapshot])
        /// `CATransition`: drawn by the render server; changes no property.
        case transition(type: CATransitionType, subtype: CATransitionSubtype?, startProgress: Double, endProgress: Double)
        /// Anything else (a `CAAnimation` subclass Lamina does not know).
        case inert
    }

    var kind: Kind
    let keyPath: String?
    /// `keyPath`, split once.
    let path: AnimationKeyPath?
    var timing: MediaTiming
    let timingFunction: CAMediaTimingFunction?
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: CAValueFunction?
    /// The frame rate the animation asks for (`preferredFrameRateRange`),
    /// nil for the display's own.
    var preferredFrameRate: Float?
    /// Identifies the animation as added to its layer (0 for a group's children).
    var id: UInt64 = 0

    init(kind: Kind, keyPath: String?, timing: MediaTiming, timingFunction: CAMediaTimingFunction?,
         isAdditive: Bool, isCumulative: Bool, valueFunction: CAValueFunction?, id: UInt64 = 0) {
        self.kind = kind
        self.keyPath = keyPath
        path = keyPath.map(AnimationKeyPath.init)
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.id = id
    }
}

extension AnimationSnapshot {
    /// This snapshot with every group's children that have no duration of
    /// their own given the group's, all the way down: a child spans its
    /// group (Apple's `CAAnimationGroup` listing, a scale with no duration
    /// and a fade running together over the group's second). Longer
    /// children are clipped by the group's timing, shorter ones end on
    /// their own.
    func spanningGroups() -> AnimationSnapshot {
        guard case .group(let children) = kind else { return self }
        let duration = timing.basicDuration()
        var copy = self
        copy.kind = .group(children.map { child in
            var child = child
            if !(child.timing.duration > 0) { child.timing.duration = duration }
            return child.spanningGroups()
        })
        return copy
    }
}

/// What animations are applied to: a presentation layer on the app thread,
/// a render-tree layer state on the render thread.
protocol AnimationTarget {
    /// The current value at `path` (with earlier animations applied), or
    /// nil when the key path has no animatable value.
    func animatableValue(at path: AnimationKeyPath) -> AnimatableValue?
    /// Sets the value at `path`.
    mutating func setAnimatedValue(_ value: AnimatableValue, at path: AnimationKeyPath)
}

extension AnimationSnapshot {
    /// Whether applying the animation can change the layer's property `key`
    /// (a key path's first component, `hidden` rather than its alias
    /// `isHidden`): its own key path starts with it (`position.x` changes
    /// `position`, and `position` changes `position.x`), a group's child's
    /// does, or, along a path with a rotation mode, `key` is `transform`,
    /// which the path turns. Transitions change no property.
    func mayChange(key: String) -> Bool {
        switch kind {
        case .group(let children): return children.contains { $0.mayChange(key: key) }
        case .transition: return false
        case .path(_, _, _, let rotationMode, _) where rotationMode != nil && key == "transform": return true
        default: return path.map { CALayerProperties.aliases[$0.key] ?? $0.key } == key
        }
    }
}

extension AnimationSnapshot {
    /// The layer properties an animation can change without changing what
    /// the layer's content bitmap is drawn from (`LayerContent.Key`): where
    /// the layer is and how it is composited. (A changed scale changes the
    /// bitmap's pixels a point, which the content cache works out from the
    /// layer's place each time.)
    static let contentNeutralKeys: Set<String> = [
        "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "opacity", "hidden",
        "filters", "backgroundFilters", "compositingFilter", "shadowColor", "shadowOpacity", "shadowOffset",
        "shadowRadius", "shadowPath", "doubleSided",
    ]

    /// Whether applying the animation leaves every property the layer's
    /// content bitmap is drawn from as committed: its key path starts with
    /// one of `contentNeutralKeys`, or it is a group whose children all do.
    /// A transition is taken as changing it.
    var leavesContentAlone: Bool {
        switch kind {
        case .group(let children): return children.allSatisfy(\.leavesContentAlone)
        case .transition: return false
        case .inert: return true
        default:
            guard let key = path?.key else { return true }
            return Self.contentNeutralKeys.contains(CALayerProperties.aliases[key] ?? key)
        }
    }
}

