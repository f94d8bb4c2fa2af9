import CPixman

/// Draws a transition between a layer's old snapshot and its new drawing.
enum TransitionRenderer {
    struct Active {
        let type: CATransitionType
        let subtype: CATransitionSubtype?
        /// 0...1, from `startProgress` to `endProgress`.
        let progress: Double
        let snapshot: LayerContent
    }

    /// `newDrawing` holds the layer's new appearance in `area` (target
    /// pixels); the result is composited into `destination` within `clip`.
    static func draw(_ transition: Active, node: DrawNode, newDrawing: PixmanImage, area: PixelRect,
                     into destination: PixmanImage, clip: PixelRect, opacity: Double) {
        let p = max(0, min(1, transition.progress.isNaN ? 1 : transition.progress))
        let bounds = node.state.bounds
        // The direction the new content comes from, in layer space.
        let direction: CGPoint
        switch transition.subtype ?? .fromLeft {
        case .fromRight: direction = CGPoint(x: bounds.width, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: -bounds.height)
        case .fromBottom: direction = CGPoint(x: 0, y: bounds.height)
        default: direction = CGPoint(x: -bounds.width, y: 0)
        }
        var newOffset = CGPoint.zero, oldOffset = CGPoint.zero
        let oldAlpha = 1.0, newAlpha = 1.0
        switch transition.type {
        case .push:
            newOffset = CGPoint(x: direction.x * (1 - p), y: direction.y * (1 - p))
            oldOffset = CGPoint(x: -direction.x * p, y: -direction.y * p)
        case .moveIn:
            newOffset = CGPoint(x: direction.x * (1 - p), y: direction.y * (1 - p))
        case .reveal:
            oldOffset = CGPoint(x: -direction.x * p, y: -direction.y * p)
        default:  // fade: drawn below
            break
        }
        // Transitions stay inside the layer's bounds.
        guard let box = PixelRect(covering: node.homography.apply(bounds)), let visible = clip.intersection(box) else { return }
        let layer = { (offset: CGPoint) -> CATransform3D in
            CATransform3DConcat(CATransform3DMakeTranslation(offset.x, offset.y, 0), node.matrix)
        }
        if transition.type == .fade {
            // A cross-dissolve: new × p + old × (1 − p), then over what is behind.
            if let keep = PixmanImage(red: 0, green: 0, blue: 0, alpha: p) {
                newDrawing.composite(keep, mask: nil, operation: PIXMAN_OP_IN_REVERSE, rect: visible)
            }
            let still = DrawNode(id: node.id, state: node.state, matrix: node.matrix, opacity: 1, clip: nil, isGroup: false)
            transition.snapshot.composite(node: still, into: newDrawing, mask: PixmanImage(red: 0, green: 0, blue: 0, alpha: 1 - p),
                                          operation: PIXMAN_OP_ADD, clip: visible)
            let fade = opacity < 1 ? PixmanImage(red: 0, green: 0, blue: 0, alpha: opacity) : nil
            newDrawing.setTransform(nil, bilinear: false)
            destination.composite(newDrawing, mask: fade, rect: visible)
            return
        }
        let oldFirst = transition.type != .reveal
        func drawOld() {
            guard oldAlpha > 0 else { return }
            let shifted = DrawNode(id: node.id, state: node.state, matrix: layer(oldOffset), opacity: 1, clip: nil, isGroup: false)
            let fade = PixmanImage(red: 0, green: 0, blue: 0, alpha: oldAlpha * opacity)
            transition.snapshot.composite(node: shifted, into: destination, mask: fade, clip: visible)
        }
        func drawNew() {
            guard newAlpha > 0 else { return }
            let m = node.matrix, depth = m.constantDepth ?? 1  // a layer moved along z: its on-screen scale
            let dx = Int(clampedFrom: ((newOffset.x * m.m11 + newOffset.y * m.m21) / depth).rounded(), limit: 268_435_456)
            let dy = Int(clampedFrom: ((newOffset.x * m.m12 + newOffset.y * m.m22) / depth).rounded(), limit: 268_435_456)
            let fade = PixmanImage(red: 0, green: 0, blue: 0, alpha: newAlpha * opacity)
            newDrawing.setTransform(nil, bilinear: false)
            destination.composite(newDrawing, at: dx, dy, mask: fade, rect: visible)
        }
        if oldFirst { drawOld(); drawNew() } else { drawNew(); drawOld() }
        _ = area
    }
}
