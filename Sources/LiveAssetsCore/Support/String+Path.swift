// Both are inlinable: the scanner asks them of every file it meets, and an unspecialised generic call
// costs more than the loop (a metadata lookup each time).
extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The part of a path after its last "/" (all of it when there is none).
    @inlinable package var lastPathComponent: SubSequence {
        // One backward pass over the bytes where they are; "/" is one byte, so the name starts after it.
        let start = utf8.withContiguousStorageIfAvailable { bytes in
            var index = bytes.count
            while index > 0 && bytes[index - 1] != UInt8(ascii: "/") { index -= 1 }
            return index
        } ?? utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.distance(from: utf8.startIndex, to: $0) + 1 } ?? 0
        return self[utf8.index(utf8.startIndex, offsetBy: start)...]
    }

    /// The file name's extension (after its last "."), ASCII letters lowercased, packed into one
    /// integer, first byte highest, so that it is compared without allocating (see
    /// ``packedExtension(_:)``); nil when there is no dot, or the extension is empty, longer than 4
    /// bytes or not ASCII.
    @inlinable package var packedExtension: UInt32? {
        var key: UInt32 = 0, length: UInt32 = 0
        for byte in utf8.reversed() {
            if byte == UInt8(ascii: ".") { return length > 0 ? key : nil }
            guard length < 4, byte < 0x80 else { return nil }
            key |= UInt32(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) << (8 * length)
            length += 1
        }
        return nil
    }
}

/// A lowercase ASCII extension of 1-4 letters packed as ``StringProtocol/packedExtension`` packs one.
package func packedExtension(_ text: StaticString) -> UInt32 {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).reduce(0) { $0 << 8 | UInt32($1) }
}
