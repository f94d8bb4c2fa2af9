/// Solid masks for opacities, one per 8-bit level, made once per compositor.
///
/// Every faded layer (and faded group, rasterized subtree and group
/// shadow) is composited through a solid mask of its opacity;
/// making and freeing a pixman image for each layer on each frame showed
/// when a thousand layers fade. pixman's 8-bit paths
/// use a solid colour's top 8 bits (`color >> 8` of the 16-bit channel),
/// so the mask for a level is exactly the one made from any opacity that
/// rounds to it.
final class OpacityMasks {
    private var masks = [PixmanImage?](repeating: nil, count: 256)

    /// The mask pixman would get for `opacity` (clamped to 0...1, NaN as
    /// 0, as `PixmanImage` reads it); nil for full opacity (no mask).
    func mask(for opacity: Double) -> PixmanImage? {
        if opacity >= 1 { return nil }
        // The same conversion `PixmanImage(red:green:blue:alpha:)` makes.
        let level = Int(UInt16(max(0, min(1, opacity.isNaN ? 0 : opacity)) * 65535) >> 8)
        if let mask = masks[level] { return mask }
        // The 16-bit value whose top byte is `level` (half a step up, so the
        // conversion back cannot round below it).
        let mask = PixmanImage(red: 0, green: 0, blue: 0, alpha: (Double(level << 8) + 0.5) / 65535)
        masks[level] = mask
        return mask
    }
}
