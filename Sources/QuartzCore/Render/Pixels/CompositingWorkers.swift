import Foundation
import Synchronization

/// The threads that take slices of a large composite beside the render
/// thread (`CompositingThreads.run`): one a spare core, started with the
/// first shared composite and kept for the process.
///
/// A frame shares out several composites in a row (each cover of cover
/// flow, each disc of the animated background), so a worker that has
/// finished waits a little, polling, for the next before it sleeps: woken
/// from sleep a thread takes some 50 µs to start, a third of a small
/// slice. The poll gives way (`sched_yield`) to other threads on its core.
final class CompositingWorkers: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is an atomic, the
    // condition (a pthread mutex and condition variable), or `current`,
    // which is read and written only with the condition's mutex held.

    /// One composite's slices. `body` is the caller's closure, valid until
    /// every slice is done: a worker calls it only after claiming an index
    /// below `count`, which the caller waits for before it returns.
    final class Job: @unchecked Sendable {
        // `@unchecked Sendable`: `body` is read only by the thread that
        // claimed an index below `count`, before it counts the slice done;
        // the counters are atomics.
        let count: Int
        let body: (Int) -> Void
        let next = Atomic<Int>(0)
        let remaining: Atomic<Int>

        init(count: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.body = body
            remaining = Atomic(count)
        }

        /// Runs slices until none is left to claim.
        func work() {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index)
                remaining.subtract(1, ordering: .releasing)
            }
        }
    }

    /// Seconds a worker polls for the next job before it sleeps.
    static let pollSeconds = 0.0003

    private let condition = MonotonicCondition()
    private let generation = Atomic<UInt64>(0)
    private var current: Job?
    let threadCount: Int

    /// Starts `threads` worker threads.
    init(threads: Int) {
        threadCount = threads
        for index in 0..<threads {
            let thread = Thread { [self] in loop() }
            thread.name = "Lamina.Compositing.\(index + 1)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `job`'s slices on the workers and the calling thread; returns
    /// when all are done.
    func run(_ job: Job) {
        condition.lock()
        current = job
        generation.add(1, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
        job.work()
        while job.remaining.load(ordering: .acquiring) > 0 { sched_yield() }
        condition.lock()
        if current === job { current = nil }
        condition.unlock()
    }

    private func loop() {
        var seen: UInt64 = 0
        while true {
            // Poll for a new job a moment, then sleep until one comes.
            let deadline = MediaClock.monotonicNow() + Self.pollSeconds
            while generation.load(ordering: .acquiring) == seen, MediaClock.monotonicNow() < deadline { sched_yield() }
            condition.lock()
            while generation.load(ordering: .acquiring) == seen { condition.wait() }
            seen = generation.load(ordering: .acquiring)
            let job = current
            condition.unlock()
            job?.work()
        }
    }
}
