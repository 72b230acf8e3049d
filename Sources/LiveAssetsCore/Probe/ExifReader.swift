/// Reads the orientation tag from EXIF data: the TIFF structure that follows "Exif\0\0" in a JPEG APP1
/// segment, or the content of a PNG eXIf chunk.
///
/// The reader trusts nothing it is given: every offset and count is checked against the bytes at hand,
/// only IFD0 is read (orientation lives there, so no IFD chain is ever followed and no loop is possible),
/// and the work is bounded by the number of bytes.
package enum ExifReader {
    /// What the EXIF data says about orientation.
    package enum Outcome: Sendable, Hashable {
        /// IFD0 has an orientation tag with this raw value (not necessarily within 1...8).
        case orientation(Int)
        /// The data is well formed and IFD0 has no orientation tag.
        case noOrientationTag
        /// The data cannot be read as far as the orientation tag.
        case malformed(Problem)

        /// The raw tag value, when there is one.
        package var rawValue: Int? {
            if case .orientation(let value) = self { return value }
            return nil
        }
    }

    /// Why EXIF data could not be read, with the evidence.
    package enum Problem: Sendable, Hashable {
        /// Fewer bytes than a TIFF header (8).
        case tooShort(length: Int)
        /// The first two bytes are neither "II" nor "MM".
        case unknownByteOrder(marker: UInt16)
        /// The TIFF magic number is not 42.
        case badMagic(UInt16)
        /// IFD0 starts outside the data.
        case ifdOffsetOutOfRange(offset: UInt32, length: Int)
        /// The IFD declares more entries than the data holds, and none of those present is the tag.
        case entriesTruncated(declared: Int, present: Int)
        /// The orientation entry has a type or count that cannot hold one number.
        case unexpectedOrientationType(type: UInt16, count: UInt32)

        /// The problem in words, to sit inside a sentence.
        package var description: String {
            switch self {
            case .tooShort(let length): "\(length) bytes, fewer than a TIFF header"
            case .unknownByteOrder(let marker): "byte order mark 0x\(String(marker, radix: 16, uppercase: true)) is neither II nor MM"
            case .badMagic(let magic): "TIFF number \(magic) where 42 belongs"
            case .ifdOffsetOutOfRange(let offset, let length): "its first directory at offset \(offset) lies outside its \(length) bytes"
            case .entriesTruncated(let declared, let present): "its first directory declares \(declared) entries and holds \(present)"
            case .unexpectedOrientationType(let type, let count): "the orientation entry has type \(type) and count \(count), not one number"
            }
        }
    }

    /// The EXIF tag number of orientation.
    package static let orientationTag: UInt16 = 0x0112

    /// Reads the orientation from TIFF data (a leading "Exif\0\0" identifier is skipped).
    package static func orientation(in bytes: UnsafeRawBufferPointer) -> Outcome {
        var data = bytes
        let identifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        if data.count >= 6 && data.prefix(6).elementsEqual(identifier) {
            data = UnsafeRawBufferPointer(rebasing: data[6...])
        }
        let length = data.count
        guard length >= 8 else { return .malformed(.tooShort(length: length)) }

        let marker = UInt16(data[0]) << 8 | UInt16(data[1])
        let bigEndian: Bool
        switch marker {
        case 0x4949: bigEndian = false  // "II"
        case 0x4D4D: bigEndian = true   // "MM"
        default: return .malformed(.unknownByteOrder(marker: marker))
        }
        func u16(_ offset: Int) -> UInt16 {
            let a = UInt16(data[offset]), b = UInt16(data[offset + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ offset: Int) -> UInt32 {
            let a = UInt32(u16(offset)), b = UInt32(u16(offset + 2))
            return bigEndian ? a << 16 | b : b << 16 | a
        }

        let magic = u16(2)
        guard magic == 42 else { return .malformed(.badMagic(magic)) }
        let ifdOffset = u32(4)
        guard ifdOffset >= 8, UInt64(ifdOffset) + 2 <= UInt64(length) else {
            return .malformed(.ifdOffsetOutOfRange(offset: ifdOffset, length: length))
        }
        let ifd = Int(ifdOffset)
        let declared = Int(u16(ifd))
        let present = min(declared, (length - ifd - 2) / 12)
        for index in 0..<present {
            let entry = ifd + 2 + index * 12
            guard u16(entry) == orientationTag else { continue }
            let type = u16(entry + 2)
            let count = u32(entry + 4)
            switch (type, count) {
            case (3, 1...):  // SHORT: the value sits in the first two bytes of the value field
                return .orientation(Int(u16(entry + 8)))
            case (4, 1...):  // LONG, written by some tools
                return .orientation(Int(clamping: u32(entry + 8)))
            default:
                return .malformed(.unexpectedOrientationType(type: type, count: count))
            }
        }
        if present < declared { return .malformed(.entriesTruncated(declared: declared, present: present)) }
        return .noOrientationTag
    }

    /// Reads the orientation from TIFF data held in an array.
    package static func orientation(in bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBytes { orientation(in: $0) }
    }
}
