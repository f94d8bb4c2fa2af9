import QuartzCore

/// Keeps every commit a tree sends, and hands each to `forward` too (an
/// inline host, say): for tests of what commits carry.
package final class CommitRecorder: RenderHost {
    package private(set) var commits: [RenderCommit] = []
    private let forward: (RenderCommit) -> Void

    package init(forwardingTo forward: @escaping (RenderCommit) -> Void = { _ in }) {
        self.forward = forward
    }

    package func receive(_ commit: RenderCommit) {
        commits.append(commit)
        forward(commit)
    }
}
