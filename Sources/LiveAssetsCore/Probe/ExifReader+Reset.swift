extension ExifReader {
    /// `bytes` (TIFF data, as a PNG eXIf chunk or a JPEG's EXIF APP1 segment after "Exif\0\0" holds it)
    /// made right for pixels turned upright: IFD0's orientation tag set to 1, and the link to IFD1 (the
    /// thumbnail, which would still be unturned) cut. Unchanged but for that link where there is no
    /// orientation tag. Nil where the data cannot be read that far: it is then not carried over at all.
    /// Every offset is checked against the bytes, as ``orientation(in:)`` checks them.
    package static func resettingOrientation(_ bytes: [UInt8]) -> [UInt8]? {
        var data = bytes
        guard data.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        func u16(_ offset: Int) -> Int {
            let a = Int(data[offset]), b = Int(data[offset + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ offset: Int) -> Int {
            let a = u16(offset), b = u16(offset + 2)
            return bigEndian ? a << 16 | b : b << 16 | a
        }
        func put16(_ value: Int, at offset: Int) {
            data[offset] = UInt8(truncatingIfNeeded: bigEndian ? value >> 8 : value)
            data[offset + 1] = UInt8(truncatingIfNeeded: bigEndian ? value : value >> 8)
        }
        guard u16(2) == 42 else { return nil }
        let ifd = u32(4)
        guard ifd >= 8, ifd + 2 <= data.count else { return nil }
        let declared = u16(ifd)
        let next = ifd + 2 + declared * 12
        guard next + 4 <= data.count else { return nil }
        for index in 0..<declared {
            let entry = ifd + 2 + index * 12
            guard u16(entry) == Int(orientationTag) else { continue }
            switch (u16(entry + 2), u32(entry + 4)) {
            case (3, 1):  // SHORT: the value in the field's first two bytes
                put16(1, at: entry + 8)
            case (4, 1):  // LONG
                put16(bigEndian ? 0 : 1, at: entry + 8)
                put16(bigEndian ? 1 : 0, at: entry + 10)
            default:
                return nil
            }
        }
        for offset in next..<next + 4 { data[offset] = 0 }  // no IFD1: no thumbnail
        return data
    }
}
