import CPixman

/// Draws a render tree into a target buffer, only where something changed.
///
/// A frame has two phases. `prepare` walks the tree at the frame's media time,
/// evaluates animations, works out where every layer lands (`DrawNode`) and
/// compares it with the last frame to find the damage. `draw` then clears and
/// repaints only the damaged pixels, painting layers back to front.
/// Confined to the rendering thread.
final class Compositor {
    /// The target's size in pixels.
    private(set) var width: Int
    private(set) var height: Int
    private var records: [UInt64: DrawRecord] = [:]
    /// The records of the frame before last, kept for their storage.
    private var spareRecords: [UInt64: DrawRecord] = [:]
    /// Transition animations found running while preparing this frame.
    private var activeTransitions: Set<UInt64> = []
    /// Profiler hook: animations found running while preparing this frame.
    private var runningAnimations = 0
    let contentCache = LayerContentCache()
    let scratchPool: ScratchPool
    let transitions = TransitionSnapshots()
    let rasterizationCache = RasterizationCache()
    let bloomCache = BloomCache()
    /// Whether a group with a lone bloom and nothing else to apply adds its
    /// glow while it is composited (`BloomCache.compositeGlowing`); off,
    /// the glow is added into the group's scratch first with pixman. The
    /// two give the same pixels (BloomOnePassTests compares them).
    var compositesBloomInOnePass = true
    /// Draw nodes of subtrees nothing changes until the next commit.
    private(set) var staticSubtrees = StaticSubtreeCache()
    /// The tree generation the caches were last swept of gone layers at.
    private var sweptGeneration: UInt64?
    let opacityMasks = OpacityMasks()
    let blurOutsets = BlurOutsetMemo()
    let particleRenderer = ParticleRenderer()
    let tileRenderer = TileRenderer()
    /// The media time of the frame being prepared (tiles fade in by it).
    private(set) var frameTime: CFTimeInterval = 0

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        scratchPool = ScratchPool(width: self.width, height: self.height)
    }

    /// A prepared frame: what to draw and where it changed.
    struct Frame {
        let root: DrawNode?
        /// Damaged target pixels, as disjoint-enough rectangles.
        let damage: [PixelRect]
        let layerCount: Int
        /// For the profiler: animations running this frame (`FrameStatistics.runningAnimations`).
        var runningAnimations = 0
    }

    /// Changes the target size; the next frame repaints everything.
    func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        scratchPool.resize(width: self.width, height: self.height)
        records.removeAll()
        staticSubtrees.removeAll()
    }

    /// Forgets the last frame, so the next one repaints everything.
    func invalidateAll() {
        records.removeAll()
        staticSubtrees.removeAll()
    }

    var targetRect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    // MARK: - Prepare

    func prepare(_ tree: RenderTree, mediaTime: CFTimeInterval) -> Frame {
        staticSubtrees.begin(tree)
        // The dictionary the frame before last filled, emptied: its storage
        // is reused rather than allocated and freed every frame.
        var newRecords = spareRecords
        spareRecords = [:]
        newRecords.removeAll(keepingCapacity: true)
        newRecords.reserveCapacity(records.count)  // no rehashing as a thousand layers go in
        var damage = DamageAccumulator(bounds: targetRect)
        var count = 0
        runningAnimations = 0
        frameTime = mediaTime
        let root = tree.rootID.flatMap { id in
            buildNode(id, in: tree, parentTime: mediaTime, parentMatrix: CATransform3DIdentity,
                      parentOpacity: 1, clip: nil, count: &count)
        }
        if let root { collect(root, into: &newRecords) }
        transitions.retain(active: activeTransitions)
        activeTransitions.removeAll()
        for (id, record) in newRecords where records[id] != record {
            damage.add(records[id]?.coverage)
            damage.add(record.coverage)
        }
        for (id, record) in records where newRecords[id] == nil { damage.add(record.coverage) }
        if records.isEmpty { damage.add(targetRect) }  // first frame: paint everything, background included
        spareRecords = records
        records = newRecords
        // Layers go only with a commit: the caches are swept only after one.
        // Looked up in the records themselves: a set of their keys cost a
        // thousand hashes a frame, twice.
        if tree.generation != sweptGeneration {
            sweptGeneration = tree.generation
            contentCache.retainOnly(liveCount: newRecords.count) { newRecords[$0] != nil }
            bloomCache.retainOnly { newRecords[$0] != nil }
        }
        if tileRenderer.hasSources { tileRenderer.retainOnly(newRecords.values.compactMap(\.state.tiled)) }
        return Frame(root: root, damage: damage.rects, layerCount: count, runningAnimations: runningAnimations)
    }

    private func collect(_ node: DrawNode, into records: inout [UInt64: DrawRecord]) {
        records[node.id] = node.record
        for child in node.children { collect(child, into: &records) }
        if let mask = node.mask { collect(mask, into: &records) }
    }

    /// `instance` tells a replicator's copies apart (0: the layer itself);
    /// `tint` is the copy's colour, multiplied into everything it draws.
    /// `context` maps the superlayer's sublayer space into the 3D space the
    /// layer is depth-sorted in (see `DepthSort`): the nearest flattening
    /// ancestor's sublayer space, perspective included. `inContext3D`: the
    /// superlayer keeps depth, so this layer will be depth-sorted. `view`
    /// is the layer's node when the caller has looked it up already.
    private func buildNode(_ id: UInt64, view: RenderTree.NodeView? = nil, in tree: RenderTree,
                           parentTime: CFTimeInterval, parentMatrix: CATransform3D,
                           parentOpacity: Float, clip: PixelRect?, count: inout Int,
                           instance: UInt64 = 0, tint: Tint = .white,
                           context: CATransform3D = CATransform3DIdentity, inContext3D: Bool = false) -> DrawNode? {
        guard let node = view ?? tree.view(of: id) else { return nil }
        // Outside 3D contexts and replicators, a subtree nothing changes
        // until the next commit is taken as the last frame built it.
        let mayKeep = instance == 0 && !inContext3D && tint == .white
        if mayKeep, let kept = staticSubtrees.entry(for: id, parentMatrix: parentMatrix, parentOpacity: parentOpacity, clip: clip) {
            count += kept.layerCount
            return kept.node
        }
        if mayKeep, let shell = staticSubtrees.shell(for: id, parentMatrix: parentMatrix, parentOpacity: parentOpacity, clip: clip) {
            return buildNode(from: shell, of: node, in: tree, parentTime: parentTime, count: &count)
        }
        let countBefore = count
        count += 1
        var (state, localTime) = tree.presentedState(of: node, parentTime: parentTime)
        // Profiler hook: counted here, where each layer's local time is known anyway.
        runningAnimations += node.runningAnimationCount(atLayerTime: localTime)
        guard !state.isHidden else {
            if mayKeep, !node.hasAnimations {
                staticSubtrees.keep(.init(node: nil, layerCount: 1, parentMatrix: parentMatrix, parentOpacity: parentOpacity,
                                          clip: clip), for: id)
            }
            return nil
        }
        var isStatic = mayKeep && StaticSubtreeCache.isStatic(node, state: state)
        if state.isTransformLayer { state = state.withoutOwnRendering }
        // Sublayers of a transform layer (or a replicator preserving depth)
        // stay in 3D, so it can never be drawn as one flat group.
        let preserves3D = state.preserves3D
        let matrix = CATransform3DConcat(state.toSuperlayer, parentMatrix)
        let depthMatrix = CATransform3DConcat(state.toSuperlayer, context)
        let hasSublayers = node.withSublayers { !$0.isEmpty }
        let transition = preserves3D ? nil : activeTransition(of: node, id: id, localTime: localTime)
        let isGroup = !preserves3D && (transition != nil
            || DrawNode.needsGroup(state, hasSublayers: hasSublayers, hasMask: node.mask != nil, matrix: matrix))
        let opacity = isGroup ? 1 : parentOpacity * max(0, min(1, state.opacity))
        let drawNode = DrawNode(id: instance == 0 ? id : id | (instance &<< 40), state: state, matrix: matrix,
                                opacity: opacity, clip: clip, isGroup: isGroup)
        drawNode.tint = isGroup ? .white : tint
        drawNode.transition = transition
        if inContext3D {
            drawNode.depth = DepthSort.depth(of: state.bounds, through: depthMatrix)
            drawNode.depthQuad = DepthSort.Quad(state.bounds, through: depthMatrix)
            drawNode.depthHomography = Homography(depthMatrix)
        }
        if let fadeEnd = state.tiled?.fadeEnd, frameTime < fadeEnd { drawNode.tileFadeTime = frameTime }
        var coverage = ownCoverage(of: drawNode)
        if let particles = particleFrame(of: drawNode, id: id, in: tree, localTime: localTime) {
            drawNode.particles = particles
            if let box = particles.coverage { coverage = coverage.map { $0.union(box) } ?? box }
        }
        // Sublayers inherit this layer's clip when it masks to an axis-aligned rectangle.
        var childClip = clip
        if state.masksToBounds, !isGroup, let box = PixelRect(covering: drawNode.homography.apply(state.bounds)) {
            childClip = childClip.map { $0.intersection(box) ?? PixelRect(x: 0, y: 0, width: 0, height: 0) } ?? box
        }
        // A normal layer flattens its sublayers into its plane (their z is
        // dropped before its own transform applies); a 3D one keeps it.
        let childMatrix = CATransform3DConcat(state.sublayerSpace, preserves3D ? matrix : matrix.flattened)
        let childContext = preserves3D ? CATransform3DConcat(state.sublayerSpace, depthMatrix) : state.sublayerSpace
        // Each sublayer looked up once, here: its view is handed down.
        let ordered = node.withSublayers { sublayers in
            sublayers.enumerated().compactMap { index, id -> (Int, CGFloat, UInt64, RenderTree.NodeView)? in
                guard let child = tree.view(of: id) else { return nil }
                return (index, child.zPosition, id, child)
            }
        }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        let childTint = isGroup ? Tint.white : tint
        // A replicator draws its sublayers once per copy: one more instance
        // transform, delay and colour offset each time.
        let copies = state.replicator?.count ?? 1
        // Apple applies the instance transform "relative to the center of
        // this layer": about the middle of the replicator's bounds.
        let instanceStep = state.replicator.map { replicator -> CATransform3D in
            let center = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
            return CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-center.x, -center.y, 0), replicator.transform),
                CATransform3DMakeTranslation(center.x, center.y, 0))
        }
        var copyMatrix = childMatrix
        var copyContext = childContext
        for copy in 0..<copies {
            let copyInstance = copy == 0 ? instance : instance &* 4099 &+ UInt64(copy)
            let copyTint = state.replicator.map { childTint.times($0.tint(ofInstance: copy)) } ?? childTint
            let copyTime = localTime - Double(copy) * (state.replicator?.delay ?? 0)
            for (position, (_, _, childID, childView)) in ordered.enumerated() {
                // The next sublayers' animation data loads while this one is
                // built (in three steps: `NodeView.prefetchAhead`).
                let ahead = { (offset: Int) in position + offset < ordered.count ? ordered[position + offset].3 : nil }
                RenderTree.NodeView.prefetchAhead(next: ahead(1), second: ahead(2), third: ahead(3))
                guard let child = buildNode(childID, view: childView, in: tree, parentTime: copyTime,
                                            parentMatrix: copyMatrix,
                                            parentOpacity: opacity, clip: isGroup ? nil : childClip, count: &count,
                                            instance: copyInstance, tint: copyTint, context: copyContext,
                                            inContext3D: preserves3D)
                else {
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
            if let instanceStep {
                copyMatrix = CATransform3DConcat(instanceStep, copyMatrix)
                copyContext = CATransform3DConcat(instanceStep, copyContext)
            }
        }
        if preserves3D {
            drawNode.children = DepthSort.backToFront(DepthSort.spliced(drawNode.children))
            // The context's root: cut layers that intersect, so each piece can be ordered.
            if !inContext3D { drawNode.children = DepthSplit.split(drawNode.children) }
        }
        if state.shouldRasterize, !preserves3D {
            drawNode.rasterized = rasterizationCache.content(for: drawNode, in: tree, mediaTime: parentTime)
        }
        if let maskID = node.mask, !preserves3D {
            drawNode.mask = buildNode(maskID, in: tree, parentTime: localTime, parentMatrix: matrix,
                                      parentOpacity: 1, clip: nil, count: &count)
        }
        if isGroup {
            if state.masksToBounds, let box = PixelRect(covering: drawNode.homography.apply(state.bounds)) {
                coverage = coverage.flatMap { $0.intersection(box) }
            }
            let spread = ImageFilterRenderer.outset(of: state, memo: blurOutsets) + ShadowRenderer.spread(of: drawNode)
            if spread > 0 { coverage = coverage?.insetBy(-spread) }
        }
        drawNode.coverage = coverage.flatMap { rect in clip.map { rect.intersection($0) } ?? rect }
        if isStatic, transition == nil, drawNode.particles == nil {
            drawNode.isStatic = true
            staticSubtrees.keep(.init(node: drawNode, layerCount: count - countBefore, parentMatrix: parentMatrix,
                                      parentOpacity: parentOpacity, clip: clip), for: id)
        } else if mayKeep, !isGroup, StaticSubtreeCache.isStatic(node, state: state), transition == nil,
                  drawNode.particles == nil, drawNode.tileFadeTime == nil {
            let record = drawNode.record
            drawNode.adopt(record)
            staticSubtrees.keepShell(.init(node: drawNode, record: record, parentMatrix: parentMatrix,
                                           parentOpacity: parentOpacity, clip: clip, childMatrix: childMatrix,
                                           childContext: childContext, childClip: childClip,
                                           sublayers: ordered.map(\.2)), for: id)
        }
        return drawNode
    }

    /// A layer static itself, above sublayers that change (`StaticSubtreeCache.Shell`):
    /// its draw node made from the shell's, its sublayers built again.
    private func buildNode(from shell: StaticSubtreeCache.Shell, of node: RenderTree.NodeView, in tree: RenderTree,
                           parentTime: CFTimeInterval, count: inout Int) -> DrawNode {
        count += 1
        let localTime = node.localTime(fromParent: parentTime)
        let drawNode = DrawNode(sameAs: shell.node)
        for childID in shell.sublayers {
            guard let child = buildNode(childID, in: tree, parentTime: localTime, parentMatrix: shell.childMatrix,
                                        parentOpacity: drawNode.opacity, clip: shell.childClip, count: &count,
                                        context: shell.childContext)
            else { continue }
            drawNode.children.append(child)
        }
        if drawNode.children.elementsEqual(shell.node.children, by: { $0.id == $1.id }) { drawNode.adopt(shell.record) }
        return drawNode
    }

    /// The transition running on a layer at `localTime`, with its snapshot.
    private func activeTransition(of node: RenderTree.NodeView, id: UInt64, localTime: CFTimeInterval) -> TransitionRenderer.Active? {
        guard let snapshot = transitions.byLayer[id],
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

    /// The target pixels a layer's own drawing (background, contents,
    /// border, shadow) may touch.
    private func ownCoverage(of node: DrawNode) -> PixelRect? {
        let state = node.state
        let hasContent = state.backgroundColor != nil || state.contents != nil || state.borderWidth > 0
            || !state.backgroundFilters.isEmpty || state.gradient?.colors.isEmpty == false
            || state.shape.map { $0.fills || $0.strokes } == true || state.tiled?.tiles.isEmpty == false
        let shapeBounds = state.masksToBounds ? CGRect.null : state.shape?.drawnBounds ?? .null
        guard hasContent || node.isGroup || state.shadowOpacity > 0 else { return nil }
        // A shape layer draws outside its bounds unless it masks to them.
        let box = node.homography.apply(shapeBounds.isNull ? state.bounds : state.bounds.union(shapeBounds))
        guard var rect = PixelRect(covering: box) else { return nil }
        if state.shadowOpacity > 0 {
            rect = rect.union(rect.insetBy(-ShadowRenderer.spread(of: node)))
        }
        return rect
    }

    // MARK: - Draw

    /// Repaints `frame.damage` in `target` (which must be `width` x `height`).
    func draw(_ frame: Frame, into target: RasterBuffer) {
        guard let destination = PixmanImage(buffer: target) else { return }
        for rect in frame.damage {
            guard let rect = rect.intersection(targetRect) else { continue }
            if !(frame.root.map { rootPaintsOpaque($0, over: rect) } ?? false) { target.clear(rect) }
            if let root = frame.root { drawSubtree(root, into: destination, clip: rect) }
        }
        particleRenderer.endFrame()
    }

    /// Whether the root layer's own drawing, the first thing drawn, is an
    /// opaque colour over all of `rect` at whole pixels: then it overwrites
    /// every pixel there (pixman fills it), and clearing `rect` first would
    /// write the window twice (a window's background layer; issue 7).
    private func rootPaintsOpaque(_ root: DrawNode, over rect: PixelRect) -> Bool {
        let state = root.state
        guard !root.isGroup, root.rasterized == nil, root.clipPolygon == nil, root.transition == nil,
              root.opacity >= 1, root.tint == .white, root.isFrontFacing, state.shadowOpacity == 0,
              state.backgroundFilters.isEmpty, root.clip.map({ $0.intersection(rect) == rect }) ?? true,
              let content = contentCache.content(for: root), let color = content.uniformColor, color >> 24 == 0xFF,
              let placed = content.wholePixelPlacement(for: root)
        else { return false }
        return placed.intersection(rect) == rect
    }

    /// Paints `node` and everything under it into `destination` within `clip`.
    func drawSubtree(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect) {
        guard let coverage = node.subtreeCoverage ?? node.coverage, coverage.intersection(clip) != nil else { return }
        if let outline = node.clipPolygon { return drawPiece(node, outline: outline, into: destination, clip: clip) }
        var clip = clip
        if let nodeClip = node.clip {
            guard let clipped = clip.intersection(nodeClip) else { return }
            clip = clipped
        }
        if let rasterized = node.rasterized {
            let fade = node.state.opacity < 1 ? opacityMasks.mask(for: Double(max(0, node.state.opacity))) : nil
            if let area = node.subtreeCoverage?.intersection(clip) {
                rasterized.composite(node: node, into: destination, mask: fade, clip: area)
            }
            return
        }
        if node.isGroup {
            GroupRenderer(compositor: self).draw(node, into: destination, clip: clip)
            return
        }
        drawOwnContent(node, into: destination, clip: clip, opacity: node.opacity, includeShadow: true)
        for child in node.children { drawSubtree(child, into: destination, clip: clip) }
    }

    /// What a layer's drawing is multiplied by: its opacity, and a
    /// replicator copy's tint (per channel, through pixman's component alpha).
    static func fadeMask(opacity: Float, tint: Tint) -> PixmanImage? {
        if tint == .white { return opacity < 1 ? PixmanImage(red: 0, green: 0, blue: 0, alpha: Double(opacity)) : nil }
        guard let mask = PixmanImage(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * Double(opacity))
        else { return nil }
        mask.useComponentAlpha()
        return mask
    }

    /// Background, contents and border (and a shadow under them) of one
    /// layer, composited through its matrix.
    func drawOwnContent(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect, opacity: Float,
                        includeShadow: Bool) {
        let state = node.state
        guard opacity > 0, node.isFrontFacing || state.isDoubleSided else { return }
        guard let coverage = node.coverage, let area = coverage.intersection(clip) else { return }
        if !state.backgroundFilters.isEmpty, let buffer = destination.buffer,
           let box = PixelRect(covering: node.homography.apply(state.bounds))?.intersection(area) {
            // What is behind the layer, filtered before the layer draws.
            ImageFilterRenderer.applyInPlace(state.presentedBackgroundFilters, to: buffer, area: box)
        }
        if includeShadow, state.shadowOpacity > 0 {
            ShadowRenderer.drawShadow(of: node, content: contentCache.content(for: node), into: destination,
                                      clip: area, opacity: opacity, compositor: self)
        }
        if let content = contentCache.content(for: node) { drawContent(content, of: node, into: destination, clip: area, opacity: opacity) }
        if let tiled = state.tiled {
            tileRenderer.draw(tiled, node: node, into: destination, clip: area, opacity: opacity, mediaTime: frameTime)
        }
        // An emitter's particles: above its background and border, below its sublayers.
        if let particles = node.particles {
            particleRenderer.draw(particles, tint: node.tint, opacity: opacity, into: destination, clip: area)
        }
    }

    /// The layer's own bitmap, faded by `opacity` and tinted by a replicator copy's colour.
    private func drawContent(_ content: LayerContent, of node: DrawNode, into destination: PixmanImage, clip area: PixelRect,
                             opacity: Float) {
        let tint = node.tint
        if tint != .white, tint.red != tint.alpha || tint.green != tint.alpha || tint.blue != tint.alpha,
           let coverage = PixmanImage(red: 0, green: 0, blue: 0, alpha: tint.alpha * Double(opacity)) {
            // A tint is a colour multiply, not a per-channel coverage: pixman's
            // component-alpha OVER would let what is behind show through a
            // channel the tint dims. So: clear behind by the plain alpha, then
            // add the tinted colour.
            content.composite(node: node, into: destination, mask: coverage, operation: PIXMAN_OP_OUT_REVERSE, clip: area)
            content.composite(node: node, into: destination, mask: Self.fadeMask(opacity: opacity, tint: tint),
                              operation: PIXMAN_OP_ADD, clip: area)
            return
        }
        let fade = tint == .white ? opacityMasks.mask(for: Double(opacity)) : Self.fadeMask(opacity: opacity, tint: tint)
        content.composite(node: node, into: destination, mask: fade, clip: area, bandMemory: scratchPool)
    }
}

extension DrawNode {
    /// The coverage of the layer and everything under it.
    var subtreeCoverage: PixelRect? {
        if isGroup { return coverage }
        var result = coverage
        for child in children {
            if let childCoverage = child.subtreeCoverage { result = result.map { $0.union(childCoverage) } ?? childCoverage }
        }
        return result
    }

    /// Whether the layer faces the viewer: its plane keeps its orientation
    /// in the target (a turn past 90 degrees about x or y shows its back).
    var isFrontFacing: Bool {
        let m = homography.m
        let center = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
        let w = center.x * m[2] + center.y * m[5] + m[8]
        let determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6])
        return determinant * w >= 0
    }
}
