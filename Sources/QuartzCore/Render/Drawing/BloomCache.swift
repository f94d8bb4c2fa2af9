import CPixelKernels
import CPixman

/// Keeps the blurred glow of each layer drawn with a lone `CIBloom` filter,
/// so that a frame where only the bloom's intensity changes (the kiosk's
/// pulse) or the layer only moves (the kiosk's selection) adds the glow with
/// pixman instead of blurring again.
///
/// The glow is blurred once over the group's whole coverage and kept as an
/// 8-bit premultiplied image. A move is a translation of the group's
/// drawing, and a blur commutes with a translation, so the same glow is
/// added at the new place: at whole-pixel offsets exactly, at fractional
/// ones resampled bilinearly (what drawing the moved layer resamples too).
/// A glow that something cut (the target's edge, an ancestor's clip) is tied
/// to where it was made.
final class BloomCache {
    /// The bloom's inputs, when `filters` is a single `CIBloom`.
    struct Bloom {
        let radius: Double
        let intensity: Double
    }

    /// The bloom of `state`'s filters as presented (an animated input included).
    static func loneBloom(of state: LayerState) -> Bloom? {
        let filters = state.filters
        guard filters.count == 1, filters[0].filterName == "CIBloom" else { return nil }
        return Bloom(radius: state.presentedBlurRadius(ofFilterAt: 0) ?? 10,
                     intensity: state.filterNumber("inputIntensity", ofFilterAt: 0, in: .filters) ?? 0.5)
    }

    /// What the glow was blurred from.
    struct Key: Equatable {
        let radius: Double
        /// The group's drawing, the group's own record first; relative to
        /// the group's translation when the glow can move with it.
        let records: [DrawRecord]

        /// Equal radius and drawing, the group's own filters left out: the
        /// bloom's inputs do not change what is blurred. Left out by the
        /// comparison rather than by emptying the list in the record, which
        /// copied the state's extras at every frame.
        static func == (a: Key, b: Key) -> Bool {
            guard a.radius == b.radius, a.records.count == b.records.count else { return false }
            guard let own = a.records.first, let other = b.records.first else { return true }  // both empty
            return own.equalsIgnoringFilters(other) && a.records.dropFirst().elementsEqual(b.records.dropFirst())
        }
    }

    final class Entry {
        let key: Key
        /// The glow (over `padded`'s pixels inside its margin).
        let image: PixmanImage
        /// The glow with a margin of transparent pixels, 1 left and above,
        /// 2 right and below: the one-pass composite
        /// (`BloomCache+OnePass.swift`) resamples it without bounds tests.
        let padded: RasterBuffer
        /// Target pixels the glow covered when it was made.
        let extent: PixelRect
        /// The group's translation then (`matrix.m41`, `m42`).
        let origin: CGPoint
        /// The glow resampled at the fraction of a pixel the layer last
        /// moved by (see `PixmanImage.resampled`).
        var shifted: (fraction: CGPoint, image: PixmanImage, buffer: RasterBuffer)?
        /// The layer's own bitmap, when that was all the group drew and the
        /// glow can move with it: while the group is still that bitmap
        /// alone, the glow fits without comparing `key`'s records (every
        /// frame of a pulse, 3 % of the kiosk's render thread).
        var blurredBitmap: LayerContent?

        static let margin = (leading: 1, trailing: 2)

        init(key: Key, image: PixmanImage, padded: RasterBuffer, extent: PixelRect, origin: CGPoint) {
            self.key = key
            self.image = image
            self.padded = padded
            self.extent = extent
            self.origin = origin
        }
    }

    private var entries: [DrawID: Entry] = [:]
    /// Glows blurred so far (tests check that moves and pulses reuse them).
    private(set) var glowsMade = 0
    /// Glows kept because the group was the same bitmap of the layer's
    /// own, without comparing records (tests check which check kept them).
    private(set) var glowsFoundByBitmap = 0
    /// Groups composited with their glow in one pass (`compositeGlowing`;
    /// tests check which path drew).
    var onePassComposites = 0
    /// Of those, the ones that read the layer's own bitmap, not a scratch
    /// (counted by `GroupRenderer`).
    var onePassCompositesFromBitmap = 0
    /// Of those, the ones whose bitmap was moved by a fraction of a pixel
    /// (blended a row at a time into `resampledRow`).
    var onePassCompositesFromMovedBitmap = 0
    /// One row of a moved bitmap, blended as the one pass reads it; kept
    /// from frame to frame.
    private var resampledRow = RasterBuffer(width: 0, height: 0)

    /// `resampledRow` with room for `pixels`.
    func resampledRow(holding pixels: Int) -> UnsafeMutablePointer<UInt32> {
        if resampledRow.width < pixels { resampledRow = RasterBuffer(width: pixels, height: 1) }
        return resampledRow.base.assumingMemoryBound(to: UInt32.self)
    }
    /// Whether the one pass takes eight pixels at a time (AVX2) rather than
    /// four (SSE2): where the processor can. The pixels are the same; tests
    /// and `render-benchmark kiosk` set it to compare the two. Never true
    /// on a processor without AVX2 (its instructions would trap there).
    var onePassUsesWideVectors: Bool {
        get { usesWideVectors }
        set { usesWideVectors = newValue && Self.processorHasWideVectors }
    }
    private var usesWideVectors = BloomCache.processorHasWideVectors

    /// Whether this processor runs AVX2, asked once (CPUID is a trap to
    /// the hypervisor in a virtual machine).
    static var processorHasWideVectors: Bool { ProcessorFeatures.hasAVX2 }

    /// Adds `node`'s glow at `bloom.intensity` to `scratch` within `area`,
    /// where the group is already drawn. On a miss, `drawGroup` paints the
    /// group into a cleared buffer over an area (target pixels) to blur.
    func addGlow(_ bloom: Bloom, of node: DrawNode, to scratch: PixmanImage, area: PixelRect, targetRect: PixelRect,
                 drawGroup: (RasterBuffer, PixelRect) -> Void, scratchPool: ScratchPool) {
        guard bloom.intensity > 0,  // also NaN
              let entry = entry(for: bloom, of: node, targetRect: targetRect, drawGroup: drawGroup, scratchPool: scratchPool)
        else { return }
        Self.add(entry, placement: Placement(of: entry, for: node), intensity: bloom.intensity, to: scratch, area: area)
    }

    /// `node`'s glow, blurred now unless the one kept still fits.
    /// `ownBitmap`: the layer's own bitmap, when that is all the group
    /// draws (`GroupRenderer`), placed by a 2D translation.
    func entry(for bloom: Bloom, of node: DrawNode, targetRect: PixelRect, ownBitmap: LayerContent? = nil,
               drawGroup: (RasterBuffer, PixelRect) -> Void, scratchPool: ScratchPool) -> Entry? {
        guard let coverage = node.coverage else { return nil }
        let movable = Self.canMove(node, within: targetRect)
        let cached = entries[node.id]
        // The same bitmap blurred at the same radius, moved: the same glow.
        if let cached, movable, let ownBitmap, cached.blurredBitmap === ownBitmap, cached.key.radius == bloom.radius {
            glowsFoundByBitmap += 1
            return cached
        }
        let key = Key(radius: bloom.radius, records: Self.records(of: node, relative: movable))
        if let cached, cached.key == key {
            if movable, let ownBitmap { cached.blurredBitmap = ownBitmap }
            return cached
        }
        guard let extent = coverage.intersection(targetRect),
              let made = Self.makeEntry(key: key, node: node, extent: extent, drawGroup: drawGroup, scratchPool: scratchPool)
        else { return nil }
        if movable, let ownBitmap { made.blurredBitmap = ownBitmap }
        entries[node.id] = made
        glowsMade += 1
        return made
    }

    /// Where a kept glow goes for the group's translation now: moved by
    /// whole pixels, and by the fraction of one left, which resamples it.
    struct Placement {
        let wholeX: Int, wholeY: Int
        let fraction: CGPoint

        init(of entry: Entry, for node: DrawNode) {
            let dx = node.matrix.m41 - entry.origin.x, dy = node.matrix.m42 - entry.origin.y
            // Whole pixels and the fraction left; rounding noise of the
            // subtraction is not a move.
            func split(_ value: CGFloat) -> (whole: Int, fraction: CGFloat) {
                let whole = value.rounded(.down), fraction = value - whole
                if fraction > 1 - 1e-6 { return (Int(whole) + 1, 0) }
                return (Int(whole), fraction < 1e-6 ? 0 : fraction)
            }
            let x = split(dx), y = split(dy)
            (wholeX, wholeY) = (x.whole, y.whole)
            fraction = CGPoint(x: x.fraction, y: y.fraction)
        }

        /// Target pixels the placed glow covers: one more column and row
        /// when resampled.
        func rect(of entry: Entry) -> PixelRect {
            let grow = fraction == .zero ? 0 : 1
            return PixelRect(x: entry.extent.x + wholeX, y: entry.extent.y + wholeY,
                             width: entry.extent.width + grow, height: entry.extent.height + grow)
        }
    }

    /// The intensity as pixman adds it: whole glows (`ADD`), then the
    /// fraction left as `level`/255 of one (0: none), `level` the top byte
    /// of the solid source's 16-bit channel.
    struct IntensitySteps {
        private(set) var whole = 0
        /// The fraction left, as the solid source is made with it.
        private(set) var fraction = 0.0
        var level: UInt8 { UInt8(UInt16(max(0, min(1, fraction)) * 65535) >> 8) }

        init(_ intensity: Double) {
            // pixman's mask holds at most 1: larger intensities add whole
            // glows first (saturating, so it stops mattering long before the cap).
            var remaining = min(intensity, ImageEffects.maximumBloomIntensity)
            while remaining > 0 {
                let step = min(remaining, 1)
                remaining -= step
                if step == 1 { whole += 1 } else { fraction = step }
            }
        }
    }

    /// Drops glows of layers that are gone.
    func retainOnly(_ isKept: (DrawID) -> Bool) {
        if entries.contains(where: { !isKept($0.key) }) { entries = entries.filter { isKept($0.key) } }
    }

    private static func makeEntry(key: Key, node: DrawNode, extent: PixelRect,
                                  drawGroup: (RasterBuffer, PixelRect) -> Void, scratchPool: ScratchPool) -> Entry? {
        let drawing = scratchPool.acquire(window: extent)
        defer { scratchPool.release(drawing) }
        drawing.clear(extent)
        drawGroup(drawing, extent)
        let glow = ImageEffects.glow(of: PixelBufferView(drawing, area: extent), radius: key.radius)
        let margin = Entry.margin
        let padded = RasterBuffer(width: extent.width + margin.leading + margin.trailing,
                                  height: extent.height + margin.leading + margin.trailing)
        let inside = RasterBuffer(borrowing: padded.base + margin.leading * padded.bytesPerRow + margin.leading * 4,
                                  width: extent.width, height: extent.height, bytesPerRow: padded.bytesPerRow)
        glow.pack(into: PixelBufferView(inside, area: PixelRect(x: 0, y: 0, width: extent.width, height: extent.height)))
        guard let image = PixmanImage(buffer: inside) else { return nil }
        return Entry(key: key, image: image, padded: padded, extent: extent,
                     origin: CGPoint(x: node.matrix.m41, y: node.matrix.m42))
    }

    /// `scratch += intensity × glow` (saturating, as `ImageEffects.bloom`),
    /// the glow placed by `placement`.
    private static func add(_ entry: Entry, placement: Placement, intensity: Double, to scratch: PixmanImage, area: PixelRect) {
        let glow: PixmanImage
        let fraction = placement.fraction
        if fraction == .zero {
            glow = entry.image
            glow.setTransform(nil, bilinear: false)
        } else {
            if entry.shifted?.fraction != fraction {
                let earlier = entry.shifted.map { (image: $0.image, buffer: $0.buffer) }
                entry.shifted = entry.image.resampled(width: entry.extent.width, height: entry.extent.height,
                                                      shiftedBy: fraction, reusing: earlier)
                    .map { (fraction, $0.image, $0.buffer) }
            }
            guard let shifted = entry.shifted else { return }
            glow = shifted.image
        }
        let placed = placement.rect(of: entry)
        guard let rect = placed.intersection(area) else { return }
        let steps = IntensitySteps(intensity)
        for _ in 0..<steps.whole {
            scratch.composite(glow, at: placed.x, placed.y, mask: nil, operation: PIXMAN_OP_ADD, rect: rect)
        }
        if steps.fraction > 0, let level = PixmanImage(red: 1, green: 1, blue: 1, alpha: steps.fraction) {
            // glow × fraction: a solid source of it in every channel
            // through the glow as a component-alpha mask gives the same
            // products as the glow through a solid mask, but takes
            // pixman's SSE2 path (add_n_8888_8888_ca) rather than its
            // general one, which took 30 % of the kiosk's instructions.
            glow.useComponentAlpha()
            scratch.composite(level, mask: glow, maskOrigin: (placed.x, placed.y), operation: PIXMAN_OP_ADD, rect: rect)
        }
    }

    /// Whether the glow can move with the layer: a 2D affine placement and
    /// nothing cutting the group's drawing (its coverage clear of the
    /// target's and its ancestors' clip edges, no clip inside it).
    private static func canMove(_ node: DrawNode, within targetRect: PixelRect) -> Bool {
        let m = node.matrix
        guard m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1, let coverage = node.coverage else { return false }
        func strictlyInside(_ outer: PixelRect) -> Bool {
            coverage.x > outer.x && coverage.y > outer.y && coverage.maxX < outer.maxX && coverage.maxY < outer.maxY
        }
        guard strictlyInside(targetRect), node.clip.map(strictlyInside) ?? true else { return false }
        var stack = node.children + (node.mask.map { [$0] } ?? [])
        while let child = stack.popLast() {
            if child.clip != nil || child.clipPolygon != nil { return false }
            stack.append(contentsOf: child.children)
            if let mask = child.mask { stack.append(mask) }
        }
        return true
    }

    /// The records of `node` and of everything under it; with `relative`,
    /// placed relative to the group's translation and without coverage
    /// (which only follows from the rest).
    private static func records(of node: DrawNode, relative: Bool) -> [DrawRecord] {
        var state = node.state
        // The bloom's inputs do not change what is blurred (`Key`'s comparison leaves the filters out).
        if state.animatedFilterInput?.list == .filters { state.animatedFilterInput = nil }
        // Where the layer sits is in its matrix (made relative below).
        if relative { state.position = .zero }
        let shift = relative ? CATransform3DMakeTranslation(-node.matrix.m41, -node.matrix.m42, 0) : CATransform3DIdentity
        func placed(_ matrix: CATransform3D) -> CATransform3D {
            guard relative else { return matrix }
            var moved = CATransform3DConcat(matrix, shift)
            // Subtracting the group's translation from a sublayer's leaves
            // rounding noise that differs between placements; 1/4096 of a
            // pixel is far below what resampling can show.
            moved.m41 = (moved.m41 * 4096).rounded() / 4096
            moved.m42 = (moved.m42 * 4096).rounded() / 4096
            return moved
        }
        let own = DrawRecord(state: state, matrix: placed(node.matrix), opacity: node.opacity,
                             clip: relative ? nil : node.clip, coverage: relative ? nil : node.coverage,
                             childIDs: node.children.map(\.id), maskID: node.mask?.id,
                             transitionProgress: node.transition?.progress)
        var result = [own]
        var stack = node.children + (node.mask.map { [$0] } ?? [])
        while let child = stack.popLast() {
            let record = child.record
            result.append(relative ? DrawRecord(
                state: record.state, matrix: placed(record.matrix), opacity: record.opacity, clip: nil, coverage: nil,
                childIDs: record.childIDs, maskID: record.maskID, transitionProgress: record.transitionProgress,
                tint: record.tint, particleTime: record.particleTime, tileFadeTime: record.tileFadeTime) : record)
            stack.append(contentsOf: child.children)
            if let mask = child.mask { stack.append(mask) }
        }
        return result
    }
}
