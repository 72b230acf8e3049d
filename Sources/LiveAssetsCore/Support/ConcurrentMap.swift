import Dispatch

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `map(transform)`, computed on up to `jobs` threads in interleaved strides; the results keep the
    /// collection's order, so the output does not depend on `jobs`.
    package func concurrentMap<T: Sendable>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count, workers = Swift.max(1, Swift.min(jobs, count))
        guard workers > 1 else { return map(transform) }
        let start = startIndex
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            // Each slot is written by exactly one worker.
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for offset in stride(from: worker, to: count, by: workers) {
                    (slots.baseAddress! + offset).initialize(to: transform(self[start + offset]))
                }
            }
            initialized = count
        }
    }
}
