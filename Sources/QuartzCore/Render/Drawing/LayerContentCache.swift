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

    /// The tree and generation the compositor is drawing (`Compositor.prepare`).
    var commit: (tree: ObjectIdentifier, generation: UInt64)?

    /// What a content was last found to be the drawing of: a layer's
    /// committed state in `commit`, at `scale` bitmap pixels a point, shown
    /// at `screenScale` (`LayerContent.Key`'s inputs besides the state).
    struct Validation: Equatable {
        let tree: ObjectIdentifier
        let generation: UInt64
        let scale: CGFloat
        let screenScale: CGFloat
    }

    /// Contents taken for a layer whose animations leave its drawing alone
    /// without building its key (for tests).
    private(set) var takenWithoutKey = 0

    private func lookUp(_ node: DrawNode) -> LayerContent? {
        let scale = Self.rasterScale(for: node), screenScale = Self.screenScale(for: node)
        let validation = commit.map { Validation(tree: $0.tree, generation: $0.generation, scale: scale, screenScale: screenScale) }
        let replaced = entries[node.id]
        // A layer moving or pulsing over its drawing: the same commit and
        // scales, the same key. Building and comparing the key, every
        // frame, cost 2 % of the kiosk's render thread.
        if let replaced, node.contentFollowsCommit, let validation, replaced.validation == validation {
            takenWithoutKey += 1
            return replaced
        }
        let key = LayerContent.Key(node.state, scale: scale, screenScale: screenScale)
        if let replaced, replaced.key == key {
            replaced.validation = validation
            return replaced
        }
        let content: LayerContent?
        if LayerContent.showsContentsUnchanged(key), let contents = key.contents, let image = sourceImage(for: contents) {
            content = LayerContent(key: key, contents: contents, image: image)
        } else if let twin = drawn(key) {
            content = LayerContent(sharingPixelsOf: twin)
            // Findable too: its pixels outlive the twin's drawing changing.
            if let content, let contents = key.contents { drawnFromImage[ObjectIdentifier(contents), default: []].append(content) }
        } else {
            content = LayerContentRenderer.render(key: key)
            if let content, let contents = key.contents { drawnFromImage[ObjectIdentifier(contents), default: []].append(content) }
        }
        if let replaced { forgetDrawn(replaced) }
        content?.validation = validation
        entries[node.id] = content
        return content
    }

    /// Bitmaps drawn from each contents image, by the image's identity: a
    /// layer whose drawing is the same as one of them (an equal key) shares
    /// its pixels instead of drawing its own. Cover flow's reflections show
    /// their covers' images at the covers' size: one bitmap each instead
    /// of two, and the perspective sampler, which waits on the bitmaps'
    /// lines, reads half the memory a frame. Only images are looked up:
    /// a plain rectangle draws nothing until needed, and a layer whose
    /// colour animates makes a new content every frame.
    private var drawnFromImage: [ObjectIdentifier: [LayerContent]] = [:]

    /// A drawn bitmap whose key is `key`, when there is one.
    private func drawn(_ key: LayerContent.Key) -> LayerContent? {
        guard let contents = key.contents else { return nil }
        return drawnFromImage[ObjectIdentifier(contents)]?.first { $0.key == key }
    }

    /// Drops `content` from `drawnFromImage` (its layer's drawing changed).
    private func forgetDrawn(_ content: LayerContent) {
        guard let contents = content.key.contents, var drawn = drawnFromImage[ObjectIdentifier(contents)],
              let index = drawn.firstIndex(where: { $0 === content }) else { return }
        drawn.remove(at: index)
        drawnFromImage[ObjectIdentifier(contents)] = drawn.isEmpty ? nil : drawn
    }

    /// Drops the content of layers that are gone, and source images no
    /// layer uses any more.
    /// `liveCount` layers are live, those `isKept` says yes to: while there
    /// are no more entries than that, nothing is looked at.
    func retainOnly(liveCount: Int, _ isKept: (DrawID) -> Bool) {
        if entries.count > liveCount {
            entries = entries.filter { isKept($0.key) }
            let live = Set(entries.values.map(ObjectIdentifier.init))
            drawnFromImage = drawnFromImage.compactMapValues { drawn in
                let kept = drawn.filter { live.contains(ObjectIdentifier($0)) }
                return kept.isEmpty ? nil : kept
            }
        }
        if sources.count > entries.count {
            let used = Set(entries.values.compactMap { $0.key.contents.map(ObjectIdentifier.init) })
            sources = sources.filter { used.contains($0.key) }
        }
    }

    /// How many layers keep a copy drawn through their transform (for tests).
    var transformedCopyCount: Int { entries.values.filter(\.hasTransformedCopy).count }

    /// How many layers keep a copy resampled at a fractional offset (for tests).
    var shiftedCopyCount: Int { entries.values.filter(\.hasShiftedCopy).count }

    /// Every layer's content (for tests).
    var allContents: [LayerContent] { Array(entries.values) }

    /// How many bitmaps drawn from images can be shared (for tests).
    var drawnFromImageCount: Int { drawnFromImage.values.reduce(0) { $0 + $1.count } }

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
        let depth = m.constantDepth ?? 1
        return min((m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()) / depth
    }

    /// The pixels per layer point the content is drawn at: the layer's
    /// largest on-screen scale, rounded up to a quarter so small changes of
    /// scale do not redraw, at least 1.
    ///
    /// Under perspective, a layer that draws only its contents image,
    /// sampled with the linear filter, is drawn at no more than the image's
    /// own pixels a point: these columns' lengths leave out the divide by w
    /// (a cover's scale stepped between 1 and 1.25 as it turned, and its
    /// bitmap was drawn again each time: cover flow's frames of 20 ms and
    /// more at 1920x1080), and past the image's pixels there is no detail
    /// to gain. Affine layers, and pixel art sampled `.nearest`, keep their
    /// bitmaps drawn at their scale (the contents-filter goldens). A layer
    /// moved along z under perspective, whose w is the same everywhere, is
    /// an affine one once divided by it (`Homography`): a text layer moved
    /// toward the eye was drawn at its unmoved size and enlarged, blurred.
    /// An image alone stays capped at its detail there too.
    static func rasterScale(for node: DrawNode) -> CGFloat {
        let m = node.matrix
        let depth = m.constantDepth
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let scale = max(sx, sy) / (depth ?? 1)
        guard scale.isFinite, scale > 1 else { return 1 }
        let stepped = min(8, (scale * 4).rounded(.up) / 4)
        // A constant w counts as perspective here: cover flow's middle cover
        // rests moved toward the eye, and its image has no more detail to give.
        let isProjective = m.m14 != 0 || m.m24 != 0 || m.m44 != 1
        guard isProjective, node.state.magnificationFilter != .nearest, let detail = imageDetail(of: node.state)
        else { return stepped }
        return max(1, min(stepped, detail))
    }

    /// For a layer that draws its contents image and nothing else, the
    /// image's pixels a layer point as its gravity places it; nil otherwise.
    static func imageDetail(of state: LayerState) -> CGFloat? {
        guard let contents = state.contents, state.backgroundColor.map({ $0.alpha == 0 }) ?? true,
              state.borderWidth == 0 || (state.borderColor.map { $0.alpha == 0 } ?? true),
              state.shape == nil, state.gradient == nil,
              state.contentsRect == LayerState.unitRect, state.contentsCenter == LayerState.unitRect,
              !(state.masksToBounds && state.cornerRadius > 0) else { return nil }
        let bounds = state.bounds.standardized
        let across = CGFloat(contents.width) / bounds.width, down = CGFloat(contents.height) / bounds.height
        let detail: CGFloat
        switch state.contentsGravity {
        case .resize, .resizeAspect: detail = max(across, down)
        case .resizeAspectFill: detail = min(across, down)
        default: detail = state.contentsScale  // drawn at its own size
        }
        return detail.isFinite && detail > 0 ? detail : nil
    }
}
