/// Reads a mask's alpha moved by a possibly fractional offset, row by row,
/// for drawing shadows: row y, column x of the result is the mask's alpha at
/// (x − offsetX, y − offsetY) as a coverage in 0...1, interpolated linearly
/// between pixels and transparent outside the mask.
struct ShiftedAlphaMask {
    private let mask: PixelBufferView
    private let width: Int
    /// The offset split into whole pixels and a fraction in 0..<1.
    private let wholeX: Int, wholeY: Int
    private let fractionX: Float, fractionY: Float
    private var pixels: [UInt32]
    /// The last two mask rows read, shifted horizontally (nil when
    /// transparent): consecutive destination rows share one when the
    /// vertical offset has a fraction.
    private var cachedRow: (index: Int, values: [Float]?) = (Int.min, nil)
    private var previousRow: (index: Int, values: [Float]?) = (Int.min, nil)

    init(mask: PixelBufferView, offsetX: Double, offsetY: Double, width: Int) {
        func split(_ value: Double) -> (Int, Float) {
            guard value.isFinite else { return (0, 0) }
            let clamped = min(max(value, -1e9), 1e9)
            let whole = clamped.rounded(.down)
            return (Int(whole), Float(clamped - whole))
        }
        (wholeX, fractionX) = split(offsetX)
        (wholeY, fractionY) = split(offsetY)
        self.mask = mask
        self.width = width
        pixels = Array(repeating: 0, count: mask.width)
    }

    /// Writes destination row `y`'s coverage into `line` from index `start`
    /// (`width` values); returns whether any is non-zero.
    mutating func load(row y: Int, into line: inout [Float], at start: Int) -> Bool {
        // Mask rows at (y - wholeY) and the one above it, weighted by the fraction.
        let lower = y &- wholeY
        let near = horizontal(lower)
        let far = fractionY > 0 ? horizontal(lower &- 1) : nil
        guard near != nil || far != nil else { return false }
        let nearWeight = 1 - fractionY, farWeight = fractionY
        var any = false
        for x in 0..<width {
            var value: Float = 0
            if let near { value += near[x] * nearWeight }
            if let far { value += far[x] * farWeight }
            if value > 0 { any = true }
            line[start + x] = value
        }
        return any
    }

    /// Coverage of mask row `index` shifted horizontally, `width` values; nil
    /// when the row is outside the mask or fully transparent there.
    private mutating func horizontal(_ index: Int) -> [Float]? {
        guard index >= 0, index < mask.height else { return nil }
        if cachedRow.index == index { return cachedRow.values }
        if previousRow.index == index { return previousRow.values }
        mask.readRow(index, into: &pixels)
        var values = [Float](repeating: 0, count: width)
        var any = false
        for x in 0..<width {
            // Mask columns (x - wholeX) and the one to its left.
            let column = x &- wholeX
            var value: Float = 0
            if column >= 0, column < pixels.count { value += PremultipliedPixel.alpha(pixels[column]) * (1 - fractionX) }
            if fractionX > 0, column > 0, column - 1 < pixels.count { value += PremultipliedPixel.alpha(pixels[column - 1]) * fractionX }
            values[x] = value / 255
            if value > 0 { any = true }
        }
        previousRow = cachedRow
        cachedRow = (index, any ? values : nil)
        return cachedRow.values
    }
}
