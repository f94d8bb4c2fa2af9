/// The second phase of a frame: the draw list, a tree of `DrawNode`s, one
/// for each drawing of each shown layer, with where it lands in the target,
/// its opacity, clip and coverage, whether it is drawn as a group, and
/// what changes with time besides its state (a transition's progress,
/// particles, tiles fading in).
///
/// It reads the presented states the evaluation phase worked out
/// (`FrameEvaluation`) and walks the tree from the root, each layer handing
/// its sublayers what they inherit (`Inherited`). The steps that only some
/// layers need are in files of their own: subtrees kept from frame to
/// frame (`DrawListBuilder+StaticSubtrees.swift`), a replicator's copies
/// (`ReplicatorCopies`), 3D rendering contexts
/// (`DrawListBuilder+Depth.swift`), particles
/// (`DrawListBuilder+Particles.swift`) and coverage
/// (`DrawListBuilder+Coverage.swift`).
///
/// One builder a frame, on the render thread, with its compositor's caches.
struct DrawListBuilder {
    let tree: RenderTree
    let compositor: Compositor
    /// The media time of the frame.
    let frameTime: CFTimeInterval
    /// Layers visited, those of kept subtrees included (`Compositor.Frame.layerCount`).
    var layerCount = 0
    /// The ids of the transition animations found running.
    private(set) var activeTransitions: Set<UInt64> = []
    /// Whether the list can be made again from this one while the tree is
    /// unchanged (`DrawListReuse`): false once a node is built that is not
    /// static, not made from a shell, and not a volatile leaf under one.
    private(set) var isReusable = true
    /// The volatile leaves under nodes made from shells, as `DrawListReuse` keeps them.
    private(set) var volatiles: [DrawListReuse.Volatile] = []
    /// The timings of the layers above the one being built, the root first.
    var timings: [MediaTiming] = []

    init(tree: RenderTree, compositor: Compositor, frameTime: CFTimeInterval) {
        self.tree = tree
        self.compositor = compositor
        self.frameTime = frameTime
    }

    /// What a superlayer hands each of its sublayers.
    struct Inherited {
        /// The superlayer's local time (a replicator copy's, delayed).
        var parentTime: CFTimeInterval
        /// The superlayer's sublayer space to target pixels.
        var matrix: CATransform3D
        /// Opacity from the non-group ancestors.
        var opacity: Float
        /// Where ancestors' `masksToBounds` confine drawing.
        var clip: PixelRect?
        /// Which replicator copy is being built (`DrawID.copy`); 0 outside copies.
        var copy: UInt64 = 0
        /// The copy's colour, multiplied into everything it draws.
        var tint = Tint.white
        /// The superlayer's sublayer space in the space of the 3D context
        /// the layer would be depth-sorted in: the nearest flattening
        /// ancestor's sublayer space, perspective included (`DepthSort`).
        var context = CATransform3DIdentity
        /// The superlayer keeps depth (a transform layer, or a replicator
        /// preserving it): the layer is depth-sorted among its siblings.
        var inContext3D = false

        /// What the root layer inherits at media time `time`.
        static func root(at time: CFTimeInterval) -> Inherited {
            Inherited(parentTime: time, matrix: CATransform3DIdentity, opacity: 1, clip: nil)
        }

        /// Whether the subtree may be kept from frame to frame: outside 3D
        /// contexts and replicators, where nothing but the committed tree
        /// and these inputs decide its nodes.
        var mayKeep: Bool { copy == 0 && !inContext3D && tint == .white }
    }

    /// The draw list's root; nil when there is no root layer or it is hidden.
    mutating func build() -> DrawNode? {
        guard let rootID = tree.rootID else { return nil }
        let root = node(rootID, view: nil, inherited: .root(at: frameTime))
        if let root, !root.isStatic, !root.madeFromShell { isReusable = false }
        return root
    }

    /// Whether `node` (just built by `node(_:view:inherited:)`) is a leaf
    /// built afresh that `DrawListReuse` can build again alone: nothing
    /// under it, and nothing of its own that the list keeps elsewhere (a
    /// mask, a transition, particles, a rasterized bitmap, a place in a 3D
    /// context).
    static func isVolatileLeaf(_ node: DrawNode) -> Bool {
        !node.isStatic && !node.madeFromShell && node.children.isEmpty && node.mask == nil && node.transition == nil
            && node.particles == nil && node.rasterized == nil && node.depthPlacement == nil && !node.state.preserves3D
    }

    /// Notes, for `DrawListReuse`, the child at `index` of `parent` (a node
    /// made from a shell) just built, or found hidden (nil).
    mutating func noteChild(_ child: DrawNode?, view: RenderTree.NodeView, id: UInt64, of parent: DrawNode, at index: Int,
                            inherited: Inherited) {
        guard isReusable else { return }
        guard let child else {
            // Hidden now: an animation may show it, and then it would have no place.
            if view.hasAnimations { isReusable = false }
            return
        }
        if child.isStatic || child.madeFromShell { return }
        guard Self.isVolatileLeaf(child) else {
            isReusable = false
            return
        }
        volatiles.append(DrawListReuse.Volatile(parent: parent, index: index, id: id, view: view, inherited: inherited,
                                                timings: timings))
    }

    /// The draw node of layer `id` and everything under it; nil when it is
    /// missing or hidden. `view` is its node when the caller has looked it
    /// up already.
    /// `mayBeKept: false` skips looking for a kept subtree or shell of a
    /// layer known to have none (`DrawListReuse`'s animated leaves).
    mutating func node(_ id: UInt64, view: RenderTree.NodeView?, inherited: Inherited, mayBeKept: Bool = true) -> DrawNode? {
        guard let node = view ?? tree.view(of: id) else { return nil }
        if mayBeKept, inherited.mayKeep, let kept = takeKept(id, node: node, inherited: inherited) { return kept.node }
        let countBefore = layerCount
        layerCount += 1
        let localTime = node.localTime(fromParent: inherited.parentTime)
        var state = node.withPresentedState(at: localTime) { copy $0 }
        guard !state.isHidden else {
            if inherited.mayKeep, !node.hasAnimations { keepHidden(id, inherited: inherited) }
            return nil
        }
        var isStatic = inherited.mayKeep && StaticSubtreeCache.isStatic(node, state: state)
        if state.isTransformLayer { state = state.withoutOwnRendering }
        // Sublayers of a transform layer (or a replicator preserving depth)
        // stay in 3D, so it can never be drawn as one flat group.
        let preserves3D = state.preserves3D
        let matrix = CATransform3DConcat(state.toSuperlayer, inherited.matrix)
        let hasSublayers = node.withSublayers { !$0.isEmpty }
        let transition = preserves3D ? nil : activeTransition(of: node, id: id, localTime: localTime)
        let isGroup = !preserves3D && (transition != nil
            || DrawNode.needsGroup(state, hasSublayers: hasSublayers, hasMask: node.mask != nil, matrix: matrix))
        let opacity = isGroup ? 1 : inherited.opacity * max(0, min(1, state.opacity))
        let drawNode = DrawNode(id: DrawID(layer: id, copy: inherited.copy), state: state, matrix: matrix,
                                opacity: opacity, clip: inherited.clip, isGroup: isGroup)
        drawNode.tint = isGroup ? .white : inherited.tint
        drawNode.transition = transition
        drawNode.contentFollowsCommit = node.animationsLeaveContentAlone
        if inherited.inContext3D { placeInContext(drawNode, inherited: inherited) }
        if let fadeEnd = state.tiled?.fadeEnd, frameTime < fadeEnd { drawNode.tileFadeTime = frameTime }
        var coverage = ownCoverage(of: drawNode)
        if let particles = particleFrame(of: drawNode, id: id, localTime: localTime) {
            drawNode.particles = particles
            if let box = particles.coverage { coverage = coverage.map { $0.union(box) } ?? box }
        }
        // Each sublayer looked up once, here: its view is handed down.
        let ordered = orderedSublayers(of: node)
        // What the sublayers inherit, worked out only for a layer that has
        // some (most layers of a large scene are leaves).
        let sublayers = ordered.isEmpty ? nil
            : Sublayers(of: drawNode, state: state, inherited: inherited, preserves3D: preserves3D)
        if !ordered.isEmpty { timings.append(node.timing) }
        defer { if !ordered.isEmpty { timings.removeLast() } }
        for copy in sublayers.map({ ReplicatorCopies(of: state, layer: id, for: $0, localTime: localTime) }) ?? .none {
            for (position, (childID, childView)) in ordered.enumerated() {
                // The next sublayers' animation data loads while this one is
                // built (in three steps: `NodeView.prefetchAhead`).
                let ahead = { (offset: Int) in position + offset < ordered.count ? ordered[position + offset].1 : nil }
                RenderTree.NodeView.prefetchAhead(next: ahead(1), second: ahead(2), third: ahead(3))
                guard let child = self.node(childID, view: childView, inherited: copy) else {
                    // Hidden: static unless an animation may show it.
                    isStatic = isStatic && !childView.hasAnimations
                    continue
                }
                isStatic = isStatic && child.isStatic
                drawNode.children.append(child)
                if isGroup, let childCoverage = child.subtreeCoverage {
                    coverage = coverage.map { $0.union(childCoverage) } ?? childCoverage
                }
            }
        }
        if preserves3D { orderInContext(drawNode, isContextRoot: !inherited.inContext3D) }
        if state.shouldRasterize, !preserves3D {
            drawNode.rasterized = compositor.rasterizationCache.content(for: drawNode, in: tree,
                                                                         mediaTime: inherited.parentTime)
        }
        if let maskID = node.mask, !preserves3D {
            drawNode.mask = self.node(maskID, view: nil,
                                      inherited: Inherited(parentTime: localTime, matrix: matrix, opacity: 1, clip: nil))
        }
        drawNode.coverage = finalCoverage(coverage, of: drawNode, state: state, clip: inherited.clip)
        keepIfStatic(drawNode, id: id, node: node, isStatic: isStatic, inherited: inherited,
                     sublayers: sublayers, ordered: ordered, layersBuilt: layerCount - countBefore)
        // Built afresh above other nodes: the list cannot be made again from
        // this one (until such a layer is made from its shell).
        if !drawNode.isStatic, !drawNode.children.isEmpty || drawNode.mask != nil { isReusable = false }
        return drawNode
    }

    /// What a layer hands its sublayers (before any replicator copy).
    struct Sublayers {
        /// The layer's sublayer space to target pixels.
        let matrix: CATransform3D
        /// The sublayer space in the 3D context's space.
        let context: CATransform3D
        /// The clip for sublayers: the layer's own, narrowed to its bounds
        /// when it masks to an axis-aligned rectangle (not for a group,
        /// which clips its drawing as a whole).
        let clip: PixelRect?
        let opacity: Float
        let tint: Tint
        /// The replicator copy the layer itself belongs to (`DrawID.copy`).
        let copy: UInt64
        let inContext3D: Bool
        let isGroup: Bool

        /// `state` is `drawNode`'s, borrowed: an initializer's parameters are
        /// otherwise taken as copies, and copying a `LayerState` (its
        /// references retained and released) for every layer every frame
        /// cost more than the rest of this.
        init(of drawNode: DrawNode, state: borrowing LayerState, inherited: Inherited, preserves3D: Bool) {
            var clip = inherited.clip
            if state.masksToBounds, !drawNode.isGroup, let box = PixelRect(covering: drawNode.homography.apply(state.bounds)) {
                clip = clip.map { $0.intersection(box) ?? PixelRect(x: 0, y: 0, width: 0, height: 0) } ?? box
            }
            self.clip = clip
            // A normal layer flattens its sublayers into its plane (their z
            // is dropped before its own transform applies); a 3D one keeps it.
            matrix = CATransform3DConcat(state.sublayerSpace, preserves3D ? drawNode.matrix : drawNode.matrix.flattened)
            let depthMatrix = CATransform3DConcat(state.toSuperlayer, inherited.context)
            context = preserves3D ? CATransform3DConcat(state.sublayerSpace, depthMatrix) : state.sublayerSpace
            opacity = drawNode.opacity
            tint = drawNode.isGroup ? .white : inherited.tint
            copy = inherited.copy
            inContext3D = preserves3D
            isGroup = drawNode.isGroup
        }

        /// What each sublayer inherits, for the copy `copy` at `time`.
        func inherited(time: CFTimeInterval, matrix: CATransform3D, context: CATransform3D, copy: UInt64,
                       tint: Tint) -> Inherited {
            Inherited(parentTime: time, matrix: matrix, opacity: opacity, clip: isGroup ? nil : clip, copy: copy,
                      tint: tint, context: context, inContext3D: inContext3D)
        }
    }

    /// The sublayers' ids and views in drawing order: by `zPosition`, then
    /// as added; missing ones left out.
    private func orderedSublayers(of node: RenderTree.NodeView) -> [(UInt64, RenderTree.NodeView)] {
        node.withSublayers { sublayers in
            sublayers.enumerated().compactMap { index, id -> (Int, CGFloat, UInt64, RenderTree.NodeView)? in
                guard let child = tree.view(of: id) else { return nil }
                return (index, child.zPosition, id, child)
            }
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .map { ($0.2, $0.3) }
    }

    /// The transition running on a layer at `localTime`, with its snapshot.
    private mutating func activeTransition(of node: RenderTree.NodeView, id: UInt64,
                                           localTime: CFTimeInterval) -> TransitionRenderer.Active? {
        guard let snapshot = compositor.transitions.byLayer[id],
              let animation = node.animations.last(where: { $0.id == snapshot.animationID }),
              case .transition(let type, let subtype, let start, let end) = animation.kind,
              case .active(_, let fraction) = animation.timing.phase(atParentTime: localTime),
              localTime < animation.timing.endTime()
        else { return nil }
        activeTransitions.insert(snapshot.animationID)
        let eased = animation.timingFunction?.evaluate(fraction) ?? fraction
        return TransitionRenderer.Active(type: type, subtype: subtype, progress: start + (end - start) * eased,
                                         snapshot: snapshot.content)
    }
}
