#if !canImport(ImageIO)
import CLiveAssetsCodecs
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes through libpng and libjpeg-turbo (the C shim).
package struct LibraryEncoder: ImageEncoding {
    package init() {}

    /// libpng writes at the zlib level and strategy it is given.
    package var honoursCompressionLevel: Bool { true }

    /// libpng writes palette PNGs.
    package var writesPalettes: Bool { true }

    package func encode(_ image: PixelBuffer, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data {
        let exifBytes = settings.exif ?? [], iccBytes = settings.iccProfile ?? []
        var cSettings = Self.cSettings(settings)
        return try run(.png, image) { pixels, output, status in
            exifBytes.withUnsafeBufferPointer { exif in
                iccBytes.withUnsafeBufferPointer { icc in
                    lac_png_encode(pixels, &cSettings, exif.baseAddress, exif.count, icc.baseAddress, icc.count,
                                   Int32(settings.sRGBRenderingIntent ?? -1), output, status)
                }
            }
        }
    }

    /// A palette PNG: one index byte a pixel, packed by libpng to the fewest bits that hold them.
    package func encode(_ image: IndexedPixels, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data {
        let exifBytes = settings.exif ?? [], iccBytes = settings.iccProfile ?? []
        return try image.palette.withUnsafeBufferPointer { (palette) throws(EncodeError) -> Data in
            var cSettings = Self.cSettings(settings)
            cSettings.palette = palette.baseAddress
            cSettings.palette_count = Int32(image.count)
            return try run(.png, image.indices) { pixels, output, status in
                exifBytes.withUnsafeBufferPointer { exif in
                    iccBytes.withUnsafeBufferPointer { icc in
                        lac_png_encode(pixels, &cSettings, exif.baseAddress, exif.count, icc.baseAddress, icc.count,
                                       Int32(settings.sRGBRenderingIntent ?? -1), output, status)
                    }
                }
            }
        }
    }

    static func cSettings(_ settings: ImageEncoders.PNG) -> lac_png_settings {
        var c = lac_png_settings()
        c.compression_level = Int32(max(0, min(9, settings.compressionLevel)))
        c.filters = settings.filters.rawValue & ImageEncoders.PNG.Filters.all.rawValue  // 0: libpng's default, all five
        c.strategy = settings.strategy.rawValue
        if let gamma = settings.gamma, gamma > 0, gamma <= Int(Int32.max) { c.gamma = UInt32(gamma) }
        if let values = settings.chromaticities?.values, values.allSatisfy({ (0...Int(Int32.max)).contains($0) }) {
            c.has_chromaticities = 1
            c.chromaticities = (UInt32(values[0]), UInt32(values[1]), UInt32(values[2]), UInt32(values[3]),
                                UInt32(values[4]), UInt32(values[5]), UInt32(values[6]), UInt32(values[7]))
        }
        return c
    }

    package func encode(_ image: PixelBuffer, as settings: ImageEncoders.JPEG) throws(EncodeError) -> Data {
        let exifBytes = settings.exif ?? [], iccBytes = settings.iccProfile ?? []
        return try run(.jpeg, image) { pixels, output, status in
            exifBytes.withUnsafeBufferPointer { exif in
                iccBytes.withUnsafeBufferPointer { icc in
                    lac_jpeg_encode(pixels, Int32(max(1, min(100, settings.quality))), settings.progressive ? 1 : 0,
                                    settings.fullChroma ? 1 : 0, exif.baseAddress, exif.count, icc.baseAddress, icc.count,
                                    output, status)
                }
            }
        }
    }

    /// Calls an encoder of the shim and copies its output into Data.
    func run(
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
#endif
