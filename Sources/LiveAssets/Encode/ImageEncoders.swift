import CLiveAssetsCodecs
import Foundation

/// Encoders that write ``PixelBuffer``s through libpng and libjpeg-turbo.
public enum ImageEncoders {
    /// Writes PNG: 8-bit, the buffer's own channel layout.
    public struct PNG: Sendable {
        /// zlib compression level, 0 (none) to 9 (smallest).
        public var compressionLevel: Int
        /// TIFF data for an eXIf chunk (orientation and the like), or nil.
        public var exif: [UInt8]?
        /// An ICC profile for an iCCP chunk, or nil.
        public var iccProfile: [UInt8]?
        /// An sRGB chunk's rendering intent (written when there is no profile), or nil.
        public var sRGBRenderingIntent: Int?

        public init(compressionLevel: Int = 6, exif: [UInt8]? = nil, iccProfile: [UInt8]? = nil,
                    sRGBRenderingIntent: Int? = nil) {
            self.compressionLevel = compressionLevel
            self.exif = exif
            self.iccProfile = iccProfile
            self.sRGBRenderingIntent = sRGBRenderingIntent
        }

        /// The PNG bytes for `image`.
        public func encode(_ image: PixelBuffer) throws(EncodeError) -> Data {
            let exifBytes = exif ?? [], iccBytes = iccProfile ?? []
            return try ImageEncoders.run(.png, image) { pixels, output, status in
                exifBytes.withUnsafeBufferPointer { exif in
                    iccBytes.withUnsafeBufferPointer { icc in
                        lac_png_encode(pixels, Int32(max(0, min(9, compressionLevel))), exif.baseAddress, exif.count,
                                       icc.baseAddress, icc.count, Int32(sRGBRenderingIntent ?? -1), output, status)
                    }
                }
            }
        }
    }

    /// Writes JPEG from gray or RGB pixels.
    public struct JPEG: Sendable {
        /// Quality, 1 to 100.
        public var quality: Int
        public var progressive: Bool
        /// 4:4:4 instead of 4:2:0 chroma.
        public var fullChroma: Bool
        /// TIFF data for an APP1 EXIF segment, or nil.
        public var exif: [UInt8]?
        /// An ICC profile for APP2, or nil.
        public var iccProfile: [UInt8]?

        public init(quality: Int = 90, progressive: Bool = false, fullChroma: Bool = false, exif: [UInt8]? = nil,
                    iccProfile: [UInt8]? = nil) {
            self.quality = quality
            self.progressive = progressive
            self.fullChroma = fullChroma
            self.exif = exif
            self.iccProfile = iccProfile
        }

        /// The JPEG bytes for `image`.
        public func encode(_ image: PixelBuffer) throws(EncodeError) -> Data {
            guard image.layout == .gray || image.layout == .rgb else {
                throw .unsupportedLayout(format: .jpeg, layout: image.layout)
            }
            let exifBytes = exif ?? [], iccBytes = iccProfile ?? []
            return try ImageEncoders.run(.jpeg, image) { pixels, output, status in
                exifBytes.withUnsafeBufferPointer { exif in
                    iccBytes.withUnsafeBufferPointer { icc in
                        lac_jpeg_encode(pixels, Int32(max(1, min(100, quality))), progressive ? 1 : 0,
                                        fullChroma ? 1 : 0, exif.baseAddress, exif.count, icc.baseAddress, icc.count,
                                        output, status)
                    }
                }
            }
        }
    }

    /// Calls an encoder of the shim and copies its output into Data.
    static func run(
        _ format: ImageFormat, _ image: PixelBuffer,
        _ encode: (UnsafePointer<lac_pixels>, UnsafeMutablePointer<lac_buffer>, UnsafeMutablePointer<lac_status>)
            -> lac_code
    ) throws(EncodeError) -> Data {
        var output = lac_buffer()
        var status = lac_status()
        let code = image.samples.withUnsafeBufferPointer { samples in
            var pixels = lac_pixels(
                pixels: samples.baseAddress, width: UInt32(image.width), height: UInt32(image.height),
                row_stride: image.rowStride, channels: UInt8(image.layout.channels))
            return encode(&pixels, &output, &status)
        }
        defer { lac_buffer_free(&output) }
        switch code {
        case LAC_OK: return Data(bytes: output.data, count: output.length)
        case LAC_ERR_NO_MEMORY: throw .outOfMemory
        default: throw .codecFailed(format: format, reason: cString(status.message))
        }
    }
}
