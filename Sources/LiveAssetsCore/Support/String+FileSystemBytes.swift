// A file name is bytes; a String holds Unicode. Names that are valid UTF-8 (nearly all) are held as
// they are. In a name that is not, each byte of an invalid sequence is held as one scalar of
// U+10FF80...U+10FFFF (U+10FF00 + the byte, in plane 16's private use area), as Python's
// "surrogateescape" does, so that the path can be opened again byte for byte. This file is the only
// place that converts: every system call given such a path goes through `withFileSystemCString`, and
// what a person sees goes through `displayed` (U+FFFD for the bad bytes).
//
// Every scalar of that range is encoded F4 8F BE/BF xx, so a path without the byte 0xF4 holds none:
// the common case costs one scan of the path's bytes.

import LiveAssetsPlatform

extension String {
    /// `bytes` as a string when they are valid UTF-8, else nil: `String(validating:as:)` where the OS
    /// has it (macOS 15, iOS 18), else the bytes decoded and compared with the string's own (an invalid
    /// sequence decodes to U+FFFD, whose bytes differ from it).
    package init?<Bytes: Collection>(validUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            guard let valid = String(validating: bytes, as: UTF8.self) else { return nil }
            self = valid
        } else {
            guard let valid = Self.decodingIfValid(bytes) else { return nil }
            self = valid
        }
    }

    /// The fallback of ``init(validUTF8:)`` for older systems, a function of its own so that it is
    /// tested where `String(validating:as:)` exists.
    package static func decodingIfValid<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    /// The first scalar of the range that holds raw bytes, less 0x80 (the lowest byte held).
    @usableFromInline static let rawByteBase: UInt32 = 0x10FF00

    /// A file name or path read from the file system: the bytes as they are when they are valid UTF-8,
    /// otherwise each byte of an invalid sequence held as one scalar U+10FF00 + byte.
    package init<Bytes: Collection>(fileSystemBytes bytes: Bytes) where Bytes.Element == UInt8 {
        if let valid = String(validUTF8: bytes) {
            self = valid
            return
        }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        // The parser reports how many bytes each scalar or error took; `start` follows it through the bytes.
        var start = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                start = bytes.index(start, offsetBy: encoded.count)
            case .error(let length):
                let end = bytes.index(start, offsetBy: length)
                for byte in bytes[start..<end] { scalars.append(Unicode.Scalar(Self.rawByteBase + UInt32(byte))!) }
                start = end
            case .emptyInput:
                self = String(scalars)
                return
            }
        }
    }

    /// Whether the bytes hold 0xF4, the first byte of every scalar that holds a raw byte (and of the
    /// other scalars from U+100000 up): false for nearly every path, and then there is nothing to convert.
    @inlinable package var mayHoldRawBytes: Bool {
        // memchr: asked of every name a walk meets and every path opened, and as fast in a debug build.
        utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 0 && memchr(bytes.baseAddress!, 0xF4, bytes.count) != nil
        } ?? utf8.contains(0xF4)
    }

    /// Whether the string holds bytes of a file name that is not valid UTF-8 (or a character of
    /// U+10FF80...U+10FFFF, which reads the same: see ``FileTree``'s reserved names).
    package var hasRawBytes: Bool {
        mayHoldRawBytes && unicodeScalars.contains { $0.value >= Self.rawByteBase + 0x80 }
    }

    /// The bytes the file system knows this path by: the raw bytes back in their place.
    @usableFromInline package var fileSystemBytes: [UInt8] {
        guard mayHoldRawBytes else { return Array(utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.value >= Self.rawByteBase + 0x80 {
                bytes.append(UInt8(scalar.value - Self.rawByteBase))
            } else {
                Unicode.UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes
    }

    /// Calls `body` with the path as the NUL-terminated bytes the file system knows it by (the String's
    /// own C string when it holds no raw byte).
    @inlinable package func withFileSystemCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard mayHoldRawBytes else { return try withCString(body) }
        var bytes = fileSystemBytes
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The string as a person sees it: each invalid sequence of raw bytes shown as U+FFFD, as
    /// `String(decoding:as:)` shows a name that is not valid UTF-8.
    package var displayed: String {
        guard hasRawBytes else { return self }
        return String(decoding: fileSystemBytes, as: UTF8.self)
    }
}
