/// Checks on what `CAEmitterLayer` is given: bad values are reported once
/// through `CADiagnostics` and either refused or kept and made harmless
/// when drawn (never a crash or a stalled frame).
extension CAEmitterLayer {
    /// Shape and mode names: typed values or strings; an unknown name is
    /// kept (Apple keeps any string) and reported, and draws as the default.
    func setEmitterName(_ value: Any?, forKey key: String) {
        let name: String?
        switch value {
        case let shape as CAEmitterLayerEmitterShape: name = shape.rawValue
        case let mode as CAEmitterLayerEmitterMode: name = mode.rawValue
        case let mode as CAEmitterLayerRenderMode: name = mode.rawValue
        default:
            guard value == nil || value is String || isNSNull(value) else {
                return CADiagnostics.report(layer: self, keyPath: key,
                    "a value of type \(type(of: value!)) does not fit this property; ignored")
            }
            name = value as? String
        }
        if let name, CAEmitterLayerProperties.names[key]?.contains(name) == false {
            CADiagnostics.report(layer: self, keyPath: key, "unknown name \"\(name)\"; drawn as the default")
        }
        setProperty(name, forKey: key)
    }

    /// `emitterCells` must be an array of `CAEmitterCell` (or nil).
    func setEmitterCells(_ value: Any?) {
        if value == nil || isNSNull(value) { return setProperty(nil, forKey: "emitterCells") }
        guard let list = value as? [Any], let cells = list as? [CAEmitterCell] else {
            return CADiagnostics.report(layer: self, keyPath: "emitterCells", "expected [CAEmitterCell]; ignored")
        }
        setProperty(cells, forKey: "emitterCells")
    }

    /// The multipliers: NaN is refused; negative and infinite values are
    /// kept, reported, and drawn as 0 (negative) or capped.
    func setEmitterNumber(_ value: Any?, forKey key: String) {
        if let value, !isNSNull(value), let number = LayerProperty.number(value) {
            if number.isNaN {
                return CADiagnostics.report(layer: self, keyPath: key, "NaN; ignored")
            }
            if number < 0 || number.isInfinite {
                CADiagnostics.report(layer: self, keyPath: key, "\(number) is out of range; drawn as \(number < 0 ? "0" : "capped")")
            }
        }
        setProperty(value, forKey: key)
    }

    /// Sets a property of the cell at `path`. A presentation copy (being
    /// animated) gets copies of the cells on the way, so the model's cell
    /// objects never change; the model records the change in the transaction.
    func setCellValue(_ value: Any?, at path: EmitterCellPath, keyPath: String) {
        guard let cells = emitterCells, path.cell(in: cells) != nil else {
            return CADiagnostics.report(layer: self, keyPath: keyPath, "no emitter cell at this path; ignored")
        }
        if isPresentation {
            storage["emitterCells"] = path.copying(cells) { $0.setValue(value, forKey: path.key) }
            return
        }
        path.cell(in: cells)?.setValue(value, forKey: path.key)
        CATransaction.current.layerChanged(self)
        runActionForChange(ofKey: keyPath)
    }
}

/// A key path `emitterCells.NAME[.emitterCells.NAME…].key` into a layer's cells.
struct EmitterCellPath {
    /// Cell names from the layer down.
    let names: [String]
    /// The cell property.
    let key: String

    init?(_ keyPath: String) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts.count % 2 == 1, parts[0] == "emitterCells" else { return nil }
        var names: [String] = []
        var index = 0
        while index + 2 < parts.count {
            guard parts[index] == "emitterCells" else { return nil }
            names.append(parts[index + 1])
            index += 2
        }
        self.names = names
        key = parts[index]
    }

    /// The cell the names lead to, or nil.
    func cell(in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        var level = cells
        var found: CAEmitterCell?
        for name in names {
            found = level?.first { $0.name == name }
            guard let current = found else { return nil }
            level = current.emitterCells
        }
        return found
    }

    /// `cells` with the cells along the path replaced by copies, `change`
    /// applied to the last.
    func copying(_ cells: [CAEmitterCell], _ change: (CAEmitterCell) -> Void) -> [CAEmitterCell] {
        func copy(_ level: [CAEmitterCell], _ depth: Int) -> [CAEmitterCell] {
            guard let index = level.firstIndex(where: { $0.name == names[depth] }) else { return level }
            var result = level
            let cell = level[index].copiedCell()
            if depth == names.count - 1 {
                change(cell)
            } else if let children = cell.emitterCells {
                cell.emitterCells = copy(children, depth + 1)
            }
            result[index] = cell
            return result
        }
        return copy(cells, 0)
    }
}
