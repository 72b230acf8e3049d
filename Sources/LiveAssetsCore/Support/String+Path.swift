extension String {
    /// The part of a path after its last "/" (all of it when there is none).
    package var lastPathComponent: Substring {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(self) }
        return self[utf8.index(after: slash)...]  // "/" is one byte: the name starts at the next
    }
}
