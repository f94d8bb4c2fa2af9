import QuartzCore

/// Renders what it receives inline and keeps the commits, so that a frame
/// drawn incrementally can be compared with the same frame drawn afresh.
package final class RecordingRenderHost: RenderHost {
    package private(set) var commits: [RenderCommit] = []
    package let inline: InlineRenderHost
    private let width: Int, height: Int

    package init(width: Int, height: Int) {
        inline = InlineRenderHost(width: width, height: height)
        (self.width, self.height) = (width, height)
    }

    package func receive(_ commit: RenderCommit) {
        commits.append(commit)
        inline.receive(commit)
    }

    /// Renders the frame for `time` incrementally (after the frames before it).
    @discardableResult
    package func render(at time: CFTimeInterval) -> CGImage { inline.render(at: time) }

    /// The frame at `time` drawn from nothing by a host that saw the same commits.
    package func freshFrame(at time: CFTimeInterval) -> CGImage {
        let fresh = InlineRenderHost(width: width, height: height)
        commits.forEach(fresh.receive)
        return fresh.render(at: time)
    }
}
