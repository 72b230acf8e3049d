import Foundation

/// Hand-built image bytes for tests: exact, tiny, and free to be made wrong on purpose.
package enum ImageBytes {
    /// A PNG with stored (uncompressed) deflate blocks. `pixels` are the raw scanline bytes without
    /// filter bytes; zeros when nil. `extraImageData` zero bytes follow the rows in the zlib stream.
    package static func png(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6, pixels: [UInt8]? = nil,
        chunksBeforeIDAT: [(String, [UInt8])] = [], omitIDAT: Bool = false, extraImageData: Int = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
        for (type, data) in chunksBeforeIDAT { bytes += chunk(type, data) }
        if !omitIDAT {
            let channels: Int = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 4
            let rowBytes = (Int(width) * channels * Int(bitDepth) + 7) / 8
            let source = pixels ?? [UInt8](repeating: 0, count: rowBytes * Int(height))
            var raw: [UInt8] = []
            for row in 0..<Int(height) {
                raw.append(0)
                raw += source[row * rowBytes..<(row + 1) * rowBytes]
            }
            bytes += chunk("IDAT", zlibStored(raw + [UInt8](repeating: 0, count: extraImageData)))
        }
        bytes += chunk("IEND", [])
        return bytes
    }

    /// A PNG chunk: length, type, data, CRC.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    /// A JPEG made of markers only: SOI, the given segments, SOF0 and an SOS header, then EOI. Enough
    /// for `jpeg_read_header`; not decodable.
    package static func jpegHeader(
        width: UInt16, height: UInt16, components: UInt8 = 3, segments: [[UInt8]] = [], precision: UInt8 = 8,
        frameMarker: UInt8 = 0xC0, spectralEnd: UInt8 = 63, subsampled: Bool = true
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments { bytes += segment }
        var sof: [UInt8] = [precision] + be16(height) + be16(width) + [components]
        for id in 1...components { sof += [id, id == 1 && subsampled ? 0x22 : 0x11, 0] }
        bytes += marker(frameMarker, sof)
        var sos: [UInt8] = [components]
        for id in 1...components { sos += [id, 0x00] }
        sos += [0, spectralEnd, 0]
        bytes += marker(0xDA, sos)
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// An ISOBMFF box: size, type, payload.
    package static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(payload.count + 8)) + Array(type.utf8) + payload
    }

    /// How a HEIF's mdat box states its size.
    package enum BoxSize: Sendable { case plain, large, toEnd }

    /// A HEIF file as an iPhone writes one, reduced to what a header reader needs: ftyp, a meta box whose
    /// primary item (1) has an `ispe` size and, when given, `irot` (anticlockwise quarter turns) and
    /// `imir` (axis) transforms (`mirrorFirst` lists imir before irot) and an ICC profile, and an mdat of
    /// `imageData` bytes. `alpha` adds item 2, an alpha image referring to item 1 by `auxl`;
    /// `version1` writes pitm, ipma and iref with 32-bit item ids and ipma with 16-bit entries.
    package static func heif(width: UInt32, height: UInt32, rotation: UInt8? = nil, mirrorAxis: UInt8? = nil,
                            mirrorFirst: Bool = false, iccProfile: Int? = nil, alpha: Bool = false,
                            version1: Bool = false, mdat: BoxSize = .plain, imageData: Int = 1000) -> [UInt8] {
        let versionAndFlags: [UInt8] = version1 ? [1, 0, 0, 1] : [0, 0, 0, 0]
        func id(_ value: UInt32) -> [UInt8] { version1 ? be32(value) : be16(UInt16(value)) }
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let hdlr = box("hdlr", [0, 0, 0, 0] + be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = box("pitm", (version1 ? [1, 0, 0, 0] : [0, 0, 0, 0]) + id(1))
        var properties = [box("ispe", [0, 0, 0, 0] + be32(width) + be32(height))]
        var transforms: [[UInt8]] = []
        if let rotation { transforms.append(box("irot", [rotation])) }
        if let mirrorAxis { transforms.append(box("imir", [mirrorAxis])) }
        properties += mirrorFirst ? transforms.reversed() : transforms
        if let iccProfile { properties.append(box("colr", Array("prof".utf8) + [UInt8](repeating: 0x11, count: iccProfile))) }
        func association(_ index: Int) -> [UInt8] { version1 ? be16(UInt16(0x8000 | index)) : [UInt8(0x80 | index)] }
        var entries = id(1) + [UInt8(properties.count)] + (1...properties.count).flatMap(association)
        var references: [UInt8] = []
        if alpha {
            properties.append(box("auxC", [0, 0, 0, 0] + Array("urn:mpeg:hevc:2015:auxid:1".utf8) + [0]))
            entries += id(2) + [2] + association(1) + association(properties.count)
            references = box("iref", (version1 ? [1, 0, 0, 0] : [0, 0, 0, 0]) + box("auxl", id(2) + be16(1) + id(1)))
        }
        let ipma = box("ipma", versionAndFlags + be32(alpha ? 2 : 1) + entries)
        let meta = box("meta", [0, 0, 0, 0] + hdlr + pitm + references + box("iprp", box("ipco", properties.flatMap { $0 }) + ipma))
        let data = [UInt8](repeating: 0x42, count: imageData)
        let mdatBox: [UInt8] = switch mdat {
        case .plain: box("mdat", data)
        case .large: be32(1) + Array("mdat".utf8) + be32(0) + be32(UInt32(data.count + 16)) + data
        case .toEnd: be32(0) + Array("mdat".utf8) + data
        }
        return ftyp + meta + mdatBox
    }

    /// A JPEG marker segment with its length.
    package static func marker(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, code] + be16(UInt16(payload.count + 2)) + payload
    }

    /// An APP1 EXIF segment holding `tiff`.
    package static func exifSegment(_ tiff: [UInt8]) -> [UInt8] {
        marker(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// TIFF data with IFD0 holding the given entries (tag, type, count, 4-byte value field).
    package static func tiff(bigEndian: Bool, entries: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)])
        -> [UInt8]
    {
        let u16 = { (v: UInt16) in bigEndian ? be16(v) : Array(be16(v).reversed()) }
        let u32 = { (v: UInt32) in bigEndian ? be32(v) : Array(be32(v).reversed()) }
        var bytes: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += u16(42) + u32(8) + u16(UInt16(entries.count))
        for entry in entries {
            bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count)
            // SHORT values sit left-justified in the value field.
            bytes += entry.type == 3 ? u16(UInt16(entry.value)) + [0, 0] : u32(entry.value)
        }
        bytes += u32(0)
        return bytes
    }

    /// TIFF data with one orientation entry.
    package static func orientationTIFF(_ value: UInt16, bigEndian: Bool = false) -> [UInt8] {
        tiff(bigEndian: bigEndian, entries: [(0x0112, 3, 1, UInt32(value))])
    }

    package static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    package static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(b << 16 | a)
    }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return ~crc
        }
    }
}
