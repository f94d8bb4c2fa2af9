/// The app-thread side of a host's link to a root layer: decides what each
/// commit must carry.
final class RenderHostConnection {
    weak var host: RenderHost?
    private var sequence: UInt64 = 0
    /// Layers the host knows, as of the last commit.
    private var knownIDs: Set<UInt64> = []

    init(host: RenderHost) { self.host = host }

    /// Whether the host has the layer: it was in the tree at the last commit.
    func knows(_ layerID: UInt64) -> Bool { knownIDs.contains(layerID) }

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
                    id: layer.layerID, state: layer.stateForCommit(), sublayers: sublayers.map(\.layerID),
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
