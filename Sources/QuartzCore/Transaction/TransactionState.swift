/// One thread's stack of open transactions and what they changed.
///
/// Thread-confined: reached only through `forCurrentThread()`, so only its
/// own thread ever touches it.
final class TransactionState {
    /// One open transaction: its settings and its completion group.
    final class Level {
        let isImplicit: Bool
        var values: [String: Any] = [:]
        var completionGroup: CompletionGroup?
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    private(set) var levels: [Level] = []
    /// Layers changed since the last commit, in the order first changed.
    private var changedLayers: [CALayer] = []
    private var changedLayerIDs: Set<ObjectIdentifier> = []
    /// Animations added since the last commit, to stamp and track at commit.
    private var addedAnimations: [(layer: CALayer, entry: AnimationEntry)] = []
    /// Completion groups whose transaction has closed but not yet committed.
    private var closedGroups: [CompletionGroup] = []
    private var flushRequested = false
    private var implicitGeneration = 0
    private var isCommitting = false
    /// Above zero while `CALayer` makes presentation copies (see `init(layer:)`).
    var presentationCopiesInProgress = 0

    /// Tracks committed animations and delivers their events.
    let lifecycle = AnimationLifecycle()

    /// Each thread's state, in a pthread key: looked up several times per
    /// run-loop turn and presented frame, where `Thread.threadDictionary`
    /// (an `NSDictionary` keyed by string) showed in the kiosk's profile.
    /// The key's destructor releases the state when its thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<TransactionState>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): no per-thread transactions")
        return key
    }()

    static func forCurrentThread() -> TransactionState {
        if let pointer = pthread_getspecific(threadKey) {
            return Unmanaged<TransactionState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = TransactionState()
        pthread_setspecific(threadKey, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    // MARK: - Levels

    func begin(isImplicit: Bool) {
        levels.append(Level(isImplicit: isImplicit))
        if isImplicit { scheduleImplicitCommit() }
    }

    func commitExplicit() {
        guard let top = levels.last, !top.isImplicit else {
            return CADiagnostics.report("CATransaction.commit() without a matching begin(); ignored")
        }
        close(levels.removeLast())
        if levels.isEmpty {
            commitChanges()
        } else if flushRequested, levels.count == 1, levels[0].isImplicit {
            commitImplicit()
        }
    }

    func flush() {
        guard let bottom = levels.first, bottom.isImplicit else {
            // No implicit transaction: nothing waits, but changes made outside
            // any transaction (layer creation, say) still need committing.
            if levels.isEmpty { commitChanges() }
            return
        }
        if levels.count == 1 { commitImplicit() } else { flushRequested = true }
    }

    private func commitImplicit() {
        flushRequested = false
        guard let bottom = levels.first, bottom.isImplicit, levels.count == 1 else { return }
        close(levels.removeLast())
        commitChanges()
    }

    private func close(_ level: Level) {
        if let group = level.completionGroup { closedGroups.append(group) }
    }

    /// Opens the implicit transaction when a change happens outside any.
    private func ensureOpen() {
        if levels.isEmpty { begin(isImplicit: true) }
    }

    /// Commits the implicit transaction when the run loop next turns. On the
    /// main thread the main queue counts too, so that `dispatchMain()`
    /// programs commit; whichever comes first commits, the other finds
    /// nothing to do.
    private func scheduleImplicitCommit() {
        implicitGeneration += 1
        let generation = implicitGeneration
        let commitIfStillOpen: @Sendable () -> Void = {
            TransactionState.forCurrentThread().commitImplicitFromRunLoop(generation: generation)
        }
        RunLoop.current.perform(inModes: [.default, .common], block: commitIfStillOpen)
        if lifecycle.isOnMainThread { DispatchQueue.main.async(execute: commitIfStillOpen) }
    }

    private func commitImplicitFromRunLoop(generation: Int) {
        guard generation == implicitGeneration else { return }
        if levels.count == 1 { commitImplicit() } else if !levels.isEmpty { flushRequested = true }
    }

    // MARK: - Settings

    func value(forKey key: String) -> Any? {
        for level in levels.reversed() {
            if let value = level.values[key] { return value }
        }
        return nil
    }

    func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        let level = levels[levels.count - 1]
        level.values[key] = value
        if key == kCATransactionCompletionBlock {
            if let group = level.completionGroup { closedGroups.append(group) }
            level.completionGroup = (value as? () -> Void).map(CompletionGroup.init)
        }
    }

    // MARK: - Tiled layers

    /// This thread's tiled layers, held weakly: at each commit, those in a
    /// tree that changed work out which tiles they now need.
    private var tiledLayers: [WeakTiledLayer] = []

    private struct WeakTiledLayer {
        weak var layer: CATiledLayer?
    }

    func registerTiledLayer(_ layer: CATiledLayer) {
        tiledLayers.removeAll { $0.layer == nil }
        tiledLayers.append(WeakTiledLayer(layer: layer))
    }

    private func updateTiledLayers(inRoots roots: Set<ObjectIdentifier>) {
        guard !tiledLayers.isEmpty else { return }
        for entry in tiledLayers {
            guard let layer = entry.layer, roots.contains(ObjectIdentifier(layer.rootLayer)) else { continue }
            layer.updateTiles()
        }
    }

    // MARK: - Recording changes

    /// Records that `layer` changed, opening the implicit transaction if needed.
    func layerChanged(_ layer: CALayer) {
        guard !layer.isPresentation else { return }
        if !isCommitting { ensureOpen() }
        if changedLayerIDs.insert(ObjectIdentifier(layer)).inserted { changedLayers.append(layer) }
    }

    /// Records an animation added to `layer`: every open transaction with a
    /// completion block now waits for it.
    func animationAdded(_ entry: AnimationEntry, to layer: CALayer) {
        layerChanged(layer)
        for level in levels {
            guard let group = level.completionGroup else { continue }
            group.pending += 1
            entry.completionGroups.append(group)
        }
        addedAnimations.append((layer, entry))
    }

    // MARK: - Commit

    /// The outermost commit: lay out, stamp animations with the commit time,
    /// snapshot what the presentation layers start from, then run completion
    /// blocks that have nothing to wait for.
    private func commitChanges() {
        guard !isCommitting else { return }
        isCommitting = true
        defer { isCommitting = false }
        var laidOutRoots = Set<ObjectIdentifier>()
        var index = 0
        while index < changedLayers.count {  // layout may change more layers
            let root = changedLayers[index].rootLayer
            if laidOutRoots.insert(ObjectIdentifier(root)).inserted { root.layoutIfNeeded() }
            index += 1
        }
        for layer in changedLayers where layer.needsDisplayFlag { layer.displayIfNeeded() }
        updateTiledLayers(inRoots: laidOutRoots)
        let now = MediaClock.now()
        for layer in changedLayers { layer.committedStorage = layer.storage }
        for (layer, entry) in addedAnimations where layer.animationEntries.contains(where: { $0 === entry }) {
            entry.commit(on: layer, mediaTime: now)
            lifecycle.track(entry, on: layer)
        }
        lifecycle.publishFrameEventTimes()
        sendToHosts(mediaTime: now)
        addedAnimations.removeAll()
        changedLayers.removeAll()
        changedLayerIDs.removeAll()
        let groups = closedGroups
        closedGroups.removeAll()
        for group in groups { group.seal() }
        lifecycle.scheduleDelivery()
    }
}

extension TransactionState {
    /// Hands each hosted tree that changed its commit.
    fileprivate func sendToHosts(mediaTime: CFTimeInterval) {
        var roots: [ObjectIdentifier: CALayer] = [:]
        for layer in changedLayers {
            let root = layer.rootLayer
            if root.hostConnection != nil { roots[ObjectIdentifier(root)] = root }
        }
        guard !roots.isEmpty else { return }
        let changed = Set(changedLayers.map(ObjectIdentifier.init))
        for root in roots.values {
            root.hostConnection?.commit(root: root, changed: changed, mediaTime: mediaTime)
        }
    }
}

/// The animations a transaction's completion block waits for.
final class CompletionGroup {
    var pending = 0
    private var block: (() -> Void)?
    private var isSealed = false

    init(block: @escaping () -> Void) { self.block = block }

    /// The transaction committed: no more animations join. Runs the block
    /// at once when nothing is pending.
    func seal() {
        isSealed = true
        fireIfDone()
    }

    /// One animation finished or was removed.
    func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    private func fireIfDone() {
        guard isSealed, pending <= 0, let block else { return }
        self.block = nil
        AnimationLifecycle.runOnMainThread(block)
    }
}
