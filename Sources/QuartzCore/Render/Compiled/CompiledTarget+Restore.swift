extension CompiledTarget {
    /// Copies the field this target names (all of it: the whole transform
    /// for a transform field, the whole position for `position.x`) from
    /// `committed` into `presented`: undoes what `write(_:to:)` did, for
    /// `PresentationBuffer`. `committed` is only read; it is `inout` so that
    /// it is passed without being copied.
    func restore(in presented: inout LayerState, from committed: inout LayerState) {
        switch self {
        case .opacity: presented.opacity = committed.opacity
        case .zPosition: presented.zPosition = committed.zPosition
        case .anchorPointZ: presented.anchorPointZ = committed.anchorPointZ
        case .cornerRadius: presented.cornerRadius = committed.cornerRadius
        case .borderWidth: presented.borderWidth = committed.borderWidth
        case .shadowOpacity: presented.shadowOpacity = committed.shadowOpacity
        case .shadowRadius: presented.shadowRadius = committed.shadowRadius
        case .hidden: presented.isHidden = committed.isHidden
        case .masksToBounds: presented.masksToBounds = committed.masksToBounds
        case .position, .positionX, .positionY: presented.position = committed.position
        case .anchorPoint: presented.anchorPoint = committed.anchorPoint
        case .shadowOffset: presented.shadowOffset = committed.shadowOffset
        case .bounds: presented.bounds = committed.bounds
        case .contentsRect: presented.contentsRect = committed.contentsRect
        case .contentsCenter: presented.contentsCenter = committed.contentsCenter
        case .backgroundColor: presented.backgroundColor = committed.backgroundColor
        case .borderColor: presented.borderColor = committed.borderColor
        case .shadowColor: presented.shadowColor = committed.shadowColor
        case .transformField: presented.transform = committed.transform
        case .sublayerTransformField: presented.sublayerTransform = committed.sublayerTransform
        case .filterInput:
            presented.animatedFilterInput = committed.animatedFilterInput
            // A second animated input went into the list itself (`setFilterNumber`).
            presented.extras.restore(from: committed.extras)
        }
    }
}
