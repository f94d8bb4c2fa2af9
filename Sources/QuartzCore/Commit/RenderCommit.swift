/// One committed transaction as the render server receives it: plain
/// `Sendable` snapshots of the layers that changed (and of layers new to the
/// tree), never the model layers themselves.
package struct RenderCommit: Sendable {
    /// One layer's full state after the commit.
    struct LayerUpdate: Sendable {
        let id: UInt64
        let state: LayerState
        /// Sublayer ids, back to front, in model order.
        let sublayers: [UInt64]
        let mask: UInt64?
        /// Committed animations in the order added.
        let animations: [AnimationSnapshot]
    }

    /// Increases by one per commit to the same host.
    let sequence: UInt64
    /// The media time of the commit (when it was made on the app thread).
    let mediaTime: CFTimeInterval
    let rootID: UInt64
    let updates: [LayerUpdate]
}

/// Something that shows a layer tree: `CARenderer`, or the render server
/// behind a window. The app thread hands it commits.
package protocol RenderHost: AnyObject {
    /// Takes a commit. Called on the app thread, at the end of the outermost
    /// transaction commit.
    func receive(_ commit: RenderCommit)
    /// True when the host reports the frames it presents to the main
    /// thread's animation lifecycle (`AnimationLifecycle.framePresented`), so
    /// delegates hear about animations as they end on screen.
    var reportsPresentedFrames: Bool { get }
}

extension RenderHost {
    package var reportsPresentedFrames: Bool { false }
}

/// The app-thread side of a host's link to a root layer: decides what each
/// commit must carry.
final class RenderHostConnection {
    weak var host: RenderHost?
    private var sequence: UInt64 = 0
    /// Layers the host knows, as of the last commit.
    private var knownIDs: Set<UInt64> = []

    init(host: RenderHost) { self.host = host }

    /// Builds and sends the commit for the tree under `root`: every changed
    /// layer still in the tree, plus every layer the host has not seen.
    func commit(root: CALayer, changed: Set<ObjectIdentifier>, mediaTime: CFTimeInterval) {
        guard let host else { return }
        var reachable: Set<UInt64> = []
        var updates: [RenderCommit.LayerUpdate] = []
        var stack = [root]
        while let layer = stack.popLast() {
            guard reachable.insert(layer.layerID).inserted else { continue }
            let sublayers = layer.sublayerList ?? []
            let mask = layer.mask
            if changed.contains(ObjectIdentifier(layer)) || !knownIDs.contains(layer.layerID) {
                updates.append(RenderCommit.LayerUpdate(
                    id: layer.layerID, state: LayerState(layer: layer), sublayers: sublayers.map(\.layerID),
                    mask: mask?.layerID,
                    animations: layer.animationEntries.filter(\.isCommitted).map(\.snapshot)))
            }
            stack.append(contentsOf: sublayers)
            if let mask { stack.append(mask) }
        }
        knownIDs = reachable
        sequence += 1
        host.receive(RenderCommit(sequence: sequence, mediaTime: mediaTime, rootID: root.layerID, updates: updates))
    }
}
