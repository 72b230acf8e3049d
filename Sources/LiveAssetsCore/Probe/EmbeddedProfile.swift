import CZlib

/// The bytes of the ICC profile a PNG (its iCCP chunk) or a JPEG (its APP2 ICC_PROFILE segments) embeds,
/// read from the whole file in memory: what libpng and libjpeg hand the Linux decoder. It is for a
/// decoder that gets no profile bytes of its own. ImageIO gives the colour space it made of the profile,
/// or one it assumed where it could not use the profile.
package enum EmbeddedProfile {
    /// The profile of the `format` image in `file`, whose header reading gave it `size` bytes
    /// (``ImageInfo/iccProfileSize``: the probe's checks passed). Nil when it does not read back to that
    /// size.
    package static func bytes(in file: UnsafeRawBufferPointer, format: ImageFormat, size: Int) -> [UInt8]? {
        guard size > 0 else { return nil }
        switch format {
        case .png: return png(file, size: size)
        case .jpeg: return jpeg(file, size: size)
        default: return nil
        }
    }

    /// The first iCCP chunk before the image data, inflated to `size` bytes (libpng reads no more than
    /// the profile's header declares, and ignores what follows in the stream).
    private static func png(_ file: UnsafeRawBufferPointer, size: Int) -> [UInt8]? {
        var offset = 8
        while offset <= file.count - 12 {
            let length = file.bigEndian(at: offset, count: 4)
            let type = String(decoding: file[offset + 4 ..< offset + 8], as: UTF8.self)
            guard length <= file.count - offset - 12, type != "IDAT" else { return nil }
            if type == "iCCP" {
                let data = UnsafeRawBufferPointer(rebasing: file[offset + 8 ..< offset + 8 + length])
                // The keyword (1 to 79 bytes), its NUL, the compression method (0), then the zlib stream.
                guard let nul = data.prefix(80).firstIndex(of: 0), nul >= 1, nul + 2 <= data.count, data[nul + 1] == 0 else {
                    return nil
                }
                return inflate(UnsafeRawBufferPointer(rebasing: data[(nul + 2)...]), size: size)
            }
            offset += length + 12
        }
        return nil
    }

    /// `size` bytes of the zlib stream `stream`, or nil when it gives fewer.
    private static func inflate(_ stream: UnsafeRawBufferPointer, size: Int) -> [UInt8]? {
        guard let base = stream.baseAddress, stream.count <= Int(UInt32.max), size <= Int(UInt32.max) else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        var zstream = z_stream()
        // Window bits 0: the window size the stream's header gives, as libpng asks.
        guard inflateInit2_(&zstream, 0, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&zstream) }
        _ = output.withUnsafeMutableBufferPointer { buffer in
            zstream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
            zstream.avail_in = UInt32(stream.count)
            zstream.next_out = buffer.baseAddress
            zstream.avail_out = UInt32(size)
            return CZlib.inflate(&zstream, Z_FINISH)
        }
        // The whole profile came out. What follows it libpng does not read: more data, or an Adler-32 that
        // does not match (zlib's Z_DATA_ERROR once the output is full).
        return zstream.avail_out == 0 ? output : nil
    }

    /// The APP2 ICC_PROFILE segments before the first scan, joined in their sequence order (1 to their
    /// count), as libjpeg's `jpeg_read_icc_profile` joins them.
    private static func jpeg(_ file: UnsafeRawBufferPointer, size: Int) -> [UInt8]? {
        var pieces: [Int: UnsafeRawBufferPointer] = [:]
        var declared = 0
        var offset = 2
        while offset < file.count - 1 {
            // As libjpeg's next_marker: bytes before a marker are skipped (with a warning), as are fill bytes.
            guard file[offset] == 0xFF else { offset += 1; continue }
            var at = offset + 1
            while at < file.count, file[at] == 0xFF { at += 1 }
            guard at < file.count else { break }
            let marker = file[at]
            guard marker != 0xDA, marker != 0xD9 else { break }
            // FF 00 is no marker; RSTn, SOI and TEM have no length.
            if marker == 0x00 || (0xD0...0xD8).contains(marker) || marker == 0x01 { offset = at + 1; continue }
            guard at + 2 < file.count else { return nil }
            let length = file.bigEndian(at: at + 1, count: 2)
            guard length >= 2, length <= file.count - at - 1 else { return nil }
            let payload = UnsafeRawBufferPointer(rebasing: file[at + 3 ..< at + 1 + length])
            if marker == 0xE2, payload.count >= 14, payload.prefix(12).elementsEqual("ICC_PROFILE\0".utf8) {
                let sequence = Int(payload[12]), count = Int(payload[13])
                guard sequence >= 1, sequence <= count, declared == 0 || declared == count, pieces[sequence] == nil else { return nil }
                declared = count
                pieces[sequence] = UnsafeRawBufferPointer(rebasing: payload[14...])
            }
            offset = at + 1 + length
        }
        guard declared > 0, pieces.count == declared else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(size)
        for sequence in 1...declared { profile.append(contentsOf: pieces[sequence]!) }
        return profile.count == size ? profile : nil
    }
}

/// The check libpng makes of every critical chunk it reads as it decodes, the image data and IEND
/// included, which a header reading does not reach: its CRC.
package enum PNGChunkCRC {
    /// The type of the first critical chunk ("IDAT") whose CRC does not match its bytes, or nil. The walk
    /// stops at IEND, or where a chunk is not whole in `file` (truncation, which the header reports).
    package static func firstMismatch(in file: UnsafeRawBufferPointer) -> String? {
        guard let base = file.baseAddress else { return nil }
        var offset = 8
        while offset <= file.count - 12 {
            let length = file.bigEndian(at: offset, count: 4)
            // A length over 2^31 - 1 is libpng's error of its own, reported before any CRC.
            guard length < 0x8000_0000, length <= file.count - offset - 12 else { return nil }
            let typeBytes = file[offset + 4 ..< offset + 8]
            let type = Truncation.chunkTypeName(typeBytes)
            // Critical: the first letter's bit 5 clear (upper case).
            if typeBytes.first! & 0x20 == 0 {
                let computed = crc32(0, (base + offset + 4).assumingMemoryBound(to: UInt8.self), UInt32(length + 4))
                if UInt32(computed) != UInt32(file.bigEndian(at: offset + 8 + length, count: 4)) { return type }
            }
            if type == "IEND" { return nil }
            offset += length + 12
        }
        return nil
    }
}
