import CPixman

/// The cached `LayerContent` of each drawing of a layer.
final class LayerContentCache {
    private var entries: [DrawID: LayerContent] = [:]
    /// Contents looked up by key, not taken from the draw node (for tests).
    private(set) var lookUps = 0

    /// The layer's content bitmap, redrawn when what it depends on changed;
    /// nil when the layer draws nothing of its own.
    func content(for node: DrawNode) -> LayerContent? {
        switch node.contentLookup {
        case .found(let content): return content
        case .none: return nil
        case .notYet:
            lookUps += 1
            let content = lookUp(node)
            node.contentLookup = content.map(DrawNode.ContentLookup.found) ?? .none
            return content
        }
    }

    private func lookUp(_ node: DrawNode) -> LayerContent? {
        let key = LayerContent.Key(node.state, scale: Self.rasterScale(for: node), screenScale: Self.screenScale(for: node))
        if let cached = entries[node.id], cached.key == key { return cached }
        let content: LayerContent?
        if LayerContent.showsContentsUnchanged(key), let contents = key.contents, let image = sourceImage(for: contents) {
            content = LayerContent(key: key, contents: contents, image: image)
        } else {
            content = LayerContentRenderer.render(key: key)
        }
        entries[node.id] = content
        return content
    }

    /// Drops the content of layers that are gone, and source images no
    /// layer uses any more.
    /// `liveCount` layers are live, those `isKept` says yes to: while there
    /// are no more entries than that, nothing is looked at.
    func retainOnly(liveCount: Int, _ isKept: (DrawID) -> Bool) {
        if entries.count > liveCount { entries = entries.filter { isKept($0.key) } }
        if sources.count > entries.count {
            let used = Set(entries.values.compactMap { $0.key.contents.map(ObjectIdentifier.init) })
            sources = sources.filter { used.contains($0.key) }
        }
    }

    /// How many layers keep a copy drawn through their transform (for tests).
    var transformedCopyCount: Int { entries.values.filter(\.hasTransformedCopy).count }

    /// How many layers keep a copy resampled at a fractional offset (for tests).
    var shiftedCopyCount: Int { entries.values.filter(\.hasShiftedCopy).count }

    /// How many source images are shared (for tests).
    var sharedSourceCount: Int { sources.count }

    /// One pixman image per `CGImage`, shared by every layer showing it.
    private var sources: [ObjectIdentifier: (image: CGImage, pixman: PixmanImage)] = [:]

    private func sourceImage(for image: CGImage) -> PixmanImage? {
        if let source = sources[ObjectIdentifier(image)], source.image === image { return source.pixman }
        guard let pixman = PixmanImage(image: image) else { return nil }
        sources[ObjectIdentifier(image)] = (image, pixman)
        return pixman
    }

    /// The target pixels per layer point the layer is shown at, in its
    /// least scaled direction (for the contents filter, `ContentSampling`).
    static func screenScale(for node: DrawNode) -> CGFloat {
        let m = node.matrix
        return min((m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), (m.m21 * m.m21 + m.m22 * m.m22).squareRoot())
    }

    /// The pixels per layer point the content is drawn at: the layer's
    /// largest on-screen scale, rounded up to a quarter so small changes of
    /// scale do not redraw, at least 1.
    static func rasterScale(for node: DrawNode) -> CGFloat {
        let m = node.matrix
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let scale = max(sx, sy)
        guard scale.isFinite, scale > 1 else { return 1 }
        return min(8, (scale * 4).rounded(.up) / 4)
    }
}
