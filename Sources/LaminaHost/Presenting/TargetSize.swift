import CoreGraphics
/// The size (pixels) the window wants frames at: written by the X thread
/// when the window is resized, read by the presenter on the render thread
/// before each frame.
final class TargetSize: Sendable {
    struct Value: Equatable, Sendable {
        var width: Int
        var height: Int
        /// Increases with every change, so a reader can tell it missed one.
        var generation: Int
    }

    private let state: LockedValue<Value>

    init(width: Int, height: Int) {
        state = LockedValue(Value(width: width, height: height, generation: 0))
    }

    var value: Value { state.withLock { $0 } }

    /// Records a new size; returns false when it is the current one.
    @discardableResult
    func set(width: Int, height: Int) -> Bool {
        state.withLock { value in
            guard value.width != width || value.height != height else { return false }
            value = Value(width: width, height: height, generation: value.generation + 1)
            return true
        }
    }
}

/// How a window's frames reach the X server.
package enum PresentationPath: String, Sendable, Equatable {
    /// MIT-SHM images and `XShmPutImage`.
    case sharedMemory
    /// `XPutImage` through the socket (no MIT-SHM, or it was refused).
    case putImage
    /// The presenter could not connect; frames are drawn and dropped.
    case none
}

/// Which path the presenter took, once it has started on the render thread.
final class PresentationStatus: Sendable {
    private let path = LockedValue<PresentationPath?>(nil)

    var current: PresentationPath? { path.withLock { $0 } }

    func report(_ value: PresentationPath) { path.withLock { $0 = value } }
}
