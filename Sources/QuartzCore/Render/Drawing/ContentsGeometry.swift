/// Where a layer's `contents` image lands in its bounds, per `contentsGravity`.
///
/// Apple defines the gravities in a y-up space: `.top` is the edge at the
/// bounds' maximum y. In Lamina's top-left layer space that is the bottom of
/// the screen, which is exactly what iOS shows (a well-known iOS quirk); a
/// layer with `isGeometryFlipped` set on its root sees the macOS meaning.
enum ContentsGeometry {
    /// The rectangle, in the layer's bounds space, the contents image (of
    /// `imageSize` pixels at `contentsScale`, cropped by `contentsRect`) is drawn into.
    static func placement(bounds: CGRect, imageSize: CGSize, contentsRect: CGRect, contentsScale: CGFloat,
                          gravity: CALayerContentsGravity) -> CGRect {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let cropped = CGSize(width: imageSize.width * max(0, contentsRect.width) / scale,
                             height: imageSize.height * max(0, contentsRect.height) / scale)
        let width = cropped.width, height = cropped.height
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard width > 0, height > 0 else { return bounds }
            let fit = gravity == .resizeAspect
                ? min(bounds.width / width, bounds.height / height)
                : max(bounds.width / width, bounds.height / height)
            let size = CGSize(width: width * fit, height: height * fit)
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                          width: size.width, height: size.height)
        default:
            let x: CGFloat
            switch gravity {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - width
            default: x = bounds.midX - width / 2
            }
            let y: CGFloat
            switch gravity {
            case .top, .topLeft, .topRight: y = bounds.maxY - height
            case .bottom, .bottomLeft, .bottomRight: y = bounds.minY
            default: y = bounds.midY - height / 2
            }
            return CGRect(x: x, y: y, width: width, height: height)
        }
    }
}
