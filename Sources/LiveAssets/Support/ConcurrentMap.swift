import CLiveAssetsCPU
import Dispatch
import LiveAssetsCore

/// Calls `body` with every index in `0..<count`, on up to `jobs` threads (the caller's among them). The
/// threads claim chunks of up to 8 indices in turn, each the next one left, so a thread that is held up
/// (or meets costly indices) simply does fewer; chunks keep threads from writing results into the same
/// cache line, and are small enough (up to 8 indices, and 32 chunks a thread where there are indices for
/// that) that the threads end close together.
@inlinable package func concurrentForEach(count: Int, jobs: Int, _ body: @Sendable (Int) -> Void) {
    let workers = Swift.max(1, Swift.min(jobs, count))
    guard workers > 1 else {
        for index in 0..<count { body(index) }
        return
    }
    let chunk = Swift.max(1, Swift.min(8, count / (workers * 32)))
    let next = UnsafeMutablePointer<CLong>.allocate(capacity: 1)
    next.initialize(to: 0)
    defer { next.deallocate() }
    nonisolated(unsafe) let claims = next
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let first = Int(lacpu_fetch_add(claims, CLong(chunk)))
            guard first < count else { return }
            for index in first..<Swift.min(first + chunk, count) { body(index) }
        }
    }
}

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `map(transform)`, computed on up to `jobs` threads as ``concurrentForEach(count:jobs:_:)`` shares
    /// out indices. The results keep the collection's order, so the output does not depend on `jobs`.
    @inlinable package func concurrentMap<T: Sendable>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        guard jobs > 1 && count > 1 else { return map(transform) }
        let start = startIndex
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            // Each slot is written by exactly one thread: the one that claimed its index.
            concurrentForEach(count: count, jobs: jobs) { offset in
                (slots.baseAddress! + offset).initialize(to: transform(self[start + offset]))
            }
            initialized = count
        }
    }
}

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `flatMap(transform)`, computed as `concurrentMap` computes a map, and whether the results are
    /// in order by `areInIncreasingOrder` (equal neighbours allowed).
    ///
    /// Each element's results are moved into place, not copied: the thread that made them checks their
    /// order and copies them into a buffer of their own; the buffers' bytes are then moved into one
    /// array by several threads at once (each buffer to its place), so that the new array's pages are
    /// touched in parallel, and the calling thread compares only where two buffers meet. The serial
    /// part of the work touches no reference count and destroys nothing. Measured: a plain
    /// `append(contentsOf:)` of each part makes check over 2,000 files at 2 jobs about 4 % slower.
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
        // Where each part starts in the whole.
        var offsets = [Int](repeating: 0, count: parts.count + 1)
        var inOrder = true
        for (index, part) in parts.enumerated() {
            offsets[index + 1] = offsets[index] + part.buffer.count
            inOrder = inOrder && part.inOrder
        }
        let total = offsets[parts.count]
        guard total > 0 else {
            for part in parts { part.buffer.deallocate() }
            return ([], true)
        }
        let elements = [T](unsafeUninitializedCapacity: total) { all, initialized in
            nonisolated(unsafe) let destination = all.baseAddress!
            let starts = offsets
            concurrentForEach(count: parts.count, jobs: jobs) { index in
                let part = parts[index]
                if let source = part.buffer.baseAddress {
                    (destination + starts[index]).moveInitialize(from: source, count: part.buffer.count)
                }
                part.buffer.deallocate()
            }
            initialized = total
            // Where one part ends and the next begins.
            for index in 1..<parts.count where inOrder && offsets[index] > 0 && offsets[index + 1] > offsets[index] {
                inOrder = !areInIncreasingOrder(all[offsets[index]], all[offsets[index] - 1])
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
