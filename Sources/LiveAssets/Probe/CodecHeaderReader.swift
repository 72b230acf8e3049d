#if !canImport(ImageIO)
import CLiveAssetsCodecs
import LiveAssetsCore

/// Hands the bytes to the C shim's header readers and turns what they report into ``ImageInfo`` or a
/// ``ProbeError``.
enum CodecHeaderReader {
    /// EXIF bytes kept per file: IFD0 sits at the start, so 64 KiB is more than orientation needs.
    static let exifCapacity = 65_536

    static func read(
        file: String, prefix: UnsafeRawBufferPointer, descriptor: Int32, fileSize: Int,
        options: ImageProbe.Options
    ) throws(ProbeError) -> ImageInfo {
        let format = try HeaderReader.format(of: prefix, name: file)
        if format == .heif {
            // No codec here reads HEIF: the Swift reader measures it from its boxes.
            var window = descriptor >= 0
                ? ByteWindow(source: OpenFile(borrowing: descriptor, size: fileSize, path: file), prefix: prefix)
                : ByteWindow(memory: prefix)
            return try HeaderReader.read(&window, name: file, limits: options.limits, findsTruncation: options.findsTruncation)
        }

        var input = lac_input(
            prefix: prefix.baseAddress?.assumingMemoryBound(to: UInt8.self), prefix_length: prefix.count,
            fd: descriptor)
        let limits = options.limits
        var cLimits = limits.codecLimits
        let mode = options.verifiesPixelData ? LAC_PROBE_VERIFY : LAC_PROBE_HEADER
        var header = lac_header()
        var status = lac_status()

        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: exifCapacity) {
            (exif) throws(ProbeError) -> ImageInfo in
            let code =
                switch format {
                case .png:
                    lac_png_read_header(
                        &input, &cLimits, mode, exif.baseAddress, exif.count, &header, &status)
                default:
                    lac_jpeg_read_header(
                        &input, &cLimits, mode, exif.baseAddress, exif.count, &header, &status)
                }
            guard code == LAC_OK else {
                throw error(code: code, status: status, header: header, file: file, format: format,
                            fileSize: fileSize, limits: limits)
            }
            let exifBytes = UnsafeRawBufferPointer(start: exif.baseAddress, count: Int(clamping: header.exif_length))
            var facts = info(header: header, status: status, exif: exifBytes, format: format, fileSize: fileSize)
            if options.findsTruncation {
                facts.truncation = try truncation(of: &input, format: format, header: header, file: file, fileSize: fileSize)
            }
            return facts
        }
    }

    /// Whether the data ends before its end marker, read on the descriptor already open: for PNG the chunk
    /// headers (one read of the last 12 bytes when they are IEND, as nearly always), for JPEG the last
    /// 256 bytes (64 KiB when those hold no EOI; the image data read forward to its EOI when those hold
    /// none either, as when a Motion Photo's MP4 follows). Nothing is decoded.
    static func truncation(
        of input: inout lac_input, format: ImageFormat, header: lac_header, file: String, fileSize: Int
    ) throws(ProbeError) -> Truncation? {
        var end = lac_end()
        var status = lac_status()
        let code =
            format == .png
            ? lac_png_find_end(&input, UInt64(clamping: fileSize), &end, &status)
            : lac_jpeg_find_end(&input, UInt64(clamping: fileSize), header.scan_offset, &end, &status)
        guard code == LAC_OK else {
            throw code == LAC_ERR_READ ? OpenFile.error(errno: status.sys_errno, path: file) : .outOfMemory(file: file)
        }
        guard end.truncated != 0 else { return nil }
        if format != .png { return .jpegMissingEOI(searched: Int(clamping: end.searched)) }
        guard end.chunk_cut != 0 else { return .pngMissingIEND(offset: Int(clamping: end.chunk_offset)) }
        let type = withUnsafeBytes(of: end.chunk_type) { Truncation.chunkTypeName($0.prefix(4)) }
        return .pngChunkCut(type: type, offset: Int(clamping: end.chunk_offset), declaredLength: Int(clamping: end.chunk_length))
    }

    static func info(
        header: lac_header, status: lac_status, exif: UnsafeRawBufferPointer, format: ImageFormat, fileSize: Int
    ) -> ImageInfo {
        var warningCount = Int(status.warnings)
        var firstWarning = warningCount > 0 ? cString(status.first_warning) : nil
        func warn(_ text: String) {
            warningCount += 1
            if firstWarning == nil { firstWarning = text }
        }

        var tagValue: Int?
        if header.exif_length > 0 {
            switch ExifReader.orientation(in: exif) {
            case .orientation(let value): tagValue = value
            case .noOrientationTag: break
            case .malformed(let problem): warn("EXIF data is unreadable (\(problem.description)); orientation taken as 1")
            }
        }

        var frameCount = 1
        var loopCount: Int?
        if header.is_apng != 0 {
            if header.apng_frames == 0 {
                warn("acTL declares 0 frames; the animation is ignored")
            } else {
                frameCount = Int(clamping: header.apng_frames)
                loopCount = Int(clamping: header.apng_plays)
            }
        }

        var info = ImageInfo(
            format: format, width: Int(clamping: header.width), height: Int(clamping: header.height),
            orientation: ExifOrientation(rawTagValue: tagValue), orientationTagValue: tagValue,
            bitDepth: Int(header.bit_depth), colorModel: colorModel(header.color),
            hasAlphaChannel: header.has_alpha_channel != 0, hasTransparencyChunk: header.has_trns != 0,
            isInterlaced: header.interlaced != 0, isProgressive: header.progressive != 0,
            isArithmeticCoded: header.arithmetic != 0, isChromaSubsampled: header.chroma_subsampled != 0,
            iccProfileSize: header.icc_length > 0 ? Int(clamping: header.icc_length) : nil,
            hasSRGBChunk: header.has_srgb != 0, sRGBRenderingIntent: header.has_srgb != 0 ? Int(header.srgb_intent) : nil,
            frameCount: frameCount, loopCount: loopCount,
            isDecodable: header.undecodable == 0, fileSize: fileSize, warningCount: warningCount,
            firstWarning: firstWarning)
        if header.gamma > 0 { info.gamma = Int(header.gamma) }
        if header.has_chromaticities != 0 {
            let c = header.chromaticities
            info.chromaticities = Chromaticities(values: [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7].map { Int($0) })
        }
        return info
    }

    static func error(
        code: lac_code, status: lac_status, header: lac_header, file: String, format: ImageFormat,
        fileSize: Int, limits: ImageLimits
    ) -> ProbeError {
        let message = cString(status.message)
        switch code {
        case LAC_ERR_READ:
            return OpenFile.error(errno: status.sys_errno, path: file)
        case LAC_ERR_TRUNCATED:
            return .truncated(file: file, format: format, fileSize: fileSize)
        case LAC_ERR_TOO_LARGE:
            return .tooLarge(file: file, format: format, width: Int(clamping: header.width), height: Int(clamping: header.height),
                             limits: limits)
        case LAC_ERR_UNSUPPORTED:
            return .undecodable(file: file, format: format, reason: message)
        case LAC_ERR_NO_MEMORY:
            return .outOfMemory(file: file)
        case LAC_ERR_LIMIT:
            return .overLimit(file: file, format: format, reason: message)
        default:
            return .malformed(file: file, format: format, reason: message)
        }
    }

    static func colorModel(_ value: UInt8) -> ColorModel {
        switch Int32(value) {
        case Int32(LAC_COLOR_GRAY.rawValue): .gray
        case Int32(LAC_COLOR_GRAY_ALPHA.rawValue): .grayAlpha
        case Int32(LAC_COLOR_PALETTE.rawValue): .palette
        case Int32(LAC_COLOR_RGB.rawValue): .rgb
        case Int32(LAC_COLOR_RGBA.rawValue): .rgba
        case Int32(LAC_COLOR_YCBCR.rawValue): .ycbcr
        case Int32(LAC_COLOR_CMYK.rawValue): .cmyk
        case Int32(LAC_COLOR_YCCK.rawValue): .ycck
        default: .unknown
        }
    }

    static var versions: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            lac_codec_versions(buffer.baseAddress, buffer.count)
            return String(cString: buffer.baseAddress!)
        }
    }
}
#endif
