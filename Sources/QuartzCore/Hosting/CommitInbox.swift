/// Commits waiting for a `CARenderer`'s next frame.
final class CommitInbox: RenderHost {
    private var commits: [RenderCommit] = []
    func receive(_ commit: RenderCommit) { commits.append(commit) }
    func take() -> [RenderCommit] {
        defer { commits.removeAll() }
        return commits
    }
}
