import Foundation
import QuartzCore

/// Shows the render server's frames in an X window, from the render thread,
/// over its own X connection (so `ShmCompletion` events never mix with the
/// window's input).
///
/// The path is MIT-SHM (`SharedMemoryFrame`) when the server has the
/// extension and attaches the segments, else `XPutImage` from one ordinary
/// buffer (`XPlainImage`), announced with one line on stderr. XRender is not
/// used: the compositor does all drawing with pixman and cairo.
final class WindowPresenter: FramePresenter {
    private enum Backend {
        case sharedMemory(SharedMemoryFrame)
        case putImage(XPlainImage)

        var path: PresentationPath {
            switch self {
            case .sharedMemory: return .sharedMemory
            case .putImage: return .putImage
            }
        }
    }

    private let display: XDisplay
    private let window: UInt
    private let gc: XGraphicsContext
    private let size: TargetSize
    private var sizeGeneration: Int
    /// Nil only if a resize could not allocate any buffer.
    private var backend: Backend?
    /// Drawn into (and never shown) while `backend` is nil.
    private lazy var spare = RasterBuffer(width: 1, height: 1)
    private let status: PresentationStatus

    /// Connects to `displayName` and sets up the image for `window` at
    /// `size`. `allowSharedMemory` false forces `XPutImage` (for the
    /// `LAMINA_NO_SHM` switch and benchmarks), silently. `closed` is signalled once the presenter's
    /// connection is closed. Nil when the display cannot be opened.
    init?(displayName: String, window: UInt, size: TargetSize, allowSharedMemory: Bool, status: PresentationStatus,
          closed: CloseSignal) {
        guard let display = try? XDisplay(name: displayName) else { return nil }
        display.afterClose = { closed.signal() }
        guard let gc = XGraphicsContext(display: display, drawable: window) else { return nil }
        self.display = display
        self.window = window
        self.gc = gc
        self.size = size
        self.status = status
        let wanted = size.value
        sizeGeneration = wanted.generation
        let useSharedMemory: Bool
        if !allowSharedMemory {
            useSharedMemory = false
        } else if !XShmImage.isAvailable(on: display) {
            HostLog.line("the X server at \"\(display.name)\" has no MIT-SHM; presenting with XPutImage (slower)")
            useSharedMemory = false
        } else {
            useSharedMemory = true
        }
        guard let backend = Self.makeBackend(display: display, width: wanted.width, height: wanted.height,
                                             sharedMemory: useSharedMemory) else { return nil }
        self.backend = backend
        status.report(backend.path)
    }

    var target: RasterBuffer {
        adoptRequestedSize()
        switch backend {
        case .sharedMemory(let frame): return frame.drawable
        case .putImage(let image): return image.raster
        case nil: return spare
        }
    }

    func present(damage: [PixelRect], frameTime: CFTimeInterval) {
        switch backend {
        case .sharedMemory(let frame):
            frame.present(damage, to: window, gc: gc)
        case .putImage(let image):
            for rect in damage { image.put(rect, to: window, gc: gc) }
            // Wait for the server to take the pixels, so frames cannot pile
            // up in the socket ahead of the display.
            display.sync()
        case nil:
            break
        }
    }

    /// Waits until the server has read every image sent (for benchmarks).
    func waitUntilIdle() {
        if case .sharedMemory(let frame) = backend { frame.waitUntilIdle() } else { display.sync() }
    }

    var path: PresentationPath { backend?.path ?? .none }

    /// Reallocates the image when the window's size changed. The render
    /// server repaints everything after a resize; a frame drawn in between
    /// at the old compositor size is clipped to the new image.
    private func adoptRequestedSize() {
        let wanted = size.value
        guard wanted.generation != sizeGeneration else { return }
        sizeGeneration = wanted.generation
        let sharedMemory: Bool
        if case .sharedMemory(let frame) = backend {
            frame.waitUntilIdle()
            sharedMemory = true
        } else {
            sharedMemory = false
        }
        // Drop the old image first, so two never coexist.
        backend = nil
        backend = Self.makeBackend(display: display, width: wanted.width, height: wanted.height,
                                   sharedMemory: sharedMemory)
        status.report(path)
    }

    /// An SHM image, falling back on a plain image (with a line on stderr)
    /// when the segments cannot be made or attached.
    private static func makeBackend(display: XDisplay, width: Int, height: Int, sharedMemory: Bool) -> Backend? {
        if sharedMemory {
            do {
                return .sharedMemory(try SharedMemoryFrame(display: display, width: width, height: height))
            } catch {
                HostLog.line("MIT-SHM failed on \"\(display.name)\" (\(error)); presenting with XPutImage (slower)")
            }
        }
        return XPlainImage(display: display, width: width, height: height).map { .putImage($0) }
    }
}

/// Where frames go when the presenter cannot reach the X server: drawn into
/// memory and dropped, so the render server runs on.
final class DetachedPresenter: FramePresenter {
    let target: RasterBuffer

    init(width: Int, height: Int) { target = RasterBuffer(width: width, height: height) }

    func present(damage: [PixelRect], frameTime: CFTimeInterval) {}
}
