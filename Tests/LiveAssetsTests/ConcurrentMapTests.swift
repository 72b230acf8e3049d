import Foundation
import LiveAssets
import Testing

@Suite struct ConcurrentMapTests {
    /// Counts its instances, so that a test sees every element made destroyed exactly once.
    final class Counted: Sendable {
        let value: Int
        let live: Counter
        init(_ value: Int, _ live: Counter) {
            self.value = value
            self.live = live
            live.add(1)
        }
        deinit { live.add(-1) }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ n: Int) { lock.withLock { count += n } }
        var value: Int { lock.withLock { count } }
    }

    @Test(arguments: [0, 1, 7, 64, 1001])
    func mapKeepsOrderWhateverTheThreads(count: Int) {
        let expected = (0..<count).map { $0 * 3 + 1 }
        for jobs in [1, 2, 3, 8] {
            #expect((0..<count).concurrentMap(jobs: jobs) { $0 * 3 + 1 } == expected)
        }
    }

    @Test(arguments: [0, 1, 9, 500])
    func flatMapMovesEveryResultOnceInOrder(count: Int) {
        // Element i gives i % 4 results (some none), as reference-counted objects.
        let expected = (0..<count).flatMap { index in (0..<index % 4).map { index * 10 + $0 } }
        for jobs in [1, 2, 5] {
            let live = Counter()
            do {
                let results = (0..<count).concurrentFlatMap(jobs: jobs, checkingOrder: { $0.value < $1.value }) { index in
                    (0..<index % 4).map { Counted(index * 10 + $0, live) }
                }
                #expect(results.elements.map(\.value) == expected)
                #expect(results.inOrder)
                #expect(live.value == expected.count)
            }
            #expect(live.value == 0)
        }
    }

    @Test func orderIsCheckedWithinAndBetweenTheElementsResults() {
        // Elements 0..<40 each give [i, i + 1]: in order (equal neighbours allowed) however they are split.
        for jobs in [1, 2, 3] {
            #expect((0..<40).concurrentFlatMap(jobs: jobs, checkingOrder: <) { [$0, $0 + 1] }.inOrder)
            // Out of order inside one element's results, at one junction between two, or both.
            #expect(!(0..<40).concurrentFlatMap(jobs: jobs, checkingOrder: <) { $0 == 17 ? [$0 + 1, $0] : [$0, $0 + 1] }.inOrder)
            #expect(!(0..<40).concurrentFlatMap(jobs: jobs, checkingOrder: <) { $0 == 23 ? [5] : [$0, $0 + 1] }.inOrder)
            #expect(!(0..<40).concurrentFlatMap(jobs: jobs, checkingOrder: <) { [40 - $0] }.inOrder)
        }
    }

    @Test func junctionsAcrossEmptyResultsAreChecked() {
        // Only every fifth element gives a result; the others give none, so the elements that meet at
        // each junction are five apart, and a decreasing pair across the gap is found.
        for jobs in [2, 3] {
            let spread = (0..<200).concurrentFlatMap(jobs: jobs, checkingOrder: <) { $0 % 5 == 0 ? [$0] : [] }
            #expect(spread.elements == Array(stride(from: 0, to: 200, by: 5)) && spread.inOrder)
            let dropped = (0..<200).concurrentFlatMap(jobs: jobs, checkingOrder: <) { $0 % 5 == 0 ? [$0 == 100 ? 1 : $0] : [] }
            #expect(!dropped.inOrder)
            let none = (0..<50).concurrentFlatMap(jobs: jobs, checkingOrder: <) { _ in [Int]() }
            #expect(none.elements.isEmpty && none.inOrder)
        }
    }

    @Test(arguments: [0, 1, 2, 257, 4099])
    func forEachVisitsEveryIndexOnce(count: Int) {
        for jobs in [1, 2, 7] {
            let visits = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(count, 1))
            visits.initialize(repeating: 0)
            defer { visits.deallocate() }
            nonisolated(unsafe) let slots = visits
            concurrentForEach(count: count, jobs: jobs) { index in slots[index] += 1 }
            #expect(visits.prefix(count).allSatisfy { $0 == 1 })
        }
    }

    @Test func adjacentRepeatsAreRemoved() {
        var values = ["a", "a", "b", "b", "b", "c", "a"]
        values.removeAdjacentDuplicates(by: ==)
        #expect(values == ["a", "b", "c", "a"])
        var one = ["x"], none: [String] = []
        one.removeAdjacentDuplicates(by: ==)
        none.removeAdjacentDuplicates(by: ==)
        #expect(one == ["x"] && none.isEmpty)
        // Paths by their bytes: "café" in NFC and in NFD are two files, though Swift's == takes them for one.
        var paths = ["caf\u{E9}.png", "cafe\u{301}.png", "cafe\u{301}.png"]
        paths.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })
        #expect(paths.map { Array($0.utf8) } == [Array("caf\u{E9}.png".utf8), Array("cafe\u{301}.png".utf8)])
    }

    @Test func orderIsCheckedPairByPair() {
        #expect([1, 2, 2, 5].isInOrder(by: <))
        #expect(![1, 3, 2].isInOrder(by: <))
        #expect([Int]().isInOrder(by: <) && [4].isInOrder(by: <))
    }
}
