extension String {
    /// The part of a path after its last "/" (all of it when there is none).
    package var lastPathComponent: Substring {
        // One backward pass over the bytes where they are; "/" is one byte, so the name starts after it.
        let start = utf8.withContiguousStorageIfAvailable { bytes in
            var index = bytes.count
            while index > 0 && bytes[index - 1] != UInt8(ascii: "/") { index -= 1 }
            return index
        } ?? utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.distance(from: utf8.startIndex, to: $0) + 1 } ?? 0
        return self[utf8.index(utf8.startIndex, offsetBy: start)...]
    }
}
