/// The evaluation phase (`FrameEvaluation`) for a tree no commit has
/// changed since the last frame: only the animated layers are evaluated,
/// each from its superlayer's local time, worked out from the media time
/// through the static ancestors' timings; the static layers the full walk
/// would visit are only counted. The kiosk at rest evaluated its nine
/// layers by walking them every frame (dictionary look-ups and the cache
/// misses of every node's storage after the render thread's sleep: 7 % of
/// its render thread) to apply one animation.
///
/// A plan is made from the tree as the full walk sees it, and only when
/// every animated layer it reaches is static above: no animated ancestor,
/// whose presented `isHidden` could change from frame to frame which
/// layers below it are visited. Under an animated layer, the static
/// layers its subtree shows are counted with it while it is not hidden.
/// It gives the same result as the walk and leaves the same presented
/// states behind (`FrameEvaluationPlanTests`).
///
/// Valid while the tree is the one it was made from, with the same
/// generation (its nodes are the same; `RenderTree.generation`). Render
/// thread only, with its compositor. A class, held strongly with its tree:
/// a struct with a weak reference was copied with a weak retain and
/// release at every frame, a third of what the plan saved.
final class FrameEvaluationPlan {
    /// A static layer above animated ones, whose local time their
    /// superlayers' local times come from.
    private struct Ancestor {
        let timing: MediaTiming
        /// Its superlayer's index in `ancestors`, or -1 for the root (whose
        /// parent time is the media time).
        let parent: Int
    }

    /// An animated layer.
    private struct Entry {
        let node: RenderTree.NodeView
        /// Its superlayer's index in `ancestors`, or -1 for the root.
        let parent: Int
        /// The layers of its subtree (itself aside) that the walk visits
        /// while it is not hidden: all static.
        let layersBelow: Int
    }

    /// Kept alive with the plan, so that its identity is not a new tree's.
    private let tree: RenderTree
    private let generation: UInt64
    private let ancestors: [Ancestor]
    private let entries: [Entry]
    /// The layers visited that are not in an animated layer's subtree.
    private let staticLayers: Int

    /// Whether the plan stands for `tree` as it is now.
    func holds(for tree: RenderTree) -> Bool { self.tree === tree && tree.generation == generation }

    /// `FrameEvaluation.evaluate(tree, at: mediaTime)` for the tree the plan
    /// holds for.
    func evaluate(at mediaTime: CFTimeInterval) -> FrameEvaluation.Result {
        var result = FrameEvaluation.Result(layers: staticLayers)
        withUnsafeTemporaryAllocation(of: CFTimeInterval.self, capacity: ancestors.count) { times in
            // Superlayers come before their sublayers in `ancestors`.
            for (index, ancestor) in ancestors.enumerated() {
                let parentTime = ancestor.parent < 0 ? mediaTime : times[ancestor.parent]
                times.initializeElement(at: index, to: ancestor.timing.localTime(fromParent: parentTime))
            }
            for index in entries.indices {
                let entry = entries[index]
                RenderTree.NodeView.prefetchAhead(next: index + 1 < entries.count ? entries[index + 1].node : nil,
                                                  second: index + 2 < entries.count ? entries[index + 2].node : nil,
                                                  third: index + 3 < entries.count ? entries[index + 3].node : nil)
                let parentTime = entry.parent < 0 ? mediaTime : times[entry.parent]
                let localTime = entry.node.localTime(fromParent: parentTime)
                let isHidden = entry.node.withPresentedState(at: localTime) { $0.isHidden }
                let running = entry.node.runningAnimations(atLayerTime: localTime)
                result.runningAnimations += running.count
                result.frameRate = max(result.frameRate, running.frameRate)
                result.layers += 1 + (isHidden ? 0 : entry.layersBelow)
            }
        }
        return result
    }

    /// The plan for `tree` as it is now; nil when an animated layer the walk
    /// reaches has an animated ancestor.
    static func make(for tree: RenderTree) -> FrameEvaluationPlan? {
        var ancestors: [Ancestor] = []
        var entries: [Entry] = []
        var staticLayers = 0
        // The walk's order does not matter: the result is sums and a maximum.
        var stack: [(node: RenderTree.NodeView, parent: Int)] = []
        if let root = tree.rootID.flatMap(tree.view(of:)) { stack.append((root, -1)) }
        while let (node, parent) = stack.popLast() {
            if node.hasAnimations {
                guard let below = staticLayersShown(under: node, in: tree) else { return nil }
                entries.append(Entry(node: node, parent: parent, layersBelow: below))
                continue
            }
            staticLayers += 1
            // Static: the state read is the committed one, at any time.
            guard !node.withPresentedState(at: 0, { $0.isHidden }) else { continue }
            let children = shownChildren(of: node, in: tree)
            guard !children.isEmpty else { continue }
            ancestors.append(Ancestor(timing: node.timing, parent: parent))
            stack.append(contentsOf: children.map { ($0, ancestors.count - 1) })
        }
        return FrameEvaluationPlan(tree: tree, generation: tree.generation,
                                   ancestors: keepingOnlyUsed(ancestors, entries: &entries),
                                   entries: entries, staticLayers: staticLayers)
    }

    private init(tree: RenderTree, generation: UInt64, ancestors: [Ancestor], entries: [Entry], staticLayers: Int) {
        self.tree = tree
        self.generation = generation
        self.ancestors = ancestors
        self.entries = entries
        self.staticLayers = staticLayers
    }

    /// The mask and sublayers the walk visits under a shown layer.
    private static func shownChildren(of node: RenderTree.NodeView, in tree: RenderTree) -> [RenderTree.NodeView] {
        var children = node.mask.flatMap(tree.view(of:)).map { [$0] } ?? []
        node.withSublayers { sublayers in children.append(contentsOf: sublayers.compactMap(tree.view(of:))) }
        return children
    }

    /// The layers the walk visits under animated `node` when it is shown;
    /// nil when one of them has animations of its own.
    private static func staticLayersShown(under node: RenderTree.NodeView, in tree: RenderTree) -> Int? {
        var count = 0
        var stack = shownChildren(of: node, in: tree)
        while let layer = stack.popLast() {
            guard !layer.hasAnimations else { return nil }
            count += 1
            if !layer.withPresentedState(at: 0, { $0.isHidden }) { stack.append(contentsOf: shownChildren(of: layer, in: tree)) }
        }
        return count
    }

    /// `ancestors` without those no animated layer is under, the entries'
    /// indices into it renumbered.
    private static func keepingOnlyUsed(_ ancestors: [Ancestor], entries: inout [Entry]) -> [Ancestor] {
        var used = [Bool](repeating: false, count: ancestors.count)
        for entry in entries {
            var index = entry.parent
            while index >= 0, !used[index] {
                used[index] = true
                index = ancestors[index].parent
            }
        }
        var renumbered = [Int](repeating: -1, count: ancestors.count)
        var kept: [Ancestor] = []
        for (index, ancestor) in ancestors.enumerated() where used[index] {
            renumbered[index] = kept.count
            kept.append(Ancestor(timing: ancestor.timing, parent: ancestor.parent < 0 ? -1 : renumbered[ancestor.parent]))
        }
        entries = entries.map { Entry(node: $0.node, parent: $0.parent < 0 ? -1 : renumbered[$0.parent], layersBelow: $0.layersBelow) }
        return kept
    }
}

/// Chooses, each frame, between the full walk and a plan: a plan is made
/// on the second frame of a tree generation, so that a scene committing
/// every frame never pays for making one, and tried once a generation.
struct FrameEvaluationPlanner {
    private var plan: FrameEvaluationPlan?
    /// The tree and generation the last full walk evaluated.
    private var lastWalked: (tree: ObjectIdentifier, generation: UInt64)?
    /// Whether a plan was tried for `lastWalked` (and could not be made).
    private var triedPlan = false
    /// Frames evaluated through a plan (tests).
    private(set) var framesPlanned = 0

    /// `FrameEvaluation.evaluate(tree, at: mediaTime)`, through a plan where one holds.
    mutating func evaluate(_ tree: RenderTree, at mediaTime: CFTimeInterval) -> FrameEvaluation.Result {
        if let plan, plan.holds(for: tree) {
            framesPlanned += 1
            return plan.evaluate(at: mediaTime)
        }
        plan = nil
        let walked = (ObjectIdentifier(tree), tree.generation)
        if let lastWalked, lastWalked == walked {
            if !triedPlan {
                triedPlan = true
                if let made = FrameEvaluationPlan.make(for: tree) {
                    plan = made
                    framesPlanned += 1
                    return made.evaluate(at: mediaTime)
                }
            }
        } else {
            lastWalked = walked
            triedPlan = false
        }
        return FrameEvaluation.evaluate(tree, at: mediaTime)
    }

    /// Forgets the plan (the compositor forgot its last frame).
    mutating func removeAll() {
        plan = nil
        lastWalked = nil
        triedPlan = false
    }
}
