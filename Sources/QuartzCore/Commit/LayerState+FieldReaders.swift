/// How each field of `LayerState` is read from a layer, and which keys'
/// sets change it: one table for the whole read (`LayerState(layer:)`) and
/// for a commit that reads again only what was set (`CommittedLayerState`),
/// so that the two cannot disagree.
extension LayerState {
    /// A field (or a field two keys make) and the keys whose set changes it.
    struct FieldReader: Sendable {
        let keys: [String]
        let read: @Sendable (inout LayerState, CALayer) -> Void

        init(_ keys: String..., read: @escaping @Sendable (inout LayerState, CALayer) -> Void) {
            self.keys = keys
            self.read = read
        }
    }

    /// The fields read from a layer's properties, whose keys a set names.
    /// The rest of the state (filters, shadow path, class, subclass state)
    /// `LayerState(layer:)` reads on its own.
    static let fieldReaders: [FieldReader] = [
        FieldReader("bounds") { $0.bounds = $1.bounds },
        FieldReader("position") { $0.position = $1.position },
        FieldReader("zPosition") { $0.zPosition = $1.zPosition },
        FieldReader("anchorPoint") { $0.anchorPoint = $1.anchorPoint },
        FieldReader("anchorPointZ") { $0.anchorPointZ = $1.anchorPointZ },
        FieldReader("transform") { $0.transform = $1.transform },
        FieldReader("sublayerTransform") { $0.sublayerTransform = $1.sublayerTransform },
        FieldReader("hidden") { $0.isHidden = $1.isHidden },
        FieldReader("doubleSided") { $0.isDoubleSided = $1.isDoubleSided },
        FieldReader("geometryFlipped") { $0.isGeometryFlipped = $1.isGeometryFlipped },
        FieldReader("masksToBounds") { $0.masksToBounds = $1.masksToBounds },
        FieldReader("contents") { $0.contents = $1.contents as? CGImage },
        FieldReader("contentsRect") { $0.contentsRect = $1.contentsRect },
        FieldReader("contentsCenter") { $0.contentsCenter = $1.contentsCenter },
        FieldReader("contentsGravity") { $0.contentsGravity = $1.contentsGravity },
        FieldReader("contentsScale") { $0.contentsScale = $1.contentsScale },
        FieldReader("backgroundColor") { $0.backgroundColor = $1.backgroundColor.map(LayerColor.init) },
        FieldReader("cornerRadius") { $0.cornerRadius = $1.cornerRadius },
        FieldReader("maskedCorners") { $0.maskedCorners = $1.maskedCorners },
        FieldReader("cornerCurve") { $0.cornerCurve = RoundedRectPath.Curve($1.cornerCurve) },
        FieldReader("borderWidth") { $0.borderWidth = $1.borderWidth },
        FieldReader("borderColor") { $0.borderColor = $1.borderColor.map(LayerColor.init) },
        FieldReader("opacity") { $0.opacity = $1.opacity },
        FieldReader("allowsGroupOpacity") { $0.allowsGroupOpacity = $1.allowsGroupOpacity },
        FieldReader("shadowColor") { $0.shadowColor = $1.shadowColor.map(LayerColor.init) },
        FieldReader("shadowOpacity") { $0.shadowOpacity = $1.shadowOpacity },
        FieldReader("shadowOffset") { $0.shadowOffset = $1.shadowOffset },
        FieldReader("shadowRadius") { $0.shadowRadius = $1.shadowRadius },
        FieldReader("shouldRasterize") { $0.shouldRasterize = $1.shouldRasterize },
        FieldReader("rasterizationScale") { $0.rasterizationScale = $1.rasterizationScale },
        FieldReader("magnificationFilter") { $0.magnificationFilter = $1.magnificationFilter },
        FieldReader("minificationFilter") { $0.minificationFilter = $1.minificationFilter },
        FieldReader("allowsEdgeAntialiasing", "edgeAntialiasingMask") {
            $0.antialiasedEdges = $1.allowsEdgeAntialiasing ? $1.edgeAntialiasingMask.intersection(.all) : []
        },
        FieldReader("beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                    "fillMode") { $0.timing = MediaTiming($1) },
        FieldReader("name") { $0.name = $1.name },
    ]

    /// Keys of `CALayer` that no field of the state reads: their sets
    /// change nothing a commit sends in the state (the mask goes beside it).
    static let keysReadByNoField: Set<String> = [
        "mask", "delegate", "actions", "opaque", "needsDisplayOnBoundsChange", "drawsAsynchronously",
        "contentsFormat", "wantsExtendedDynamicRangeContent", "minificationFilterBias", "autoresizingMask",
        "layoutManager", "constraints",
    ]

    /// The reader of each key in `fieldReaders`.
    static let fieldReaderByKey: [String: FieldReader] = {
        var byKey: [String: FieldReader] = [:]
        for reader in fieldReaders {
            for key in reader.keys { byKey[key] = reader }
        }
        return byKey
    }()

    /// Reads again from `layer` the fields `key` sets, as
    /// `LayerState(layer:)` reads them; false for a key this does not
    /// know (a subclass's, `style`, filters: the state is then read whole).
    mutating func update(forKey key: String, from layer: CALayer) -> Bool {
        if let reader = Self.fieldReaderByKey[key] {
            reader.read(&self, layer)
            return true
        }
        return Self.keysReadByNoField.contains(key)
    }
}
