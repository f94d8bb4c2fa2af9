/// Something that shows a layer tree: `CARenderer`, or the render server
/// behind a window. The app thread hands it commits.
package protocol RenderHost: AnyObject {
    /// Takes a commit. Called on the app thread, at the end of the outermost
    /// transaction commit.
    func receive(_ commit: RenderCommit)
    /// Where the host reports the frames it presents to the main thread's
    /// animation lifecycle, so that delegates hear about animations as they
    /// start and end on screen; nil when it reports none (`CARenderer`,
    /// which is driven frame by frame on the caller's thread).
    var presentedFrames: PresentedFrameChannel? { get }
}

extension RenderHost {
    package var presentedFrames: PresentedFrameChannel? { nil }
}
