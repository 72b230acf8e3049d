import LiveAssetsPlatform

/// A path as the file system compares it: by its bytes. Swift compares strings by canonical
/// equivalence, so `café.png` written with `é` as one character (NFC) and as `e` and a combining accent
/// (NFD) is one `String` but, on Linux, two files: every set or dictionary of paths is keyed by this,
/// so that neither file is taken for the other (left unchecked, or fitted as the other).
package struct PathKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let path: String

    package init(_ path: String) { self.path = path }

    package static func == (a: PathKey, b: PathKey) -> Bool { a.path.isSamePath(as: b.path) }

    /// In the order of the paths' bytes (UTF-8 order, as `ls` sorts in the C locale).
    package static func < (a: PathKey, b: PathKey) -> Bool {
        var (x, y) = (a.path, b.path)
        return x.withUTF8 { x in
            y.withUTF8 { y in
                let order = memcmp(x.baseAddress ?? UnsafePointer(bitPattern: 1)!, y.baseAddress ?? UnsafePointer(bitPattern: 1)!, min(x.count, y.count))
                return order < 0 || (order == 0 && x.count < y.count)
            }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String { path }
}

extension String {
    /// Whether `self` and `other` are the same path to the file system (the same bytes), which Swift's
    /// `==` (canonical equivalence) does not say. Asked of every file a scan meets: the lengths, then
    /// the bytes at once.
    package func isSamePath(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var (x, y) = (self, other)
        return x.withUTF8 { x in
            y.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
