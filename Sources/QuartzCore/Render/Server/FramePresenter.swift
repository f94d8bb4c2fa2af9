/// Where the render server's frames go: a window's shared-memory image, or
/// a plain buffer for tests and offscreen use. Created and used on the
/// render thread only.
package protocol FramePresenter: AnyObject {
    /// The buffer to draw the next frame into (its size is the target size).
    var target: RasterBuffer { get }
    /// Shows the damaged pixels of the frame just drawn. Returns when the
    /// buffer may be drawn into again.
    func present(damage: [PixelRect], frameTime: CFTimeInterval)
}

/// Makes a presenter on the render thread.
package typealias FramePresenterFactory = @Sendable () -> FramePresenter
