/// Keeps the blurred glow of a layer drawn with a lone `CIBloom` filter, so
/// that while only the bloom's intensity changes (the kiosk's pulse) each
/// frame adds the glow again instead of blurring again.
final class BloomCache {
    /// What the glow was blurred from: the group's drawing (everything but
    /// the bloom's intensity) and the pixels it covered.
    struct Key: Equatable {
        let area: PixelRect
        let radius: Double
        let records: [DrawRecord]
    }

    private var entries: [UInt64: (key: Key, glow: ImageEffects.Glow)] = [:]

    /// Applies `filters` to `area` of `buffer` for `node`, reusing the glow
    /// when `filters` is a single `CIBloom`; false when it is not (the caller
    /// applies them the ordinary way).
    func applyIfBloom(_ filters: [CIFilterSnapshot], node: DrawNode, to buffer: RasterBuffer, area: PixelRect) -> Bool {
        guard filters.count == 1, let bloom = filters.first, bloom.filterName == "CIBloom" else { return false }
        let radius = bloom.number("inputRadius") ?? 10
        let intensity = bloom.number("inputIntensity") ?? 0.5
        let key = Key(area: area, radius: radius, records: Self.records(of: node))
        let view = PixelBufferView(buffer, area: area)
        let glow: ImageEffects.Glow
        if let entry = entries[node.id], entry.key == key {
            glow = entry.glow
        } else {
            glow = ImageEffects.glow(of: view, radius: radius)
            entries[node.id] = (key, glow)
        }
        ImageEffects.addGlow(glow, to: view, intensity: intensity)
        return true
    }

    /// Drops glows of layers that are gone.
    func retainOnly(_ ids: Set<UInt64>) {
        if !entries.isEmpty { entries = entries.filter { ids.contains($0.key) } }
    }

    /// The records of `node` (its filters left out: the bloom's inputs do not
    /// change what is blurred) and of everything under it.
    private static func records(of node: DrawNode) -> [DrawRecord] {
        var state = node.state
        state.filters = []
        let own = DrawRecord(state: state, matrix: node.matrix, opacity: node.opacity, clip: node.clip,
                             coverage: nil, childIDs: node.children.map(\.id), maskID: node.mask?.id,
                             transitionProgress: node.transition?.progress)
        var result = [own]
        var stack = node.children + (node.mask.map { [$0] } ?? [])
        while let child = stack.popLast() {
            result.append(child.record)
            stack.append(contentsOf: child.children)
            if let mask = child.mask { stack.append(mask) }
        }
        return result
    }
}
