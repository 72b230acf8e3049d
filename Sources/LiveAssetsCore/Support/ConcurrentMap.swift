import CLiveAssetsCPU
import Dispatch

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `map(transform)`, computed on up to `jobs` threads. The threads claim chunks of up to 8 elements
    /// in turn, each the next one left, so a thread that is held up (or meets costly elements) simply
    /// does fewer; chunks keep threads from writing results into the same cache line, and are small
    /// enough (up to 8 elements, and 32 chunks a thread where there are elements for that) that the
    /// threads end close together. The results keep the collection's
    /// order, so the output does not depend on `jobs`.
    @inlinable package func concurrentMap<T: Sendable>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count, workers = Swift.max(1, Swift.min(jobs, count))
        guard workers > 1 else { return map(transform) }
        let start = startIndex
        let chunk = Swift.max(1, Swift.min(8, count / (workers * 32)))
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            let next = UnsafeMutablePointer<CLong>.allocate(capacity: 1)
            next.initialize(to: 0)
            defer { next.deallocate() }
            nonisolated(unsafe) let claims = next
            // Each slot is written by exactly one worker: the one that claimed its chunk.
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let first = Int(lacpu_fetch_add(claims, CLong(chunk)))
                    guard first < count else { return }
                    for offset in first..<Swift.min(first + chunk, count) {
                        (slots.baseAddress! + offset).initialize(to: transform(self[start + offset]))
                    }
                }
            }
            initialized = count
        }
    }
}

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `flatMap(transform)`, computed as `concurrentMap` computes a map, and whether the results are
    /// in order by `areInIncreasingOrder` (equal neighbours allowed).
    ///
    /// Each element's results are moved into place, not copied: the worker that made them checks their
    /// order and copies them into a buffer of their own, and the calling thread moves the buffers' bytes
    /// into one array, comparing only where two buffers meet, while their ends are in its cache. So the
    /// serial part of the work touches no reference count, destroys nothing and reads each result once.
    @inlinable package func concurrentFlatMap<T: Sendable>(
        jobs: Int, checkingOrder areInIncreasingOrder: @Sendable (T, T) -> Bool, _ transform: @Sendable (Element) -> [T]
    ) -> (elements: [T], inOrder: Bool) {
        guard jobs > 1 && count > 1 else {
            let elements = flatMap(transform)
            return (elements, elements.isInOrder(by: areInIncreasingOrder))
        }
        let parts = concurrentMap(jobs: jobs) { element in
            let results = transform(element)
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: results.count)
            _ = buffer.initialize(from: results)
            return MovableElements(buffer: buffer, inOrder: results.isInOrder(by: areInIncreasingOrder))
        }
        var inOrder = true
        let elements = [T](unsafeUninitializedCapacity: parts.reduce(0) { $0 + $1.buffer.count }) { all, initialized in
            for part in parts {
                if let source = part.buffer.baseAddress, part.buffer.count > 0 {
                    inOrder = inOrder && part.inOrder
                        && (initialized == 0 || !areInIncreasingOrder(source[0], all[initialized - 1]))
                    (all.baseAddress! + initialized).moveInitialize(from: source, count: part.buffer.count)
                }
                initialized += part.buffer.count
                part.buffer.deallocate()
            }
        }
        return (elements, inOrder)
    }
}

/// Elements that one thread initialized and another moves out; used by one thread at a time.
@usableFromInline package struct MovableElements<T: Sendable>: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<T>
    /// Whether the elements are in the order asked for.
    @usableFromInline let inOrder: Bool

    @inlinable init(buffer: UnsafeMutableBufferPointer<T>, inOrder: Bool) {
        self.buffer = buffer
        self.inOrder = inOrder
    }
}
