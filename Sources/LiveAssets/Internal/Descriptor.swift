import LiveAssetsPlatform

/// Writing to a file descriptor.
package enum Descriptor {
    /// Writes all of `bytes` to `descriptor`, again after an interrupted call; false when a write fails
    /// or writes nothing (a closed pipe, a full disk), with `errno` saying why.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Platform.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
