import QuartzCore

/// How `lamina-inspect` names a layer: `#ID` as `tree` prints it, a name,
/// or a path of names (`menu/item2`) whose last part is the layer's name
/// and whose earlier parts are names of its ancestors, in order, not
/// necessarily adjacent (unnamed layers between them are skipped).
/// Main thread: it walks model layers.
struct LayerPath: Equatable {
    enum Form: Equatable {
        case id(UInt64)
        case names([String])
    }

    let form: Form

    /// Parses `text`; throws for an empty name or a malformed id.
    init(_ text: String) throws(InspectorRequest.Malformed) {
        if text.hasPrefix("#") {
            guard let id = UInt64(text.dropFirst()) else {
                throw InspectorRequest.Malformed(message: "\"\(InspectorRequest.printable(text))\" is not a layer id (#12)")
            }
            form = .id(id)
            return
        }
        let names = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
            throw InspectorRequest.Malformed(message: "\"\(InspectorRequest.printable(text))\" has an empty name in it")
        }
        form = .names(names)
    }

    /// Every layer under `roots` (sublayers and masks, depth first) this
    /// path names.
    @MainActor
    func matches(in roots: [CALayer]) -> [CALayer] {
        var found: [CALayer] = []
        func visit(_ layer: CALayer, ancestors: [String]) {
            if matches(layer, ancestors: ancestors) { found.append(layer) }
            let names = layer.name.map { ancestors + [$0] } ?? ancestors
            for sublayer in layer.sublayers ?? [] { visit(sublayer, ancestors: names) }
            if let mask = layer.mask { visit(mask, ancestors: names) }
        }
        for root in roots { visit(root, ancestors: []) }
        return found
    }

    private func matches(_ layer: CALayer, ancestors: [String]) -> Bool {
        switch form {
        case .id(let id):
            return layer.layerID == id
        case .names(let names):
            guard layer.name == names.last else { return false }
            // The earlier names, in order, among the ancestors' names.
            var wanted = names.dropLast()[...]
            for name in ancestors where name == wanted.first { wanted = wanted.dropFirst() }
            return wanted.isEmpty
        }
    }

    /// The one layer this path names under `roots`, or a one-line reason:
    /// none, or several (listed, so the user can pick one by id or path).
    @MainActor
    func resolve(in roots: [CALayer], text: String) -> Result<CALayer, InspectorRequest.Malformed> {
        let found = matches(in: roots)
        switch found.count {
        case 1:
            return .success(found[0])
        case 0:
            return .failure(.init(message: "no layer \"\(InspectorRequest.printable(text))\"; send tree for the names"))
        default:
            let listed = found.prefix(8).map(Self.describe).joined(separator: ", ")
            let more = found.count > 8 ? " and \(found.count - 8) more" : ""
            return .failure(.init(message: "\"\(InspectorRequest.printable(text))\" names \(found.count) layers: \(listed)\(more)"))
        }
    }

    /// `layer` as a path that names it: its named ancestors' names and its
    /// own, then its id (`menuLayer/item2 #14`).
    @MainActor
    static func describe(_ layer: CALayer) -> String {
        var names: [String] = []
        var current: CALayer? = layer
        while let each = current {
            if let name = each.name { names.insert(name, at: 0) }
            current = each.superlayer
        }
        let path = names.joined(separator: "/")
        return (path.isEmpty ? "" : path + " ") + "#\(layer.layerID)"
    }
}
