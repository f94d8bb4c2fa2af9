import QuartzCore

/// Two inline hosts that receive the same commits, set up differently (a
/// debug overlay on one, another compositing path on the other), so that
/// their frames can be compared.
package final class TwinRenderHost: RenderHost {
    package let first: InlineRenderHost
    package let second: InlineRenderHost

    package init(width: Int, height: Int) {
        first = InlineRenderHost(width: width, height: height)
        second = InlineRenderHost(width: width, height: height)
    }

    package func receive(_ commit: RenderCommit) {
        first.receive(commit)
        second.receive(commit)
    }
}
