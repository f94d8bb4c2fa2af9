import CPixman

/// Draws a render tree into a target buffer, only where something changed.
///
/// A frame goes through four phases:
/// 1. evaluate: every layer's presented state at the frame's media time
///    (`FrameEvaluation`; for a tree unchanged since the last frame, its
///    animated layers alone: `FrameEvaluationPlan`);
/// 2. build the draw list: where each drawing of each layer lands, with
///    its opacity, clip and coverage (`DrawListBuilder`);
/// 3. diff: each drawing's record against the last frame's, into damage
///    (`FrameRecords`);
/// 4. draw: clear and repaint only the damaged pixels, back to front
///    (`Compositor+Draw.swift`).
/// `prepare` runs the first three, `draw` the last. The compositor keeps
/// what frames share: the records, the caches of contents, glows,
/// rasterized subtrees and static subtrees, and scratch memory.
/// Confined to the rendering thread.
final class Compositor {
    /// The target's size in pixels.
    private(set) var width: Int
    private(set) var height: Int
    /// The last frame's records (phase 3).
    private var records = FrameRecords()
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
    var staticSubtrees = StaticSubtreeCache()
    /// Evaluates an unchanged tree's animated layers alone (phase 1).
    private(set) var evaluationPlanner = FrameEvaluationPlanner()
    /// Makes an unchanged tree's draw list from the last one (phases 2 and 3).
    private var drawListReuse: DrawListReuse?
    /// Whether draw lists are made from the last one where they can be;
    /// off, every frame builds its whole list (tests compare the two).
    var reusesDrawLists = true
    /// Frames whose draw list was made from the last one (tests).
    private(set) var framesReusingDrawList = 0
    /// The pixels under a lone changing leaf, kept between frames.
    let leafBackdrop = LeafBackdrop()
    /// Whether such a leaf is drawn over its kept backdrop where it can be;
    /// off, every frame repaints what is under it (tests compare the two).
    var drawsOverLeafBackdrops = true
    /// Frames that drew a leaf over its kept backdrop, and backdrops kept (tests).
    var framesDrawnOverBackdrop = 0, backdropsKept = 0
    /// A node `drawSubtree` leaves out: the leaf while its backdrop is
    /// painted to be kept (`Compositor+LeafBackdrop.swift`).
    var nodeLeftOut: DrawNode?
    /// The tree generation the caches were last swept of gone layers at.
    private var sweptGeneration: UInt64?
    let opacityMasks = OpacityMasks()
    let blurOutsets = BlurOutsetMemo()
    let particleRenderer = ParticleRenderer()
    let tileRenderer = TileRenderer()
    /// The media time of the frame being prepared (tiles fade in by it).
    private(set) var frameTime: CFTimeInterval = 0
    /// The pixman image over the target last drawn into: a presenter draws
    /// every frame into the same buffer, and making the image (its pixman
    /// structure and its object) every frame was 0.5 % of the kiosk's render
    /// thread. Every composite into it sets the clip it needs and clears it.
    private var lastTarget: PixmanImage?

    /// The image to draw into `target` with.
    func targetImage(for target: RasterBuffer) -> PixmanImage? {
        if let lastTarget, lastTarget.buffer === target { return lastTarget }
        lastTarget = PixmanImage(buffer: target)
        return lastTarget
    }

    /// Debug hook: records what each layer costs to draw while
    /// `lamina-inspect hot` asks (Render/Profiler/LayerCostRecorder.swift).
    var layerCosts: LayerCostRecorder?

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
        /// The highest frame rate a running animation asks for (`FrameEvaluation.Result.frameRate`).
        var animationFrameRate: Float = 0
        /// A frame made from the last one with one leaf built again: the
        /// leaf, and the reuse (`LeafBackdrop`).
        var changingLeaf: ChangingLeaf?
    }

    /// The lone leaf of a frame made from the last one, built again.
    struct ChangingLeaf {
        /// `node`, built to take the place of `placed`, last frame's.
        init(_ node: DrawNode, placed: DrawNode, reuse: DrawListReuse) {
            self.node = node
            self.reuse = reuse
            isStill = DrawListReuse.staysPut(node, placed: placed)
            lastCoverage = placed.coverage
            lastTranslation = (Double(placed.matrix.m41), Double(placed.matrix.m42))
        }

        let node: DrawNode
        let reuse: DrawListReuse
        /// Whether it is where it was last frame, covering the same pixels.
        let isStill: Bool
        /// Where it was last frame: its coverage, and its matrix's
        /// translation (which way a leaf moving by less than a pixel goes).
        let lastCoverage: PixelRect?
        let lastTranslation: (x: Double, y: Double)
    }

    /// Changes the target size; the next frame repaints everything.
    func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        scratchPool.resize(width: self.width, height: self.height)
        invalidateAll()
    }

    /// Forgets the last frame, so the next one repaints everything.
    func invalidateAll() {
        records.removeAll()
        staticSubtrees.removeAll()
        evaluationPlanner.removeAll()
        drawListReuse = nil
        leafBackdrop.forget()
    }

    var targetRect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Whether a frame has been drawn since the compositor last forgot one
    /// (`invalidateAll`, a resize): the target then holds it.
    var hasDrawnFrame: Bool { records.count > 0 }

    /// Phases 1 to 3 of the frame for `mediaTime`: what to draw and where.
    func prepare(_ tree: RenderTree, mediaTime: CFTimeInterval) -> Frame {
        staticSubtrees.begin(tree)
        contentCache.commit = (ObjectIdentifier(tree), tree.generation)
        frameTime = mediaTime
        let evaluation = evaluationPlanner.evaluate(tree, at: mediaTime)
        if reusesDrawLists, let reuse = drawListReuse, reuse.holds(for: tree) {
            var leaves = DrawListBuilder(tree: tree, compositor: self, frameTime: mediaTime)
            if let rebuilt = reuse.rebuild(with: &leaves, at: mediaTime) {
                let changingLeaf = rebuilt.count == 1 ? ChangingLeaf(rebuilt[0], placed: reuse.placedLeaf(0), reuse: reuse) : nil
                reuse.place(rebuilt)
                framesReusingDrawList += 1
                var damage = DamageAccumulator(bounds: targetRect)
                for node in rebuilt { records.update(with: node, into: &damage) }
                sweepCaches(of: tree)
                return Frame(root: reuse.root, damage: damage.rects, layerCount: reuse.layerCount,
                             runningAnimations: evaluation.runningAnimations, animationFrameRate: evaluation.frameRate,
                             changingLeaf: changingLeaf)
            }
        }
        // A new list: what was kept under the last one's leaf is not under this one's.
        leafBackdrop.forget()
        var builder = DrawListBuilder(tree: tree, compositor: self, frameTime: mediaTime)
        let root = builder.build()
        transitions.retain(active: builder.activeTransitions)
        let damage = records.replace(with: root, bounds: targetRect)
        drawListReuse = root.flatMap { root in
            builder.isReusable && !builder.volatiles.isEmpty
                ? DrawListReuse(tree: tree, root: root, volatiles: builder.volatiles, layerCount: builder.layerCount) : nil
        }
        sweepCaches(of: tree)
        return Frame(root: root, damage: damage, layerCount: builder.layerCount,
                     runningAnimations: evaluation.runningAnimations, animationFrameRate: evaluation.frameRate)
    }

    /// Drops what the caches keep for drawings no longer in the frame.
    /// Layers go only with a commit, so the content and glow caches are
    /// swept only after one; they are looked up in the records themselves
    /// (a set of their keys cost a thousand hashes a frame, twice).
    private func sweepCaches(of tree: RenderTree) {
        if tree.generation != sweptGeneration {
            sweptGeneration = tree.generation
            let records = self.records
            contentCache.retainOnly(liveCount: records.count) { records.contains($0) }
            bloomCache.retainOnly { records.contains($0) }
        }
        if tileRenderer.hasSources { tileRenderer.retainOnly(records.all.compactMap(\.state.tiled)) }
    }
}
