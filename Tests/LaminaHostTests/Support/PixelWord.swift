/// 0xRRGGBB pixels, as `XTestDriver.capture` gives them.
extension UInt32 {
    var red: Int { Int(self >> 16 & 0xFF) }
    var green: Int { Int(self >> 8 & 0xFF) }
    var blue: Int { Int(self & 0xFF) }

    func isNear(red: Int, green: Int, blue: Int, tolerance: Int) -> Bool {
        abs(self.red - red) <= tolerance && abs(self.green - green) <= tolerance && abs(self.blue - blue) <= tolerance
    }
}
