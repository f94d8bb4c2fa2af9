import Foundation
import LaminaTestSupport

/// What the pointer screen tests read back from a running demo
/// (`RunningDemo`, DemoGalleryTests.swift): colours once they have
/// stopped changing, however slow the frames of a debug build on a loaded
/// machine are.
extension RunningDemo {
    /// The mean colour of the `size`×`size` box centred on (`x`, `y`) in
    /// the window, as (red, green, blue) from 0 to 255.
    func meanColour(x: Int, y: Int, size: Int = 9) -> [Double]? {
        guard let pixels = driver.capture(window, x: x - size / 2, y: y - size / 2, width: size, height: size) else {
            return nil
        }
        return [16, 8, 0].map { shift in
            pixels.reduce(0.0) { $0 + Double(($1 >> UInt32(shift)) & 0xFF) } / Double(pixels.count)
        }
    }

    /// `reading` once it has stopped changing: `count` readings in a row,
    /// 0.25 s apart, within `tolerance` of the first of them by `distance`.
    /// The last reading if it never settles within 15 s (an animation that
    /// runs its course settles long before, even on a slow machine).
    func settledReading<Value>(_ reading: () -> Value?, count: Int = 4, tolerance: Double = 1,
                               distance: (Value, Value) -> Double) -> Value? {
        var readings: [Value] = []
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            if let value = reading() { readings.append(value) }
            let recent = readings.suffix(count)
            if recent.count == count, let first = recent.first, recent.allSatisfy({ distance($0, first) < tolerance }) {
                return first
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return readings.last
    }

    /// The box's mean colour once it has stopped changing.
    func settledColour(x: Int, y: Int, size: Int = 9) -> [Double]? {
        settledReading({ meanColour(x: x, y: y, size: size) }, distance: Self.colourDistance)
    }

    /// The largest difference of the three channels.
    static func colourDistance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }
}
