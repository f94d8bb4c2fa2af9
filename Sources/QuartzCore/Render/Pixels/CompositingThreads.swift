import Dispatch
import Foundation
import Synchronization

/// Worker threads for large pixel work: a layer's composite over many
/// pixels is cut into horizontal slices, one a thread, the render thread
/// taking one itself, while small work (the kiosk's frames) stays on the
/// render thread with no hand-off at all.
///
/// The slices are disjoint rows of the destination, each drawn through
/// pixman images of its own (`PixmanImage.alias()`: pixman keeps a
/// transform and validation state in each image, which two threads must
/// not share) over pixels that only that slice writes; sources, masks and
/// bitmaps are only read. The threads are `CompositingWorkers`.
package enum CompositingThreads {
    /// Threads that composite a large area: `LAMINA_RENDER_THREADS`, else
    /// one a core, at most 8. 1 keeps everything on the render thread.
    package static var count: Int { threads.load(ordering: .relaxed) }

    /// The count at start-up, before any `setCount`.
    package static let defaultCount = LaminaEnvironment.process.count(.renderThreads)
        ?? min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))

    private static let threads = Atomic<Int>(defaultCount)

    /// How many times work was shared out among threads so far (for tests
    /// and benchmarks to see that it was).
    package static let handOffs = Atomic<Int>(0)

    /// Changes the count (benchmarks compare 1 and 2 in one run; tests
    /// compare the sliced pixels with the whole). Clamped to 1...64.
    package static func setCount(_ count: Int) {
        threads.store(min(64, max(1, count)), ordering: .relaxed)
    }

    /// The fewest pixels a slice is given: below this the hand-off (about
    /// 10-20 µs) costs more than it saves.
    static let minimumSlicePixels = 48 * 1024

    /// `rects` (disjoint, as bands of rows are) shared out among at most
    /// `threads` threads: consecutive runs of them with about the same
    /// number of pixels each, at least `minimumSlicePixels`; a rect too
    /// large for one share is cut into slices of whole rows first. One
    /// share, `rects` itself, when they are small.
    static func partition(_ rects: [PixelRect], threads: Int = count) -> [[PixelRect]] {
        let total = rects.reduce(0) { $0 + $1.area }
        let wanted = min(threads, total / minimumSlicePixels)
        guard wanted > 1 else { return [rects] }
        let share = (total + wanted - 1) / wanted
        // Rows of a rect larger than a share, cut to about a share each.
        let pieces = rects.flatMap { rect -> [PixelRect] in
            let cuts = min(rect.height, (rect.area + share - 1) / share)
            guard cuts > 1 else { return [rect] }
            return (0..<cuts).map { index in
                let top = rect.y + rect.height * index / cuts, bottom = rect.y + rect.height * (index + 1) / cuts
                return PixelRect(x: rect.x, y: top, width: rect.width, height: bottom - top)
            }
        }
        // Each piece goes to the share its middle pixel falls in, counting
        // pixels in order: runs in order, within a piece of even.
        var shares = [[PixelRect]](repeating: [], count: wanted)
        var before = 0
        for piece in pieces {
            shares[min(wanted - 1, (before + piece.area / 2) / share)].append(piece)
            before += piece.area
        }
        return shares.filter { !$0.isEmpty }
    }

    /// Runs `body(0) ... body(count - 1)`: on the calling thread alone for
    /// one, else at once on as many threads, returning when all are done.
    /// Each call must write only pixels no other call touches, through
    /// images of its own.
    static func run(_ count: Int, _ body: @escaping (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        handOffs.add(1, ordering: .relaxed)
        // Escaping: a worker may still hold the job for a moment after the
        // last slice is done (it found nothing left to claim).
        workers.run(CompositingWorkers.Job(count: count, body: body))
    }

    /// The worker threads, one fewer than `defaultCount` (the render
    /// thread takes a slice too), started when first needed.
    private static let workers = CompositingWorkers(threads: max(1, defaultCount - 1))

    /// Runs `body` for each slice of rows of `rect` (`rect` itself when it
    /// is small), the slices on as many threads; see `run`.
    static func forEachSlice(of rect: PixelRect, threads: Int = count, _ body: @escaping (PixelRect) -> Void) {
        let shares = partition([rect], threads: threads)
        run(shares.count) { index in shares[index].forEach(body) }
    }
}
