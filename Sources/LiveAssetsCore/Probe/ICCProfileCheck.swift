import CZlib

/// The checks libpng 1.6 makes of an iCCP chunk's profile as it inflates it (`png_icc_check_length`,
/// `png_icc_check_header`, `png_icc_check_tag_table`, then `png_compare_ICC_profile_with_sRGB`), in its
/// order and over the same three requests to zlib: the 132-byte header, the tag table, the rest.
enum ICCProfileCheck {
    /// A profile that passed.
    struct Profile {
        var length: Int
        /// The rendering intent, when the profile is one of the known sRGB profiles.
        var sRGBIntent: Int?
    }

    /// A known sRGB profile: libpng's `png_sRGB_checks` table. The MD5 is the profile ID at byte 84,
    /// all zero for the profiles written before there was one.
    private struct KnownProfile {
        var adler: UInt32, crc: UInt32, md5: [UInt32], intent: Int, length: Int
    }

    private static let knownSRGB: [KnownProfile] = [
        KnownProfile(adler: 0x0A3F_D9F6, crc: 0x3B87_72B9, md5: [0x29F8_3DDE, 0xAFF2_55AE, 0x7842_FAE4, 0xCA83_390D],
                     intent: 0, length: 3048),  // sRGB_IEC61966-2-1_black_scaled.icc
        KnownProfile(adler: 0x4909_E5E1, crc: 0x427E_BB21, md5: [0xC95B_D637, 0xE95D_8A3B, 0x0DF3_8F99, 0xC132_0389],
                     intent: 1, length: 3052),  // sRGB_IEC61966-2-1_no_black_scaling.icc
        KnownProfile(adler: 0xFD21_44A1, crc: 0x306F_D8AE, md5: [0xFC66_3378, 0x37E2_886B, 0xFD72_E983, 0x8228_F1B8],
                     intent: 0, length: 60988),  // sRGB_v4_ICC_preference_displayclass.icc
        KnownProfile(adler: 0x209C_35D2, crc: 0xBBEF_7812, md5: [0x3456_2ABF, 0x994C_CD06, 0x6D2C_5721, 0xD0D6_8C5D],
                     intent: 0, length: 60960),  // sRGB_v4_ICC_preference.icc
        KnownProfile(adler: 0xA054_D762, crc: 0x5D51_29CE, md5: [0, 0, 0, 0], intent: 1, length: 3024),  // sRGB_IEC61966-2-1_noBPC.icc
        KnownProfile(adler: 0xF784_F3FB, crc: 0x182E_A552, md5: [0, 0, 0, 0], intent: 0, length: 3144),  // HP-Microsoft, perceptual
        KnownProfile(adler: 0x0398_F3FC, crc: 0xF29E_526D, md5: [0, 0, 0, 0], intent: 1, length: 3144),  // HP-Microsoft, media-relative
    ]

    /// The longest profile libpng reads: the probe's chunk allocation limit (`png_set_chunk_malloc_max`,
    /// 8 MiB), which `png_icc_check_length` applies.
    static let maximumLength = 8 << 20

    /// Reads the profile from `stream`: nil when a check fails; throws when the stream gives out first.
    static func read(_ stream: inout ZlibStream, _ window: inout ByteWindow, colorType: Int) throws(ZlibStream.Failure)
        -> Profile?
    {
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: 132, alignment: 1)
        defer { header.deallocate() }
        try stream.read(into: header, finish: false, &window)
        func word(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }

        let length = word(0), tagCount = word(128)
        guard length >= 132, length <= maximumLength, header[8] <= 3 || length & 3 == 0 else { return nil }
        guard tagCount <= 357_913_930, length >= 132 + 12 * tagCount else { return nil }
        let intent = word(64)
        guard intent < 0xFFFF, word(36) == 0x6163_7370 else { return nil }  // 'acsp'
        switch word(16) {
        case 0x5247_4220: guard colorType & 2 != 0 else { return nil }  // 'RGB '
        case 0x4752_4159: guard colorType & 2 == 0 else { return nil }  // 'GRAY'
        default: return nil
        }
        guard word(12) != 0x6162_7374, word(12) != 0x6C69_6E6B else { return nil }  // 'abst', 'link'
        guard word(20) == 0x5859_5A20 || word(20) == 0x4C61_6220 else { return nil }  // 'XYZ ', 'Lab '

        // The whole profile, as libpng reads it into one buffer (at most the 8 MiB limit above).
        let profile = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
        defer { profile.deallocate() }
        profile.copyMemory(from: UnsafeRawBufferPointer(header))
        let table = 132..<132 + 12 * tagCount
        try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: profile[table]), finish: false, &window)
        for entry in stride(from: table.lowerBound, to: table.upperBound, by: 12) {
            let start = profile[entry + 4..<entry + 8].reduce(0) { $0 << 8 | Int($1) }
            let size = profile[entry + 8..<entry + 12].reduce(0) { $0 << 8 | Int($1) }
            guard start <= length, size <= length - start else { return nil }
        }
        try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: profile[table.upperBound...]), finish: true, &window)

        // The first known sRGB profile with this ID, length and intent is the only one compared.
        let md5 = [word(84), word(88), word(92), word(96)].map(UInt32.init)
        guard let candidate = knownSRGB.first(where: { $0.md5 == md5 && $0.length == length && $0.intent == intent }) else {
            return Profile(length: length, sRGBIntent: nil)
        }
        let bytes = profile.bindMemory(to: UInt8.self)
        let adler = adler32(adler32(0, nil, 0), bytes.baseAddress, UInt32(length))
        let crc = crc32(crc32(0, nil, 0), bytes.baseAddress, UInt32(length))
        let isSRGB = UInt32(adler) == candidate.adler && UInt32(crc) == candidate.crc
        return Profile(length: length, sRGBIntent: isSRGB ? intent : nil)
    }
}
