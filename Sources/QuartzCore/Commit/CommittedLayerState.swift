import Synchronization

/// The state a layer's last commit sent, and the keys set on the layer
/// since: the next commit brings only those fields up to date instead of
/// reading every property again through key-value coding. A full
/// `LayerState(layer:)` reads some forty properties, each a dictionary miss,
/// a `style` lookup, the class's `defaultValue(forKey:)` and a conversion:
/// about 20 µs a layer, most of a commit (`render-benchmark commits`).
///
/// App thread only, like the layer that keeps it.
package struct CommittedLayerState {
    /// Set: every commit builds each changed layer's state whole, as before
    /// this existed (`render-benchmark commits` measures both in one run).
    package static let buildsWholeStates = Atomic<Bool>(false)

    /// The model state as of the last commit.
    var state: LayerState
    /// Keys set since, in order, repeats included (a few a commit).
    var keysSet: [String] = []

    init(_ state: LayerState) { self.state = state }

    /// The state now: `state` with the fields of `keysSet` read again from
    /// `layer`, or nil when one of them is not a field this can update
    /// alone, or when `state` holds what a set key does not track (filter
    /// objects and paths that can change in place, a subclass's own state):
    /// the caller then builds the whole state.
    func updated(from layer: CALayer) -> LayerState? {
        guard state.isUpdatableByKey, !Self.buildsWholeStates.load(ordering: .relaxed) else { return nil }
        var updated = state
        for key in keysSet {
            guard updated.update(forKey: key, from: layer) else { return nil }
        }
        return updated
    }
}

extension CALayer {
    /// This layer's model state for a commit: the last commit's, brought
    /// up to date for the keys set since, or built whole the first time and
    /// whenever that is not enough (and always for a tiled layer). Keeps
    /// what it returns for the next one.
    func stateForCommit() -> LayerState {
        // A tiled layer's state is its tile cache, which drawing changes
        // with no key set: always read whole.
        let state = (self is CATiledLayer ? nil : committedState?.updated(from: self)) ?? LayerState(layer: self)
        committedState = CommittedLayerState(state)
        return state
    }

    /// Notes that `key` was set, for the next commit's state.
    func noteKeySetForCommit(_ key: String) {
        committedState?.keysSet.append(key)
    }

    /// Makes the next commit build this layer's state whole: something
    /// changed that a key set does not say (a filter changed in place).
    func forgetCommittedState() {
        committedState = nil
    }
}

extension LayerState {
    /// Whether keys set on the layer say everything that can change in this
    /// state. Not when it holds filters or a shadow path (objects a key path
    /// or their owner may change in place), or the state of a shape,
    /// gradient, replicator, emitter or tiled layer (their own properties).
    var isUpdatableByKey: Bool {
        filters.isEmpty && backgroundFilters.isEmpty && compositingFilter == nil && shadowPath == nil
            && shape == nil && gradient == nil && replicator == nil && emitter == nil && tiled == nil
    }

    /// Reads again from `layer` the fields `key` sets, as
    /// `LayerState(layer:)` reads them; false for a key this does not
    /// know (a subclass's, `style`, filters: the state is then built whole).
    /// Keys that no field reads change nothing.
    mutating func update(forKey key: String, from layer: CALayer) -> Bool {
        switch key {
        case "position": position = layer.position
        case "bounds": bounds = layer.bounds
        case "opacity": opacity = layer.opacity
        case "backgroundColor": backgroundColor = layer.backgroundColor.map(LayerColor.init)
        case "transform": transform = layer.transform
        case "zPosition": zPosition = layer.zPosition
        case "anchorPoint": anchorPoint = layer.anchorPoint
        case "anchorPointZ": anchorPointZ = layer.anchorPointZ
        case "sublayerTransform": sublayerTransform = layer.sublayerTransform
        case "hidden": isHidden = layer.isHidden
        case "doubleSided": isDoubleSided = layer.isDoubleSided
        case "geometryFlipped": isGeometryFlipped = layer.isGeometryFlipped
        case "masksToBounds": masksToBounds = layer.masksToBounds
        case "contents": contents = layer.contents as? CGImage
        case "contentsRect": contentsRect = layer.contentsRect
        case "contentsCenter": contentsCenter = layer.contentsCenter
        case "contentsGravity": contentsGravity = layer.contentsGravity
        case "contentsScale": contentsScale = layer.contentsScale
        case "cornerRadius": cornerRadius = layer.cornerRadius
        case "maskedCorners": maskedCorners = layer.maskedCorners
        case "cornerCurve": cornerCurve = RoundedRectPath.Curve(layer.cornerCurve)
        case "borderWidth": borderWidth = layer.borderWidth
        case "borderColor": borderColor = layer.borderColor.map(LayerColor.init)
        case "allowsGroupOpacity": allowsGroupOpacity = layer.allowsGroupOpacity
        case "shadowColor": shadowColor = layer.shadowColor.map(LayerColor.init)
        case "shadowOpacity": shadowOpacity = layer.shadowOpacity
        case "shadowOffset": shadowOffset = layer.shadowOffset
        case "shadowRadius": shadowRadius = layer.shadowRadius
        case "shouldRasterize": shouldRasterize = layer.shouldRasterize
        case "rasterizationScale": rasterizationScale = layer.rasterizationScale
        case "magnificationFilter": magnificationFilter = layer.magnificationFilter
        case "minificationFilter": minificationFilter = layer.minificationFilter
        case "allowsEdgeAntialiasing", "edgeAntialiasingMask":
            antialiasedEdges = layer.allowsEdgeAntialiasing ? layer.edgeAntialiasingMask.intersection(.all) : []
        case "name": name = layer.name
        case "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode":
            timing = MediaTiming(layer)
        case "mask", "delegate", "actions", "opaque", "needsDisplayOnBoundsChange", "drawsAsynchronously",
             "contentsFormat", "wantsExtendedDynamicRangeContent", "minificationFilterBias", "autoresizingMask",
             "layoutManager", "constraints":
            break  // no field of the state reads them
        default:
            return false
        }
        return true
    }
}
