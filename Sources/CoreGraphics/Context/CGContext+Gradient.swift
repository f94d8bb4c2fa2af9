/// Drawing gradients, with Apple's spelling. Each fills the whole clip
/// (within the extents the options allow), faded by the state's alpha.
extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (user space):
    /// lines perpendicular to it have one colour.
    ///
    /// cairo extends a gradient on both sides or neither, so either option
    /// extends both ends (a Lamina limitation; Apple extends each side alone).
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) else {
            return reportOnce("ignored linear gradient with non-finite points")
        }
        paintGradient {
            cairo.setLinearGradientSource(gradient.stops, start: start, end: end, extend: !options.isEmpty)
        }
    }

    /// Paints `gradient` between the circle at `startCenter` of
    /// `startRadius` and the one at `endCenter` of `endRadius` (user space).
    /// Either option extends both ends, as for linear gradients.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius].allSatisfy(\.isFinite)
        else { return reportOnce("ignored radial gradient with non-finite geometry") }
        paintGradient {
            cairo.setRadialGradientSource(gradient.stops, startCenter: startCenter, startRadius: startRadius,
                                          endCenter: endCenter, endRadius: endRadius, extend: !options.isEmpty)
        }
    }

    /// Paints `gradient` around `center`, location 0 at `angle` (radians)
    /// and the locations increasing counterclockwise (in Quartz's y-up
    /// space) back to the start, as Apple's `drawConicGradient` (macOS 14).
    /// Drawn as a cairo mesh of thin sectors.
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        guard [center.x, center.y, angle].allSatisfy(\.isFinite) else {
            return reportOnce("ignored conic gradient with non-finite geometry")
        }
        // Reach every corner of the clip.
        let clip = boundingBoxOfClipPath
        let corners = [CGPoint(x: clip.minX, y: clip.minY), CGPoint(x: clip.maxX, y: clip.minY),
                       CGPoint(x: clip.minX, y: clip.maxY), CGPoint(x: clip.maxX, y: clip.maxY)]
        let radius = corners.map { hypot($0.x - center.x, $0.y - center.y) }.max() ?? 0
        guard radius > 0, radius.isFinite else { return }
        paintGradient {
            cairo.setConicGradientSource(gradient, center: center, angle: angle, radius: radius * 1.01)
        }
    }

    /// Sets the user-space matrix, lets `setSource` install a pattern, and
    /// paints the clip with it.
    private func paintGradient(_ setSource: () -> Void) {
        guard cairo.setMatrix(gstate.ctm.concatenating(deviceToCairo)) else { return }
        cairo.save()
        defer { cairo.restore() }
        cairo.clearPath()
        applyCompositing()
        setSource()
        drawing(in: affectedArea(userExtents: cairo.clipExtents)) { cairo.paint(alpha: gstate.alpha) }
    }
}
