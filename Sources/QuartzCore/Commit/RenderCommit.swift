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
