import Dispatch

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `map(transform)`, computed on up to `jobs` threads, each taking every `jobs`-th chunk of up to 8
    /// elements (interleaved, so that costly runs of elements are shared; in chunks, so that threads
    /// rarely write results into the same cache line). The results keep the collection's order, so the
    /// output does not depend on `jobs`.
    package func concurrentMap<T: Sendable>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count, workers = Swift.max(1, Swift.min(jobs, count))
        guard workers > 1 else { return map(transform) }
        let start = startIndex
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            // Each slot is written by exactly one worker.
            let chunk = Swift.max(1, Swift.min(8, count / (workers * 8)))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for first in stride(from: worker * chunk, to: count, by: workers * chunk) {
                    for offset in first..<Swift.min(first + chunk, count) {
                        (slots.baseAddress! + offset).initialize(to: transform(self[start + offset]))
                    }
                }
            }
            initialized = count
        }
    }
}
