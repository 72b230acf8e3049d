#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encoders that write `PixelBuffer`s as PNG and JPEG: their settings, written by this platform's codecs
/// (libpng and libjpeg-turbo on Linux, ImageIO elsewhere).
package enum ImageEncoders {
    /// Writes PNG: 8-bit, the buffer's own channel layout.
    package struct PNG: Sendable {
        /// The row filters libpng may choose from (per row, the one whose output has the smallest sum
        /// of absolute values).
        package struct Filters: OptionSet, Sendable, Hashable {
            package let rawValue: Int32
            package init(rawValue: Int32) { self.rawValue = rawValue }
            /// Bytes as they are ("None" in the PNG specification).
            package static let noFilter = Filters(rawValue: 0x08)
            package static let sub = Filters(rawValue: 0x10)
            package static let up = Filters(rawValue: 0x20)
            package static let average = Filters(rawValue: 0x40)
            package static let paeth = Filters(rawValue: 0x80)
            /// All five: libpng's default for 8-bit gray and colour images (also what an empty set means).
            package static let all: Filters = [.noFilter, .sub, .up, .average, .paeth]
        }

        /// How zlib looks for repeats in the filtered rows.
        package enum Strategy: Int32, Sendable, Hashable, CaseIterable {
            /// Matches of any length, as for any data.
            case `default` = 0
            /// Favours literals over short matches (libpng's default for filtered rows).
            case filtered = 1
            /// No matches at all: Huffman coding of single bytes only.
            case huffmanOnly = 2
            /// Matches only of the byte just before (run lengths).
            case rle = 3
        }

        /// zlib compression level, 0 (none) to 9 (smallest).
        package var compressionLevel: Int
        /// The filters libpng may use (all five, chosen per row, by default).
        package var filters: Filters
        /// The zlib strategy. ``Strategy/rle`` by default: on filtered photos it comes within 0.4% of
        /// libpng's default (``Strategy/filtered``) at level 9 and on graphics below it, about four times
        /// faster than that default at level 6 (Benchmarks/README.md, "PNG settings").
        package var strategy: Strategy
        /// TIFF data for an eXIf chunk (orientation and the like), or nil.
        package var exif: [UInt8]?
        /// An ICC profile for an iCCP chunk, or nil.
        package var iccProfile: [UInt8]?
        /// An sRGB chunk's rendering intent (written when there is no profile), or nil.
        package var sRGBRenderingIntent: Int?
        /// A gAMA chunk's gamma (x 100,000) and a cHRM chunk's chromaticities, or nil: the source's.
        package var gamma: Int?
        package var chromaticities: Chromaticities?

        package init(compressionLevel: Int = 6, filters: Filters = .all, strategy: Strategy = .rle, exif: [UInt8]? = nil,
                    iccProfile: [UInt8]? = nil, sRGBRenderingIntent: Int? = nil) {
            self.compressionLevel = compressionLevel
            self.filters = filters
            self.strategy = strategy
            self.exif = exif
            self.iccProfile = iccProfile
            self.sRGBRenderingIntent = sRGBRenderingIntent
        }

        /// The PNG bytes for `image`.
        package func encode(_ image: PixelBuffer) throws(EncodeError) -> Data {
            try ImageCodecs.encoder.encode(image, as: self)
        }

        /// The PNG bytes for `image`, a palette PNG where the platform's encoder writes one.
        package func encode(_ image: IndexedPixels) throws(EncodeError) -> Data {
            try ImageCodecs.encoder.encode(image, as: self)
        }
    }

    /// Writes JPEG from gray, RGB or RGBA pixels (the alpha is ignored: JPEG has none, so RGBA should
    /// be opaque).
    package struct JPEG: Sendable {
        /// Quality, 1 to 100.
        package var quality: Int
        package var progressive: Bool
        /// 4:4:4 instead of 4:2:0 chroma.
        package var fullChroma: Bool
        /// TIFF data for an APP1 EXIF segment, or nil.
        package var exif: [UInt8]?
        /// An ICC profile for APP2, or nil.
        package var iccProfile: [UInt8]?

        package init(quality: Int = 90, progressive: Bool = false, fullChroma: Bool = false, exif: [UInt8]? = nil,
                    iccProfile: [UInt8]? = nil) {
            self.quality = quality
            self.progressive = progressive
            self.fullChroma = fullChroma
            self.exif = exif
            self.iccProfile = iccProfile
        }

        /// The JPEG bytes for `image`.
        package func encode(_ image: PixelBuffer) throws(EncodeError) -> Data {
            guard image.layout != .grayAlpha else {
                throw .unsupportedLayout(format: .jpeg, channels: image.layout.channels)
            }
            return try ImageCodecs.encoder.encode(image, as: self)
        }
    }
}
