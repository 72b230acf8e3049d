import CLiveAssetsCodecs
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A decoded image: straight 8-bit RGBA, upright (EXIF orientation applied unless asked not to).
public struct DecodedImage: Sendable, Hashable {
    /// The header facts of the file (stored size, orientation, ...).
    public var info: ImageInfo
    /// RGBA pixels; after orientation 5-8 the axes are swapped against `info.width`/`height`.
    public var pixels: PixelBuffer
    /// The JPEG DCT reduction used (1 = full size).
    public var scaleDenominator: Int
    /// The embedded ICC profile, to carry over when re-encoding.
    public var iccProfile: [UInt8]?

    /// Whether `pixels` were turned upright per the EXIF orientation.
    public var isUpright: Bool

    /// The width and height of the picture in `pixels`' units: the file's size over the DCT reduction.
    /// Below the pixel count when the reduction does not divide the size (a 227-pixel-wide JPEG at 1/2
    /// is 114 pixels, the last of them half a pixel of picture); hand it to `Resampler` so that the
    /// resize maps the picture, not the padding, onto the target. The partial pixel is the last one
    /// when the picture is as stored (`appliesOrientation: false`), which is how ``ImageFitter`` decodes.
    public var extent: SIMD2<Double> {
        let stored = SIMD2(Double(info.width), Double(info.height)) / Double(scaleDenominator)
        return isUpright && info.orientation.swapsAxes ? SIMD2(stored.y, stored.x) : stored
    }
}

/// Decodes PNG and JPEG through libpng and libjpeg-turbo into memory Swift owns.
///
/// ```swift
/// let image = try ImageDecoder.decode(path: "photo.jpg", options: .init(scaleDenominator: 4))
/// ```
public enum ImageDecoder {
    public struct Options: Sendable, Hashable {
        /// Images over these limits are refused after the header, before any pixel memory exists.
        public var limits: ImageLimits
        /// JPEG shrink-on-load: 1, 2, 4 or 8 (ignored for PNG). See ``scaleDenominator(width:height:atLeast:)``.
        public var scaleDenominator: Int
        /// Turn the pixels upright as the EXIF orientation says.
        public var appliesOrientation: Bool

        public init(limits: ImageLimits = .default, scaleDenominator: Int = 1, appliesOrientation: Bool = true) {
            self.limits = limits
            self.scaleDenominator = scaleDenominator
            self.appliesOrientation = appliesOrientation
        }
    }

    /// The largest JPEG DCT reduction (1, 2, 4 or 8) whose result is still at least `target` on both
    /// axes, so that resampling only ever shrinks.
    public static func scaleDenominator(width: Int, height: Int, atLeast target: PixelSize) -> Int {
        var best = 1
        for denominator in [2, 4, 8] {
            let w = (width + denominator - 1) / denominator, h = (height + denominator - 1) / denominator
            if w >= target.width && h >= target.height { best = denominator }
        }
        return best
    }

    /// Decodes the file at `path`.
    public static func decode(path: String, options: Options = Options()) throws(DecodeError) -> DecodedImage {
        let source = Source.file(path)
        return try decode(source, header: source.header(limits: options.limits), options: options)
    }

    /// Decodes image data held in memory; `name` stands for the file in errors.
    public static func decode(data: Data, name: String = "image data", options: Options = Options())
        throws(DecodeError) -> DecodedImage
    {
        let source = Source.data(data, name: name)
        return try decode(source, header: source.header(limits: options.limits), options: options)
    }

    /// Where encoded bytes come from: a file (read through a prefix and `pread`) or data in memory.
    package enum Source {
        case file(String)
        case data(Data, name: String)

        /// What errors call the input.
        var name: String {
            switch self {
            case .file(let path): path
            case .data(_, let name): name
            }
        }

        /// The header, read with `limits` (nothing is decoded).
        func header(limits: ImageLimits) throws(DecodeError) -> ImageInfo {
            do throws(ProbeError) {
                switch self {
                case .file(let path): return try ImageProbe.probe(path: path, options: .init(limits: limits))
                case .data(let data, let name): return try ImageProbe.probe(data: data, name: name, options: .init(limits: limits))
                }
            } catch {
                throw error.asDecodeError
            }
        }

        /// `body` given the bytes as the shim reads them: a prefix, then the descriptor (-1 for data).
        func read<T>(_ body: (UnsafeRawBufferPointer, Int32) -> Result<T, DecodeError>) throws(DecodeError) -> T {
            let result: Result<T, DecodeError>
            switch self {
            case .file(let path):
                do throws(ProbeError) {
                    result = try InputSource.withFile(path: path) { prefix, descriptor, _ in body(prefix, descriptor) }
                } catch {
                    throw error.asDecodeError
                }
            case .data(let data, _):
                result = data.withUnsafeBytes { body($0, -1) }
            }
            return try result.get()
        }
    }

    /// Decodes `source`, whose header was just read (the codec checks the size again).
    static func decode(_ source: Source, header info: ImageInfo, options: Options) throws(DecodeError) -> DecodedImage {
        let (pixels, icc) = try source.read { prefix, descriptor in
            decodePixels(info: info, file: source.name, prefix: prefix, descriptor: descriptor, options: options)
        }
        return try finish(info: info, pixels: pixels, icc: icc, file: source.name, options: options)
    }

    static func finish(info: ImageInfo, pixels: PixelBuffer, icc: [UInt8]?, file: String, options: Options)
        throws(DecodeError) -> DecodedImage
    {
        let denominator = info.format == .jpeg ? options.scaleDenominator : 1
        let upright: PixelBuffer
        do throws(PixelMemoryRefusal) {
            upright = options.appliesOrientation ? try pixels.oriented(info.orientation) : pixels
        } catch {
            throw .outOfMemory(file: file, bytes: error.bytes)
        }
        return DecodedImage(info: info, pixels: upright, scaleDenominator: denominator, iccProfile: icc,
                            isUpright: options.appliesOrientation)
    }

    /// Allocates the RGBA buffer from the header's size and lets the codec fill it in place.
    static func decodePixels(
        info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer, descriptor: Int32, options: Options
    ) -> Result<(PixelBuffer, [UInt8]?), DecodeError> {
        guard info.format.isSupported else { return .failure(.unsupportedFormat(file: file, format: info.format)) }
        guard info.isDecodable else {
            return .failure(.undecodable(file: file, format: info.format, reason: info.firstWarning ?? "unsupported encoding"))
        }
        if let changed = formatChange(info: info, file: file, prefix: prefix) { return .failure(changed) }
        let denominator = info.format == .jpeg ? options.scaleDenominator : 1
        guard [1, 2, 4, 8].contains(denominator) else {
            return .failure(.malformed(file: file, format: info.format, reason: "scale denominator \(denominator) is not 1, 2, 4 or 8"))
        }
        let width = (info.width + denominator - 1) / denominator, height = (info.height + denominator - 1) / denominator
        // Limits as large as the caller likes can let a header declare more bytes than an Int holds.
        let (pixelCount, overPixels) = width.multipliedReportingOverflow(by: height)
        let (capacity, overBytes) = pixelCount.multipliedReportingOverflow(by: 4)
        guard !overPixels && !overBytes else { return .failure(unaddressable(info: info, file: file)) }
        var input = lac_input(prefix: prefix.baseAddress?.assumingMemoryBound(to: UInt8.self),
                              prefix_length: prefix.count, fd: descriptor)
        let limits = options.limits
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
        samples.withUnsafeMutableBufferPointer { buffer in
            icc.withUnsafeMutableBufferPointer { profile in
                code = info.format == .png
                    ? lac_png_decode(&input, &cLimits, buffer.baseAddress, capacity, profile.baseAddress, profile.count,
                                     &header, &status)
                    : lac_jpeg_decode(&input, &cLimits, UInt32(denominator), buffer.baseAddress, capacity,
                                      profile.baseAddress, profile.count, &header, &status)
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
        return .success((PixelBuffer(width: width, height: height, layout: .rgba, samples: samples), profile))
    }
}

extension ImageDecoder {
    /// `.changed` when the bytes no longer start as the format the header was read in (the file was
    /// replaced by another kind of image between the two reads).
    static func formatChange(info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer) -> DecodeError? {
        ImageFormat(sniffing: UnsafeRawBufferPointer(rebasing: prefix.prefix(16))) == info.format
            ? nil : .changed(file: file, reason: "it is no longer a \(info.format.displayName) file")
    }

    /// A declared size whose pixels need more bytes than an Int holds (only limits raised far past the
    /// defaults let such a header through): over a limit, with the size it declares.
    static func unaddressable(info: ImageInfo, file: String) -> DecodeError {
        .overLimit(file: file, format: info.format,
                   reason: "it declares \(info.width)x\(info.height) pixels, more bytes than one pixel buffer can hold")
    }

    /// A failed codec call as a DecodeError.
    static func failure(_ code: lac_code, _ status: lac_status, _ header: lac_header, info: ImageInfo, file: String,
                        limits: ImageLimits) -> DecodeError {
        let reason = cString(status.message)
        switch code {
        case LAC_ERR_TRUNCATED: return .truncated(file: file, format: info.format)
        case LAC_ERR_UNSUPPORTED: return .undecodable(file: file, format: info.format, reason: reason)
        case LAC_ERR_NO_MEMORY: return .outOfMemory(file: file, bytes: status.refused_bytes > 0 ? Int(clamping: status.refused_bytes) : nil)
        case LAC_ERR_LIMIT: return .overLimit(file: file, format: info.format, reason: reason)
        case LAC_ERR_CHANGED: return .changed(file: file, reason: "it is now larger than \(info.width)x\(info.height)")
        case LAC_ERR_READ: return .unreadable(OpenFile.error(errno: status.sys_errno, path: file))
        case LAC_ERR_TOO_LARGE:
            return .unreadable(.tooLarge(file: file, format: info.format, width: Int(clamping: header.width),
                                         height: Int(clamping: header.height), limits: limits))
        default: return .malformed(file: file, format: info.format, reason: reason)
        }
    }

    /// The 16-bit PNG at `path` with its 16 bits kept (for filtering at full precision), turned upright.
    public static func decode16(path: String, options: Options = Options()) throws(DecodeError) -> WidePixelBuffer {
        let source = Source.file(path)
        let info = try source.header(limits: options.limits)
        guard info.format == .png && info.bitDepth == 16 else {
            throw .undecodable(file: path, format: info.format, reason: "it has \(info.bitDepth)-bit samples, not 16")
        }
        return try decodeWide(source, header: info, options: options).pixels
    }

    /// A 16-bit PNG decoded with its 16 bits, turned upright, and its ICC profile.
    static func decodeWide(_ source: Source, header info: ImageInfo, options: Options) throws(DecodeError)
        -> (pixels: WidePixelBuffer, iccProfile: [UInt8]?)
    {
        try source.read { prefix, descriptor in
            decodeWidePixels(info: info, file: source.name, prefix: prefix, descriptor: descriptor, options: options)
        }
    }

    /// The ICC profile's buffer (zeroed) and `count` samples, both asked of the system first: a refusal
    /// is this file's out-of-memory error, not the process's end.
    static func buffers<Sample: BitwiseCopyable>(_ sample: Sample.Type, count: Int, info: ImageInfo, file: String)
        -> Result<(icc: [UInt8], samples: [Sample]), DecodeError>
    {
        do throws(PixelMemoryRefusal) {
            return .success((try PixelMemory.zeroedArray(of: UInt8.self, count: info.iccProfileSize ?? 0),
                             try PixelMemory.uninitializedArray(of: Sample.self, count: count)))
        } catch {
            return .failure(.outOfMemory(file: file, bytes: error.bytes))
        }
    }

    static func decodeWidePixels(info: ImageInfo, file: String, prefix: UnsafeRawBufferPointer, descriptor: Int32,
                                 options: Options) -> Result<(pixels: WidePixelBuffer, iccProfile: [UInt8]?), DecodeError>
    {
        precondition(info.format == .png && info.bitDepth == 16)
        if let changed = formatChange(info: info, file: file, prefix: prefix) { return .failure(changed) }
        let (pixelCount, overPixels) = info.width.multipliedReportingOverflow(by: info.height)
        let (capacity, overSamples) = pixelCount.multipliedReportingOverflow(by: 4)
        let (_, overBytes) = capacity.multipliedReportingOverflow(by: MemoryLayout<UInt16>.stride)
        guard !overPixels && !overSamples && !overBytes else { return .failure(unaddressable(info: info, file: file)) }
        var icc: [UInt8], samples: [UInt16]
        switch buffers(UInt16.self, count: capacity, info: info, file: file) {
        case .success(let made): (icc, samples) = made
        case .failure(let error): return .failure(error)
        }
        var header = lac_header()
        var status = lac_status()
        var code = LAC_OK
        let limits = options.limits
        var cLimits = limits.codecLimits
        var input = lac_input(prefix: prefix.baseAddress?.assumingMemoryBound(to: UInt8.self), prefix_length: prefix.count,
                              fd: descriptor)
        samples.withUnsafeMutableBufferPointer { buffer in
            icc.withUnsafeMutableBufferPointer { profile in
                code = lac_png_decode16(&input, &cLimits, buffer.baseAddress, capacity * 2, profile.baseAddress,
                                        profile.count, &header, &status)
            }
        }
        guard code == LAC_OK else { return .failure(failure(code, status, header, info: info, file: file, limits: limits)) }
        guard Int(clamping: header.width) == info.width, Int(clamping: header.height) == info.height else {
            return .failure(.changed(file: file, reason: "it is no longer \(info.width)x\(info.height)"))
        }
        let pixels = WidePixelBuffer(width: info.width, height: info.height, samples: samples)
        let profile = header.icc_length > 0 && Int(clamping: header.icc_length) == icc.count ? icc : nil
        do throws(PixelMemoryRefusal) {
            return .success((options.appliesOrientation ? try pixels.oriented(info.orientation) : pixels, profile))
        } catch {
            return .failure(.outOfMemory(file: file, bytes: error.bytes))
        }
    }
}

extension ProbeError {
    /// A header problem as the decode stage reports it.
    var asDecodeError: DecodeError {
        if case .unsupportedFormat(let file, let format) = self { return .unsupportedFormat(file: file, format: format) }
        return .unreadable(self)
    }
}
