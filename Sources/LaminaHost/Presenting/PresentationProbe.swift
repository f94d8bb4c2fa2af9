import Foundation
import QuartzCore

/// A window with a presenter driven directly, on the calling thread, with
/// no render server: for measuring what presenting costs on each path
/// (`host-benchmark`). Not for apps.
package final class PresentationProbe {
    private let display: XDisplay
    private let window: XWindow
    private let presenter: WindowPresenter

    /// Opens a mapped `width` x `height` window on `displayName` (or
    /// `DISPLAY`) and a presenter for it, on MIT-SHM when `sharedMemory`
    /// and the server allow, else `XPutImage`.
    package init(displayName: String?, width: Int, height: Int, sharedMemory: Bool) throws {
        display = try XDisplay(name: displayName)
        window = try XWindow(display: display, width: width, height: height)
        window.setTitle("Lamina presentation probe")
        window.map()
        let deadline = Date(timeIntervalSinceNow: 5)
        while display.geometry(of: window.id)?.isViewable != true, Date() < deadline { usleep(2000) }
        guard let presenter = WindowPresenter(displayName: display.name, window: window.id,
                                              size: TargetSize(width: width, height: height),
                                              allowSharedMemory: sharedMemory, status: PresentationStatus(),
                                              closed: CloseSignal()) else {
            throw LaminaHostError.cannotOpenDisplay(name: display.name)
        }
        self.presenter = presenter
    }

    package var displayName: String { display.name }

    /// The display rate Lamina would pace at, and where it came from.
    package func pacing() -> (interval: Double, source: String) {
        let pacing = DisplayPacing.measure(on: display)
        return (pacing.interval, pacing.source.rawValue)
    }

    package var path: PresentationPath { presenter.path }

    /// The buffer the next frame is drawn into.
    package var target: RasterBuffer { presenter.target }

    /// Presents `damage` and waits until the server has read every pixel.
    package func present(_ damage: [PixelRect]) {
        presenter.present(damage: damage, frameTime: 0)
        presenter.waitUntilIdle()
    }
}
