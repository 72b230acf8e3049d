/// A path as the file system compares it: by its bytes. Swift compares strings by canonical
/// equivalence, so `café.png` written with `é` as one character (NFC) and as `e` and a combining accent
/// (NFD) is one `String` but, on Linux, two files: every set or dictionary of paths is keyed by this,
/// so that neither file is taken for the other (left unchecked, or fitted as the other).
package struct PathKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let path: String

    package init(_ path: String) { self.path = path }

    package static func == (a: PathKey, b: PathKey) -> Bool { a.path.utf8.elementsEqual(b.path.utf8) }

    /// In the order of the paths' bytes (UTF-8 order, as `ls` sorts in the C locale).
    package static func < (a: PathKey, b: PathKey) -> Bool { a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }

    package func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String { path }
}

extension String {
    /// Whether `self` and `other` are the same path to the file system (the same bytes), which Swift's
    /// `==` (canonical equivalence) does not say.
    package func isSamePath(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
