extension Array {
    /// Whether no element comes before the one ahead of it.
    @inlinable package func isInOrder(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        withUnsafeBufferPointer { elements in
            elements.indices.dropFirst().allSatisfy { !areInIncreasingOrder(elements[$0], elements[$0 - 1]) }
        }
    }
}

extension Array {
    /// Removes each element the same as the one before it (in a sorted array: every repeat).
    @inlinable package mutating func removeAdjacentDuplicates(by isSame: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where !isSame(self[index], self[kept - 1]) {
            if index != kept { swapAt(index, kept) }
            kept += 1
        }
        removeLast(count - kept)
    }
}
