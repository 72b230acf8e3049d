extension String {
    /// The part of a path after its last "/" (all of it when there is none).
    package var lastPathComponent: Substring {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(self) }
        return self[index(after: slash)...]
    }
}
