/// The last presented frame, readable from any thread.
package final class FrameMailbox: Sendable {
    package struct Frame: Sendable {
        package let image: CGImage
        package let frameTime: CFTimeInterval
        package let damage: [PixelRect]
        package let number: Int
    }

    private let latest = LockedValue<Frame?>(nil)

    package init() {}

    package func publish(_ image: CGImage, frameTime: CFTimeInterval, damage: [PixelRect]) {
        latest.withLock { frame in
            frame = Frame(image: image, frameTime: frameTime, damage: damage, number: (frame?.number ?? 0) + 1)
        }
    }

    package var frame: Frame? { latest.withLock { $0 } }
}
