#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CZlib

/// An ICC profile put into PNG or JPEG bytes an encoder wrote without it, as libpng and libjpeg write it:
/// for ImageIO, which embeds only the profile of a colour space Core Graphics could make of it. A profile
/// Core Graphics cannot use is still one libpng writes as it is, so the ImageIO encoder writes the pixels
/// without it and adds it here. Plain byte work, run by the Linux tests.
package enum ProfileSplice {
    /// `png` with an iCCP chunk holding `profile` right after its IHDR chunk, named "ICC profile" and
    /// zlib-compressed, as libpng writes it; nil when `png` does not start with a whole IHDR chunk or the
    /// profile does not compress.
    package static func png(_ png: Data, iccProfile profile: [UInt8]) -> Data? {
        let bytes = [UInt8](png)
        // The 8-byte signature, then IHDR: 4 bytes of length (13), its type, 13 bytes of data, its CRC.
        let ihdrEnd = 8 + 12 + 13
        guard bytes.count >= ihdrEnd, bytes[12..<16].elementsEqual("IHDR".utf8), let compressed = deflate(profile) else {
            return nil
        }
        let data = Array("ICC profile".utf8) + [0, 0] + compressed
        guard data.count < 0x8000_0000 else { return nil }
        var chunk = bigEndian(UInt32(data.count)) + Array("iCCP".utf8) + data
        chunk += bigEndian(UInt32(chunk[4...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }))
        return Data(bytes[..<ihdrEnd] + chunk + bytes[ihdrEnd...])
    }

    /// `jpeg` with APP2 ICC_PROFILE segments holding `profile` after its SOI and any APP0 (JFIF) segment, as
    /// libjpeg's `jpeg_write_icc_profile` cuts it (65,519 bytes a segment, numbered from 1); nil when `jpeg`
    /// does not start with SOI or the profile needs more than 255 segments.
    package static func jpeg(_ jpeg: Data, iccProfile profile: [UInt8]) -> Data? {
        let bytes = [UInt8](jpeg)
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, !profile.isEmpty else { return nil }
        let perSegment = 65_533 - 14
        let count = (profile.count + perSegment - 1) / perSegment
        guard count <= 255 else { return nil }
        var at = 2
        if bytes[2] == 0xFF, bytes[3] == 0xE0, bytes.count >= 6 {
            at = min(bytes.count, 4 + Int(bytes[4]) << 8 + Int(bytes[5]))
        }
        var segments: [UInt8] = []
        for index in 0..<count {
            let piece = profile[index * perSegment ..< min(profile.count, (index + 1) * perSegment)]
            segments += [0xFF, 0xE2] + bigEndian(UInt16(2 + 14 + piece.count)) + Array("ICC_PROFILE\0".utf8)
                + [UInt8(index + 1), UInt8(count)] + piece
        }
        return Data(bytes[..<at] + segments + bytes[at...])
    }

    /// `bytes` as a zlib stream at zlib's default level (libpng's for text and profiles).
    private static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &size, $0.baseAddress, uLong($0.count), Z_DEFAULT_COMPRESSION) }
        }
        return status == Z_OK ? Array(output.prefix(Int(size))) : nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
