#if !canImport(ImageIO)
import CLiveAssetsCodecs
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes through libpng and libjpeg-turbo (the C shim): the file's first bytes, already read for its
/// header, then its descriptor, read on from there; the pixels go straight into the buffer they are
/// returned in.
package struct LibraryDecoder: ImageDecoding {
    package init() {}

    package func decode(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<PixelBuffer>
    {
        try source.read { prefix, descriptor in
            decodePixels(info: info, file: source.name, prefix: prefix, descriptor: descriptor, denominator: denominator,
                         limits: limits)
        }
    }

    package func decodeWide(_ source: ImageDecoder.Source, info: ImageInfo, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<WidePixelBuffer>
    {
        try source.read { prefix, descriptor in
            decodeWidePixels(info: info, file: source.name, prefix: prefix, descriptor: descriptor, limits: limits)
        }
    }

    /// Allocates the pixel buffer from the header's size and layout and lets the codec fill it in place.
    func decodePixels(
        info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer, descriptor: Int32, denominator: Int, limits: ImageLimits
    ) -> Result<CodecImage<PixelBuffer>, DecodeError> {
        if let changed = formatChange(info: info, file: file, prefix: prefix) { return .failure(changed) }
        let width = (info.width + denominator - 1) / denominator, height = (info.height + denominator - 1) / denominator
        let layout = info.decodedLayout
        // Limits as large as the caller likes can let a header declare more bytes than an Int holds.
        let (pixelCount, overPixels) = width.multipliedReportingOverflow(by: height)
        let (capacity, overBytes) = pixelCount.multipliedReportingOverflow(by: layout.channels)
        guard !overPixels && !overBytes else { return .failure(ImageDecoder.unaddressable(info: info, file: file)) }
        var input = lac_input(prefix: prefix.baseAddress?.assumingMemoryBound(to: UInt8.self),
                              prefix_length: prefix.count, fd: descriptor)
        var cLimits = limits.codecLimits
        var header = lac_header()
        var status = lac_status()
        var code = LAC_OK
        // The pixel memory is asked of the system first: a refusal is this file's error, not the process's end.
        var icc: [UInt8], samples: [UInt8]
        switch buffers(UInt8.self, count: capacity, info: info, file: file) {
        case .success(let made): (icc, samples) = made
        case .failure(let error): return .failure(error)
        }
        var exif = [UInt8](repeating: 0, count: Self.exifCapacity)
        samples.withUnsafeMutableBufferPointer { buffer in
            icc.withUnsafeMutableBufferPointer { profile in
                exif.withUnsafeMutableBufferPointer { tiff in
                    code = info.format == .png
                        ? lac_png_decode(&input, &cLimits, buffer.baseAddress, capacity, UInt32(layout.channels),
                                         profile.baseAddress, profile.count, tiff.baseAddress, tiff.count, &header, &status)
                        : lac_jpeg_decode(&input, &cLimits, UInt32(denominator), buffer.baseAddress, capacity,
                                          UInt32(layout.channels), profile.baseAddress, profile.count, tiff.baseAddress, tiff.count,
                                          &header, &status)
                }
            }
        }
        guard code == LAC_OK else {
            return .failure(failure(code, status, header, info: info, file: file, limits: limits))
        }
        guard Int(clamping: header.width) == width, Int(clamping: header.height) == height else {
            return .failure(.changed(file: file, reason: "it is no longer \(info.width)x\(info.height)"))
        }
        // The profile as the codec validated it (a profile libpng or libjpeg rejected is not carried over).
        let profile = header.icc_length > 0 && Int(clamping: header.icc_length) == icc.count ? icc : nil
        return .success(CodecImage(pixels: PixelBuffer(width: width, height: height, layout: layout, samples: samples),
                                   iccProfile: profile, exif: Self.whole(exif, length: header.exif_length)))
    }

    /// The most EXIF data a decode takes (a JPEG APP1 segment holds at most 65,533 bytes).
    static let exifCapacity = 65_536

    /// The EXIF bytes a codec copied into `buffer`, where it holds them whole (`length` below the
    /// buffer's size: one that filled it may have been cut, and cut TIFF data is not carried).
    static func whole(_ buffer: [UInt8], length: UInt32) -> [UInt8]? {
        let count = Int(clamping: length)
        return count > 0 && count < buffer.count ? Array(buffer.prefix(count)) : nil
    }

    /// `.changed` when the bytes no longer start as the format the header was read in (the file was
    /// replaced by another kind of image between the two reads).
    func formatChange(info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer) -> DecodeError? {
        ImageFormat(sniffing: UnsafeRawBufferPointer(rebasing: prefix.prefix(16))) == info.format
            ? nil : .changed(file: file, reason: "it is no longer a \(info.format.displayName) file")
    }

    /// A failed codec call as a DecodeError.
    func failure(_ code: lac_code, _ status: lac_status, _ header: lac_header, info: ImageInfo, file: String,
                        limits: ImageLimits) -> DecodeError {
        let reason = cString(status.message)
        switch code {
        case LAC_ERR_TRUNCATED: return .truncated(file: file, format: info.format)
        case LAC_ERR_UNSUPPORTED: return .undecodable(file: file, format: info.format, reason: reason)
        case LAC_ERR_NO_MEMORY: return .outOfMemory(file: file, bytes: status.refused_bytes > 0 ? Int(clamping: status.refused_bytes) : nil)
        case LAC_ERR_LIMIT: return .overLimit(file: file, format: info.format, reason: reason)
        case LAC_ERR_CHANGED:
            // Its size, or at the size its header gave, whether it is gray (and has alpha).
            let width = Int(clamping: header.width), height = Int(clamping: header.height)
            if width > info.width || height > info.height {
                return .changed(file: file, reason: "it is now larger than \(info.width)x\(info.height)")
            }
            if width != info.width || height != info.height {
                return .changed(file: file, reason: "it is no longer \(info.width)x\(info.height)")
            }
            return .changed(file: file, reason: info.decodedLayout == .grayAlpha ? "it is no longer gray with alpha"
                                                : info.decodedLayout == .gray ? "it is no longer gray without alpha"
                                                : "its colour type is not the one its header gave")
        case LAC_ERR_READ: return .unreadable(OpenFile.error(errno: status.sys_errno, path: file))
        case LAC_ERR_TOO_LARGE:
            return .unreadable(.tooLarge(file: file, format: info.format, width: Int(clamping: header.width),
                                         height: Int(clamping: header.height), limits: limits))
        default: return .malformed(file: file, format: info.format, reason: reason)
        }
    }

    /// The ICC profile's buffer (zeroed) and `count` samples, both asked of the system first: a refusal
    /// is this file's out-of-memory error, not the process's end.
    func buffers<Sample: BitwiseCopyable>(_ sample: Sample.Type, count: Int, info: ImageInfo, file: String)
        -> Result<(icc: [UInt8], samples: [Sample]), DecodeError>
    {
        do throws(PixelMemoryRefusal) {
            return .success((try PixelMemory.zeroedArray(of: UInt8.self, count: info.iccProfileSize ?? 0),
                             try PixelMemory.uninitializedArray(of: Sample.self, count: count)))
        } catch {
            return .failure(.outOfMemory(file: file, bytes: error.bytes))
        }
    }

    func decodeWidePixels(info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer, descriptor: Int32,
                          limits: ImageLimits) -> Result<CodecImage<WidePixelBuffer>, DecodeError>
    {
        if let changed = formatChange(info: info, file: file, prefix: prefix) { return .failure(changed) }
        let layout = info.decodedLayout
        let (pixelCount, overPixels) = info.width.multipliedReportingOverflow(by: info.height)
        let (capacity, overSamples) = pixelCount.multipliedReportingOverflow(by: layout.channels)
        let (_, overBytes) = capacity.multipliedReportingOverflow(by: MemoryLayout<UInt16>.stride)
        guard !overPixels && !overSamples && !overBytes else { return .failure(ImageDecoder.unaddressable(info: info, file: file)) }
        var icc: [UInt8], samples: [UInt16]
        switch buffers(UInt16.self, count: capacity, info: info, file: file) {
        case .success(let made): (icc, samples) = made
        case .failure(let error): return .failure(error)
        }
        var header = lac_header()
        var status = lac_status()
        var code = LAC_OK
        var cLimits = limits.codecLimits
        var input = lac_input(prefix: prefix.baseAddress?.assumingMemoryBound(to: UInt8.self), prefix_length: prefix.count,
                              fd: descriptor)
        var exif = [UInt8](repeating: 0, count: Self.exifCapacity)
        samples.withUnsafeMutableBufferPointer { buffer in
            icc.withUnsafeMutableBufferPointer { profile in
                exif.withUnsafeMutableBufferPointer { tiff in
                    code = lac_png_decode16(&input, &cLimits, buffer.baseAddress, capacity * 2, UInt32(layout.channels),
                                            profile.baseAddress, profile.count, tiff.baseAddress, tiff.count, &header, &status)
                }
            }
        }
        guard code == LAC_OK else { return .failure(failure(code, status, header, info: info, file: file, limits: limits)) }
        guard Int(clamping: header.width) == info.width, Int(clamping: header.height) == info.height else {
            return .failure(.changed(file: file, reason: "it is no longer \(info.width)x\(info.height)"))
        }
        let profile = header.icc_length > 0 && Int(clamping: header.icc_length) == icc.count ? icc : nil
        return .success(CodecImage(pixels: WidePixelBuffer(width: info.width, height: info.height, layout: layout, samples: samples),
                                   iccProfile: profile, exif: Self.whole(exif, length: header.exif_length)))
    }
}
#endif
