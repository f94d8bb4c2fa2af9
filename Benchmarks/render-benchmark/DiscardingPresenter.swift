import QuartzCore

/// Presents nothing: the benchmarks measure drawing, not copying frames out.
final class DiscardingPresenter: FramePresenter {
    let target: RasterBuffer
    init(width: Int, height: Int) { target = RasterBuffer(width: width, height: height) }
    func present(damage: [PixelRect], frameTime: CFTimeInterval) {}
}
