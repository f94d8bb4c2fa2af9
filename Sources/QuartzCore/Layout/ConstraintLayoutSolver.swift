/// The arithmetic behind `CAConstraintLayoutManager`: which constraints count,
/// in which order layers are solved, and what two relations on an axis mean.
///
/// The solver works on a table of frames, one per sublayer, that starts as
/// the sublayers' current frames; it never touches a layer, so
/// `preferredSize(of:)` can ask for a layout without performing it.
struct ConstraintLayoutSolver {
    /// One axis of a sublayer with the (at most two) constraints that set it.
    private struct Node {
        let layer: Int
        let axis: ConstraintAxis
        var constraints: [(constraint: CAConstraint, source: Source)] = []
    }

    /// Where a constraint reads its value from.
    private enum Source: Equatable {
        case superlayer
        case sibling(Int)
    }

    private let superlayer: CALayer
    private let sublayers: [CALayer]
    private(set) var frames: [CGRect]
    private var nodes: [Node] = []

    init(superlayer: CALayer) {
        self.superlayer = superlayer
        sublayers = superlayer.sublayers ?? []
        frames = sublayers.map(\.frame)
        nodes = sublayers.indices.flatMap { collectNodes(of: $0) }
    }

    /// Solves every constrained axis, each after the axes it reads from.
    mutating func solve() {
        for index in solvingOrder() { solve(nodes[index]) }
    }

    // MARK: - Gathering constraints

    /// The usable constraints of sublayer `index`, by axis. Apple uses at most
    /// two relations per axis; later ones, repeats of an attribute already
    /// set and constraints naming no sibling are dropped with a report.
    private func collectNodes(of index: Int) -> [Node] {
        let layer = sublayers[index]
        var byAxis = ConstraintAxis.allCases.map { Node(layer: index, axis: $0) }
        for constraint in layer.constraints ?? [] {
            guard let source = source(named: constraint.sourceName) else {
                report(layer, "\(constraint) names no sibling layer \"\(constraint.sourceName)\"; ignored")
                continue
            }
            let axis = constraint.attribute.axis
            let used = byAxis[axis.rawValue].constraints
            if used.contains(where: { $0.constraint.attribute == constraint.attribute }) {
                report(layer, "\(constraint) sets \(constraint.attribute) a second time; ignored")
            } else if used.count == 2 {
                report(layer, "\(constraint) is a third constraint on the \(axis) axis; only two are used, ignored")
            } else {
                byAxis[axis.rawValue].constraints.append((constraint, source))
            }
        }
        return byAxis.filter { !$0.constraints.isEmpty }
    }

    /// `"superlayer"` always means the superlayer; any other name, the first
    /// sublayer (in sublayer order) with that name.
    private func source(named name: String) -> Source? {
        if name == "superlayer" { return .superlayer }
        return sublayers.firstIndex { $0.name == name }.map(Source.sibling)
    }

    // MARK: - Ordering

    /// Node indices so that each node comes after the nodes it reads.
    /// A cycle cannot be ordered: it is reported and broken by solving its
    /// first node (in sublayer order) with its sources' current frames.
    private func solvingOrder() -> [Int] {
        let dependencies = nodes.indices.map { Set(sourceNodes(of: nodes[$0])) }
        var done = Set<Int>()
        var order: [Int] = []
        while order.count < nodes.count {
            let pending = nodes.indices.filter { !done.contains($0) }
            let ready = pending.filter { dependencies[$0].isSubset(of: done) }
            let next: [Int]
            if ready.isEmpty {
                let first = pending[0]
                report(sublayers[nodes[first].layer],
                       "constraints on the \(nodes[first].axis) axis form a cycle; laid out with the current frames")
                next = [first]
            } else {
                next = ready
            }
            order += next
            done.formUnion(next)
        }
        return order
    }

    /// The nodes whose results `node` reads: a sibling's axis counts only
    /// when that sibling has constraints on it (otherwise its frame is fixed).
    private func sourceNodes(of node: Node) -> [Int] {
        node.constraints.compactMap { entry in
            guard case .sibling(let layer) = entry.source else { return nil }
            let axis = entry.constraint.sourceAttribute.axis
            return nodes.firstIndex { $0.layer == layer && $0.axis == axis }
        }
    }

    // MARK: - Solving

    private mutating func solve(_ node: Node) {
        var values: [AxisPart: CGFloat] = [:]
        for (constraint, source) in node.constraints {
            let sourceRect: CGRect
            switch source {
            case .superlayer: sourceRect = superlayer.bounds
            case .sibling(let index): sourceRect = frames[index]
            }
            values[constraint.attribute.part] =
                constraint.sourceAttribute.value(in: sourceRect) * constraint.scale + constraint.offset
        }
        let layer = sublayers[node.layer]
        let current = frames[node.layer].interval(node.axis)
        let anchor = node.axis == .x ? layer.anchorPoint.x : layer.anchorPoint.y
        let solved = Self.interval(from: values, current: current, anchor: anchor) {
            let size = layer.preferredFrameSize()
            return node.axis == .x ? size.width : size.height
        }
        frames[node.layer] = frames[node.layer].replacing(node.axis, with: solved)
    }

    /// The origin and length that one or two relations on an axis give.
    /// A size alone keeps the anchor point where it is, as setting
    /// `bounds.size` does; one edge or middle alone takes the layer's
    /// preferred size (Apple: "the layer's size in the same axis will be used
    /// as the second relationship").
    static func interval(from values: [AxisPart: CGFloat], current: (origin: CGFloat, length: CGFloat),
                         anchor: CGFloat, preferredLength: () -> CGFloat) -> (origin: CGFloat, length: CGFloat) {
        let min = values[.min], mid = values[.mid], max = values[.max]
        if let size = values[.size] {
            if let min { return (min, size) }
            if let mid { return (mid - size / 2, size) }
            if let max { return (max - size, size) }
            return (current.origin + anchor * (current.length - size), size)
        }
        switch (min, mid, max) {
        case let (min?, _, max?): return (min, max - min)
        case let (min?, mid?, nil): return (min, 2 * (mid - min))
        case let (nil, mid?, max?): return (2 * mid - max, 2 * (max - mid))
        case let (min?, nil, nil): return (min, preferredLength())
        case let (nil, mid?, nil):
            let length = preferredLength()
            return (mid - length / 2, length)
        case let (nil, nil, max?):
            let length = preferredLength()
            return (max - length, length)
        case (nil, nil, nil): return current
        }
    }

    private func report(_ layer: CALayer, _ problem: String) {
        CADiagnostics.report(layer: layer, keyPath: "constraints", problem)
    }
}

/// The two axes of a frame; a constraint's attribute lies on one of them.
enum ConstraintAxis: Int, CaseIterable, CustomStringConvertible {
    case x, y
    var description: String { self == .x ? "x" : "y" }
}

/// Which quantity of an axis an attribute names.
enum AxisPart: Hashable {
    case min, mid, max, size
}

extension CAConstraintAttribute {
    var axis: ConstraintAxis { rawValue < CAConstraintAttribute.minY.rawValue ? .x : .y }

    var part: AxisPart {
        switch self {
        case .minX, .minY: .min
        case .midX, .midY: .mid
        case .maxX, .maxY: .max
        case .width, .height: .size
        }
    }

    /// The attribute's value for a rectangle (minY is the top edge in
    /// Lamina's y-down space, the bottom on macOS; the arithmetic is the same).
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}

extension CGRect {
    fileprivate func interval(_ axis: ConstraintAxis) -> (origin: CGFloat, length: CGFloat) {
        axis == .x ? (origin.x, size.width) : (origin.y, size.height)
    }

    fileprivate func replacing(_ axis: ConstraintAxis, with interval: (origin: CGFloat, length: CGFloat)) -> CGRect {
        var rect = self
        if axis == .x {
            rect.origin.x = interval.origin
            rect.size.width = interval.length
        } else {
            rect.origin.y = interval.origin
            rect.size.height = interval.length
        }
        return rect
    }
}
