import CMemoryHints

/// The render server's own copy of a layer tree, fed only by commits.
/// Confined to the thread that renders (the render thread, or the caller of
/// `CARenderer`).
final class RenderTree {
    /// A layer as the tree holds it. Its contents live in one class
    /// instance shared by copies until one is changed (copy on write): every
    /// frame reads every layer's node in `nodes`, and copying a whole
    /// `LayerState` with its references and arrays each time cost more than
    /// evaluating the layer's animations (docs/performance.md).
    struct Node {
        private var storage: Storage

        /// A node whose compiled animations share their timing curves
        /// through `curves` (the tree's table) when given.
        init(state: LayerState, sublayers: [UInt64], mask: UInt64?, animations: [AnimationSnapshot],
             curves: TimingCurveTable? = nil) {
            storage = Storage(state: state, sublayers: sublayers, mask: mask, animations: animations,
                              program: AnimationProgram(animations, curves: curves))
        }

        /// The layer's committed state. Read in place (`_read`): reading one
        /// field of it copies only that field.
        var state: LayerState {
            _read { yield storage.state }
            _modify {
                makeUnique()
                // Before the yield: code after it does not run if the access is aborted.
                storage.presentation.invalidate()
                yield &storage.state
            }
        }

        var sublayers: [UInt64] {
            _read { yield storage.sublayers }
            _modify {
                makeUnique()
                yield &storage.sublayers
            }
        }

        var mask: UInt64? {
            get { storage.mask }
            set {
                makeUnique()
                storage.mask = newValue
            }
        }

        /// The layer's animations, in the order added.
        var animations: [AnimationSnapshot] {
            _read { yield storage.animations }
            set {
                makeUnique()
                storage.animations = newValue
                storage.program = AnimationProgram(newValue)
                storage.presentation.invalidate()
            }
        }

        /// The node read in place, without retaining it: see `NodeView`.
        /// Valid while this node's storage lives: for a node in the tree,
        /// until the next commit is applied; for a `Node` value of one's
        /// own, while that value lives unchanged.
        var view: NodeView { NodeView(storage: Unmanaged.passUnretained(storage)) }

        /// `view.withPresentedState(at:_:)`.
        @inline(__always)
        func withPresentedState<Result>(at layerTime: CFTimeInterval,
                                        _ body: (borrowing LayerState) -> Result) -> Result {
            view.withPresentedState(at: layerTime, body)
        }

        /// `animations` compiled for per-frame evaluation, rebuilt whenever
        /// they change.
        var program: AnimationProgram { storage.program }

        private mutating func makeUnique() {
            guard !isKnownUniquelyReferenced(&storage) else { return }
            storage = Storage(state: storage.state, sublayers: storage.sublayers, mask: storage.mask,
                              animations: storage.animations, program: storage.program)
        }

        /// A node's contents. Confined, like the tree, to the render thread.
        /// Nodes sharing a storage (copies not yet written to) share its
        /// presentation buffer too; that is safe because every read of it
        /// (`withPresentedState`) evaluates it first unless it already holds
        /// the evaluation at that layer time, which is the same answer for
        /// every node sharing the storage (the same state and animations).
        ///
        /// The properties a frame reads for every layer are exempt from the
        /// runtime's exclusivity checks, which cost more than evaluating a
        /// layer's animations. That is safe because the storage
        /// never leaves the render thread (a class that is not `Sendable`),
        /// and no access overlaps a modifying one: `Node`'s accessors write
        /// only through `makeUnique` (a storage no other `Node` holds),
        /// `evaluate` writes `presentation` while reading the others, and
        /// the `NodeView`s a frame reads through (which
        /// `isKnownUniquelyReferenced` cannot see) exist only while nothing
        /// writes the tree: its nodes change only in `apply`, between frames.
        ///
        /// The small fields come first, next to the object's header, which
        /// a frame touches anyway: each field a frame reads for every layer
        /// on a cache line of its own was a miss per layer.
        fileprivate final class Storage {
            var sublayers: [UInt64]
            var mask: UInt64?
            @exclusivity(unchecked) var animations: [AnimationSnapshot]
            @exclusivity(unchecked) var program: AnimationProgram
            @exclusivity(unchecked) var presentation: PresentationBuffer
            @exclusivity(unchecked) var state: LayerState

            @inline(__always)
            func withPresentedState<Result>(at layerTime: CFTimeInterval,
                                            _ body: (borrowing LayerState) -> Result) -> Result {
                guard !animations.isEmpty else { return body(state) }
                if !presentation.holdsEvaluation(at: layerTime) {
                    prefetchForEvaluation()
                    presentation.evaluate(&program, &animations, over: &state, at: layerTime)
                }
                return body(presentation.state)
            }

            /// Asks the processor to start loading what evaluating the
            /// animations reads, without waiting for each load in turn: the
            /// lines of both states that animations restore and write, and
            /// the compiled animations. A frame over thousands of animated
            /// layers spent most of its time waiting on one miss after
            /// another.
            @inline(__always)
            func prefetchForEvaluation() {
                // One line more for the presented state: the buffer's flag comes before it.
                withUnsafePointer(to: &presentation) { Self.prefetch(UnsafeRawPointer($0), lines: Self.hotStateLines + 1) }
                withUnsafePointer(to: &state) { Self.prefetch(UnsafeRawPointer($0), lines: Self.hotStateLines) }
                AnimationProgram.prefetchAnimations(of: &program)
            }

            /// Lines of each state a frame reads or writes for an animated
            /// layer: the fields animations write come first (`LayerState`).
            private static let hotStateLines = 4

            @inline(__always)
            private static func prefetch(_ address: UnsafeRawPointer, lines: Int) {
                for line in 0..<lines { lamina_prefetch(address + 64 * line) }
            }

            init(state: LayerState, sublayers: [UInt64], mask: UInt64?, animations: [AnimationSnapshot],
                 program: AnimationProgram) {
                self.state = state
                self.sublayers = sublayers
                self.mask = mask
                self.animations = animations
                self.program = program
                presentation = PresentationBuffer(state)
            }
        }
    }

    private(set) var nodes: [UInt64: Node] = [:]

    /// The timing curves of the nodes' compiled animations, one for each
    /// distinct timing and easing (`TimingCurve`).
    let curves = TimingCurveTable()
    /// Each emitter layer's epochs (`EmitterHistory.swift`), by layer id.
    private(set) var emitterHistories: [UInt64: EmitterHistory] = [:]

    init() {}

    /// A tree over existing nodes (a subtree drawn alone).
    init(nodes: [UInt64: Node], rootID: UInt64) {
        self.nodes = nodes
        self.rootID = rootID
    }
    private(set) var rootID: UInt64?
    /// The last commit applied.
    private(set) var lastSequence: UInt64 = 0
    /// Set when a commit changed the tree; cleared by whoever drew it.
    var hasUncomposedChanges = false
    /// Counts the commits applied: a tree whose generation is unchanged has
    /// the same layers, states and animations (`StaticSubtreeCache`).
    private(set) var generation: UInt64 = 0

    /// Applies a commit: replaces the updated layers and forgets layers no
    /// longer reachable from the root.
    func apply(_ commit: RenderCommit) {
        for update in commit.updates {
            nodes[update.id] = Node(state: update.state, sublayers: update.sublayers, mask: update.mask,
                                    animations: update.animations, curves: curves)
        }
        rootID = commit.rootID
        lastSequence = commit.sequence
        hasUncomposedChanges = true
        generation &+= 1
        pruneUnreachable()
        curves.forgetUnused()
        recordEmitters(commit)
    }

    /// Starts a new epoch for each emitter whose committed state changed, at
    /// the commit's time in the emitter's local time.
    private func recordEmitters(_ commit: RenderCommit) {
        for update in commit.updates {
            guard nodes[update.id] != nil else { continue }
            guard let emitter = update.state.emitter else {
                emitterHistories[update.id] = nil
                continue
            }
            let time = localTime(of: update.id, at: commit.mediaTime) ?? .nan
            emitterHistories[update.id, default: EmitterHistory()].record(emitter, at: time)
        }
        if emitterHistories.count > 0, emitterHistories.keys.contains(where: { nodes[$0] == nil }) {
            emitterHistories = emitterHistories.filter { nodes[$0.key] != nil }
        }
    }

    private func pruneUnreachable() {
        guard let rootID else { return nodes.removeAll() }
        var reachable: Set<UInt64> = []
        var stack = [rootID]
        while let id = stack.popLast() {
            guard reachable.insert(id).inserted, let node = nodes[id] else { continue }
            stack.append(contentsOf: node.sublayers)
            if let mask = node.mask { stack.append(mask) }
        }
        if reachable.count != nodes.count { nodes = nodes.filter { reachable.contains($0.key) } }
    }

    /// The state of `id` as shown at media time `mediaTime`, given its
    /// superlayer's local time: its animations applied at its own local time.
    /// A copy; to read a few fields, `node.withPresentedState` reads them in place.
    func presentedState(of node: NodeView, parentTime: CFTimeInterval) -> (state: LayerState, localTime: CFTimeInterval) {
        let localTime = node.localTime(fromParent: parentTime)
        return (node.withPresentedState(at: localTime) { copy $0 }, localTime)
    }

    /// `presentedState(of:parentTime:)` for a node taken out of `nodes`.
    func presentedState(of node: Node, parentTime: CFTimeInterval) -> (state: LayerState, localTime: CFTimeInterval) {
        presentedState(of: node.view, parentTime: parentTime)
    }
}

extension RenderTree {
    /// A node as a frame reads it, without retaining it: a walk looks each
    /// sublayer up once and holds the views of the nodes it visits next,
    /// so that it can start loading their data ahead (`prefetchAhead`).
    /// Holding them as `Node`s would retain each one, an atomic write to
    /// the very line being loaded, waiting for it (docs/performance.md).
    /// A view is valid until the tree next changes;
    /// only `apply` changes it, between frames on the same thread, so the
    /// views a frame takes never outlive the storage they read.
    struct NodeView {
        /// Unretained: the tree's `nodes` own the storage, and a view never
        /// outlives a frame (see the type's description). Every read goes
        /// through `_withUnsafeGuaranteedRef`, which retains nothing; an
        /// `unowned(unsafe)` reference was retained around each call.
        fileprivate let storage: Unmanaged<Node.Storage>

        /// The layer's local time when its superlayer's is `parentTime`.
        func localTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
            storage._withUnsafeGuaranteedRef { $0.state.timing.localTime(fromParent: parentTime) }
        }

        /// The layer's committed timing (its local time from its superlayer's).
        var timing: MediaTiming { storage._withUnsafeGuaranteedRef { $0.state.timing } }

        /// The committed `zPosition`, which orders sublayers.
        var zPosition: CGFloat { storage._withUnsafeGuaranteedRef { $0.state.zPosition } }

        /// Whether the layer has animations (running or not).
        var hasAnimations: Bool { storage._withUnsafeGuaranteedRef { !$0.animations.isEmpty } }

        /// Whether no animation of the layer changes what its content bitmap
        /// is drawn from (`AnimationProgram.leavesContentAlone`).
        var animationsLeaveContentAlone: Bool { storage._withUnsafeGuaranteedRef { $0.program.leavesContentAlone } }

        var mask: UInt64? { storage._withUnsafeGuaranteedRef { $0.mask } }

        /// The layer's animations, in the order added (a copy of the array).
        var animations: [AnimationSnapshot] { storage._withUnsafeGuaranteedRef { $0.animations } }

        /// Calls `body` with the sublayers' ids, read in place.
        @inline(__always)
        func withSublayers<Result>(_ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
            storage._withUnsafeGuaranteedRef { $0.sublayers.withUnsafeBufferPointer(body) }
        }

        /// Calls `body` with the layer's state with its animations applied
        /// at its local time `layerTime`, read in place: evaluated into a
        /// buffer the node keeps between frames (`PresentationBuffer`), so
        /// that reading it copies no `LayerState`, and evaluated only once
        /// for the same time (a frame's evaluation phase, then the phases
        /// after it). A node without animations passes `state` itself. (A closure rather than a `_read` accessor:
        /// the accessor's coroutine frame was allocated on the heap.)
        @inline(__always)
        func withPresentedState<Result>(at layerTime: CFTimeInterval,
                                        _ body: (borrowing LayerState) -> Result) -> Result {
            storage._withUnsafeGuaranteedRef { $0.withPresentedState(at: layerTime, body) }
        }

        /// Whether the node's presented state holds its evaluation at
        /// `layerTime` (for tests of the frame's phases).
        func holdsEvaluation(at layerTime: CFTimeInterval) -> Bool {
            storage._withUnsafeGuaranteedRef { $0.presentation.holdsEvaluation(at: layerTime) }
        }

        /// `program.runningCount(atLayerTime:)`, without copying the program out.
        /// `program.running(atLayerTime:)`, without copying the program out.
        func runningAnimations(atLayerTime layerTime: CFTimeInterval) -> (count: Int, frameRate: Float) {
            storage._withUnsafeGuaranteedRef { $0.program.running(atLayerTime: layerTime) }
        }

        func runningAnimationCount(atLayerTime layerTime: CFTimeInterval) -> Int {
            storage._withUnsafeGuaranteedRef { $0.program.runningCount(atLayerTime: layerTime) }
        }

        /// Starts loading what evaluating the next three nodes a walk takes
        /// from its list (the next sublayers of one layer) reads, so that
        /// their misses overlap this node's work: the third one's storage
        /// (its first lines: the animations, the compiled program's
        /// arrays), the second one's list of compiled animations, and the
        /// next one's states and compiled animations
        /// (`Storage.prefetchForEvaluation`). Each step reads what the one
        /// before started loading, a node earlier, so none waits on a miss.
        /// The steps are a node apart where the sublayers are leaves, as
        /// thousands of animated layers under one superlayer are; between
        /// two sublayers with sublayers of their own, the walk builds the
        /// first one's whole subtree. Over thousands of animated layers,
        /// one step (the next node alone) gained nothing measurable and
        /// three saved a tenth of the evaluation (docs/performance.md).
        @inline(__always)
        static func prefetchAhead(next: NodeView?, second: NodeView?, third: NodeView?) {
            if let third {
                let address = UnsafeRawPointer(third.storage.toOpaque())
                lamina_prefetch(address)
                lamina_prefetch(address + 64)
            }
            second?.storage._withUnsafeGuaranteedRef { AnimationProgram.prefetchList(of: &$0.program) }
            next?.storage._withUnsafeGuaranteedRef { storage in
                if !storage.animations.isEmpty { storage.prefetchForEvaluation() }
            }
        }
    }

    /// The node `id` as a frame reads it (`NodeView`), or nil when there is none.
    @inline(__always)
    func view(of id: UInt64) -> NodeView? {
        nodes[id]?.view
    }
}
