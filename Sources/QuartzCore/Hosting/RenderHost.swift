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
