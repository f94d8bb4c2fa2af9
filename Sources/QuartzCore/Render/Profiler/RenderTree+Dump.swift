/// The render tree as text, for the host's F3 key and for bug reports.
extension RenderTree {
    /// Each layer on its own line, indented under its superlayer, sublayers
    /// in model order (back to front), a mask after them: id, class, name,
    /// frame in its superlayer's space, opacity and flags as shown at media
    /// time `mediaTime` (animations applied), then one line per animation
    /// with its progress at that time. Render thread.
    func dump(at mediaTime: CFTimeInterval) -> String {
        var lines = ["render tree at media time \(ProfilerReadout.format(mediaTime, decimals: 3)), \(nodes.count) layers"]
        guard let rootID else { return lines[0] + " (empty)" }
        func visit(_ id: UInt64, parentTime: CFTimeInterval, depth: Int, role: String) {
            let indent = String(repeating: "  ", count: depth)
            guard let node = nodes[id] else { return lines.append("\(indent)\(role)#\(id) (missing)") }
            let (state, localTime) = presentedState(of: node, parentTime: parentTime)
            lines.append(indent + role + Self.describe(id: id, state: state))
            for animation in node.animations {
                lines.append(indent + "    ~ " + Self.describe(animation, atLayerTime: localTime))
            }
            for sublayer in node.sublayers { visit(sublayer, parentTime: localTime, depth: depth + 1, role: "") }
            if let mask = node.mask { visit(mask, parentTime: localTime, depth: depth + 1, role: "mask ") }
        }
        visit(rootID, parentTime: mediaTime, depth: 0, role: "")
        return lines.joined(separator: "\n")
    }

    /// "#4 CATextLayer "title" frame (10, 20, 100, 30) opacity 0.5 hidden".
    static func describe(id: UInt64, state: LayerState) -> String {
        var text = "#\(id) \(state.className)"
        if let name = state.name { text += " \"\(name)\"" }
        let frame = state.untransformedFrame
        text += " frame (\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)), \(number(frame.height)))"
        text += " opacity \(number(CGFloat(state.opacity)))"
        if state.transform != CATransform3DIdentity { text += " transformed" }
        if state.isHidden { text += " hidden" }
        if state.masksToBounds { text += " masksToBounds" }
        if state.contents != nil { text += " contents" }
        return text
    }

    /// "position basic 42%".
    static func describe(_ animation: AnimationSnapshot, atLayerTime time: CFTimeInterval) -> String {
        let key = animation.keyPath.map { $0 + " " } ?? ""
        return key + animation.kindName + " " + animation.progressDescription(atLayerTime: time)
    }

    /// A coordinate with at most two decimals.
    private static func number(_ value: CGFloat) -> String { ProfilerReadout.trimmed(Double(value), decimals: 2) }
}

extension LayerState {
    /// The frame in the superlayer's space, ignoring `transform` (what
    /// `CALayer.frame` reports under an identity transform).
    var untransformedFrame: CGRect {
        CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
               width: bounds.width, height: bounds.height)
    }
}
