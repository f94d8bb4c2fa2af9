extension KeyframeEvaluator {
    /// The point `fraction` of the way along a keyframe animation's `path`,
    /// flattened to `points`, and the direction of travel there in radians
    /// (`atan2(dy, dx)`, the angle `rotationMode` turns the layer by).
    ///
    /// Apple makes the end point of each path element a keyframe. Unpaced
    /// (`linear`, `cubic`), every element gets an equal share of the time and
    /// a curve is followed by its own parameter: measured on Apple, a line
    /// then a curve puts the curve's parameter 0.5 at three quarters of the
    /// way. Paced, the time is shared by length. So:
    /// - `paced`: position by arc length over the whole polyline;
    /// - unpaced with `keyframeIndices` (the vertex index where each element
    ///   ends, as the path flattener knows them): each element an equal share,
    ///   and within it each polyline segment an equal share, which is the
    ///   curve's parameter when the flattener steps it evenly;
    /// - unpaced without `keyframeIndices`: every vertex is a keyframe and
    ///   every segment an equal share (right for a path of lines).
    ///
    /// `cumulativeLengths`, when given with one entry per point, saves
    /// measuring the polyline on every frame (see `cumulativeLengths(of:)`).
    /// No points give the origin; one point, or no length, give the first
    /// point and angle 0. Zero-length segments take the direction of the
    /// nearest segment that has one.
    static func evaluateAlongPolyline(points: [CGPoint], cumulativeLengths: [Double]?, fraction: Double,
                                      paced: Bool, keyframeIndices: [Int]? = nil) -> (point: CGPoint, tangentAngle: Double) {
        guard let first = points.first else { return (.zero, 0) }
        guard points.count >= 2 else { return (first, 0) }
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let lengths: [Double]
        if let given = cumulativeLengths, given.count == points.count { lengths = given } else {
            lengths = Self.cumulativeLengths(of: points)
        }
        let segments = points.count - 1

        // The segment and the fraction along it.
        let segment: Int, along: Double
        if paced {
            guard let total = lengths.last, total > 0 else { return (first, 0) }
            let target = f * total
            var i = 0
            while i < segments - 1 && lengths[i + 1] <= target { i += 1 }
            let length = lengths[i + 1] - lengths[i]
            (segment, along) = (i, length > 0 ? min((target - lengths[i]) / length, 1) : 0)
        } else {
            let stops = Self.keyframeStops(keyframeIndices, lastIndex: segments)
            // Which element, then which segment inside it, each an equal share.
            let elements = stops.count - 1
            let element = min(Int(f * Double(elements)), elements - 1)
            let inElement = f * Double(elements) - Double(element)
            let start = stops[element], count = stops[element + 1] - stops[element]
            let position = inElement * Double(count)
            let offset = min(Int(position), count - 1)
            (segment, along) = (start + offset, position - Double(offset))
        }

        let a = points[segment], b = points[segment + 1]
        let t = CGFloat(along)
        let point = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        return (point, tangentAngle(points, at: segment))
    }

    /// The running length of a polyline at each point, starting at 0.
    static func cumulativeLengths(of points: [CGPoint]) -> [Double] {
        var lengths: [Double] = points.isEmpty ? [] : [0]
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            lengths.append(lengths[lengths.count - 1] + (dx * dx + dy * dy).squareRoot())
        }
        return lengths
    }

    /// The rotation `rotationMode` applies for a tangent angle:
    /// `rotateAuto` turns the layer to the tangent; `rotateAutoReverse` turns
    /// it a further half turn, to face back along the path.
    static func autoRotationAngle(tangentAngle: Double, reversed: Bool) -> Double {
        reversed ? tangentAngle + .pi : tangentAngle
    }

    /// Sorted, in-range vertex indices that start and end the polyline.
    private static func keyframeStops(_ indices: [Int]?, lastIndex: Int) -> [Int] {
        guard let indices else { return Array(0...lastIndex) }
        let inside = Set(indices.filter { $0 > 0 && $0 < lastIndex })
        return [0] + inside.sorted() + [lastIndex]
    }

    /// The direction of segment `i`, or of the nearest non-degenerate segment
    /// (forward first), or 0 when none has length.
    private static func tangentAngle(_ points: [CGPoint], at i: Int) -> Double {
        let order = Array(i..<(points.count - 1)) + Array((0..<i).reversed())
        for j in order {
            let dx = Double(points[j + 1].x - points[j].x), dy = Double(points[j + 1].y - points[j].y)
            if dx != 0 || dy != 0 { return atan2(dy, dx) }
        }
        return 0
    }
}
