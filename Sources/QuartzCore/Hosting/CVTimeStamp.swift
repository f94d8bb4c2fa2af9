/// CoreVideo's display timestamp, for `beginFrame(atTime:timeStamp:)`'s
/// spelling; Lamina reads nothing from it.
public struct CVTimeStamp: Sendable {
    public var version: UInt32 = 0
    public var videoTimeScale: Int32 = 0
    public var videoTime: Int64 = 0
    public var hostTime: UInt64 = 0
    public var rateScalar: Double = 1
    public var videoRefreshPeriod: Int64 = 0
    public init() {}
}
