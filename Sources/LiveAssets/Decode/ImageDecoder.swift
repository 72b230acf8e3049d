#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A decoded image: straight-alpha 8-bit pixels, upright (EXIF orientation applied unless asked not to);
/// RGBA, or gray (with alpha when it has any) for a gray image as libpng and libjpeg decode it (see
/// ``ImageInfo/decodedLayout``; the ImageIO decoder gives the same layouts).
package struct DecodedImage: Sendable, Hashable {
    /// The header facts of the file (stored size, orientation, ...).
    package var info: ImageInfo
    /// The pixels; after orientation 5-8 the axes are swapped against `info.width`/`height`.
    package var pixels: PixelBuffer
    /// The JPEG DCT reduction used (1 = full size).
    package var scaleDenominator: Int
    /// The embedded ICC profile, to carry over when re-encoding.
    package var iccProfile: [UInt8]?
    /// The EXIF data (TIFF) the codec handed over, to carry over (orientation reset) when re-encoding.
    package var exif: [UInt8]?

    /// Whether `pixels` were turned upright per the EXIF orientation.
    package var isUpright: Bool

    /// The width and height of the picture in `pixels`' units: the file's size over the DCT reduction.
    /// Below the pixel count when the reduction does not divide the size (a 227-pixel-wide JPEG at 1/2
    /// is 114 pixels, the last of them half a pixel of picture); hand it to `Resampler` so that the
    /// resize maps the picture, not the padding, onto the target. The partial pixel is the last one
    /// when the picture is as stored (`appliesOrientation: false`), which is how ``ImageFitter`` decodes.
    package var extent: SIMD2<Double> {
        let stored = SIMD2(Double(info.width), Double(info.height)) / Double(scaleDenominator)
        return isUpright && info.orientation.swapsAxes ? SIMD2(stored.y, stored.x) : stored
    }
}

/// Decodes PNG and JPEG through libpng and libjpeg-turbo into memory Swift owns.
///
/// ```swift
/// let image = try ImageDecoder.decode(path: "photo.jpg", options: .init(scaleDenominator: 4))
/// ```
package enum ImageDecoder {
    package struct Options: Sendable, Hashable {
        /// Images over these limits are refused after the header, before any pixel memory exists.
        package var limits: ImageLimits
        /// JPEG shrink-on-load: 1, 2, 4 or 8 (ignored for PNG). See ``scaleDenominator(width:height:atLeast:)``.
        package var scaleDenominator: Int
        /// Turn the pixels upright as the EXIF orientation says.
        package var appliesOrientation: Bool

        package init(limits: ImageLimits = .default, scaleDenominator: Int = 1, appliesOrientation: Bool = true) {
            self.limits = limits
            self.scaleDenominator = scaleDenominator
            self.appliesOrientation = appliesOrientation
        }
    }

    /// The largest JPEG DCT reduction (1, 2, 4 or 8) whose result is still at least `target` on both
    /// axes, so that resampling only ever shrinks.
    package static func scaleDenominator(width: Int, height: Int, atLeast target: PixelSize) -> Int {
        var best = 1
        for denominator in [2, 4, 8] {
            let w = (width + denominator - 1) / denominator, h = (height + denominator - 1) / denominator
            if w >= target.width && h >= target.height { best = denominator }
        }
        return best
    }

    /// Decodes the file at `path`, opened once for its header and its pixels.
    package static func decode(path: String, options: Options = Options()) throws(DecodeError) -> DecodedImage {
        try withHeader(.file(path), limits: options.limits) { (source, info) throws(DecodeError) in
            try decode(source, header: info, options: options)
        }
    }

    /// Decodes image data held in memory; `name` stands for the file in errors.
    package static func decode(data: Data, name: String = "image data", options: Options = Options())
        throws(DecodeError) -> DecodedImage
    {
        try withHeader(.data(data, name: name), limits: options.limits) { (source, info) throws(DecodeError) in
            try decode(source, header: info, options: options)
        }
    }

    /// `body` given `source`'s header and the source to decode from. On Linux a file is opened once for
    /// both: the header is read from the first bytes and the descriptor, and the codec reads the pixels
    /// on from the same bytes and descriptor (`pread`, so nothing is read twice from the start).
    package static func withHeader<T>(
        _ source: Source, limits: ImageLimits, _ body: (Source, ImageInfo) throws(DecodeError) -> T
    ) throws(DecodeError) -> T {
        #if !canImport(ImageIO)
        if case .file(let path) = source {
            let result: Result<T, DecodeError>
            do throws(ProbeError) {
                result = try InputSource.withFile(path: path) { prefix, descriptor, size throws(ProbeError) in
                    let opened = OpenedFile(path: path, prefix: prefix, descriptor: descriptor, size: size)
                    let info = try opened.header(limits: limits)
                    do throws(DecodeError) {
                        return .success(try body(.opened(opened), info))
                    } catch {
                        return .failure(error)
                    }
                }
            } catch {
                throw error.asDecodeError
            }
            return try result.get()
        }
        #endif
        return try body(source, source.header(limits: limits))
    }

    #if !canImport(ImageIO)
    /// A file ``withHeader(_:limits:_:)`` holds open: its first bytes and its descriptor, valid only
    /// inside that call.
    package struct OpenedFile {
        let path: String
        let prefix: UnsafeRawBufferPointer
        let descriptor: Int32
        let size: Int

        /// The header, read from the first bytes and the descriptor.
        func header(limits: ImageLimits) throws(ProbeError) -> ImageInfo {
            try CodecHeaderReader.read(file: path, prefix: prefix, descriptor: descriptor, fileSize: size,
                                       options: .init(limits: limits))
        }
    }
    #endif

    /// Where encoded bytes come from: a file (read through a prefix and `pread`) or data in memory.
    package enum Source {
        case file(String)
        case data(Data, name: String)
        #if !canImport(ImageIO)
        /// A file already open, its header read (only inside ``ImageDecoder/withHeader(_:limits:_:)``).
        case opened(OpenedFile)
        #endif

        /// What errors call the input.
        var name: String {
            switch self {
            case .file(let path): path
            case .data(_, let name): name
            #if !canImport(ImageIO)
            case .opened(let file): file.path
            #endif
            }
        }

        /// The header, read with `limits` (nothing is decoded).
        func header(limits: ImageLimits) throws(DecodeError) -> ImageInfo {
            do throws(ProbeError) {
                switch self {
                case .file(let path): return try ImageProbe.probe(path: path, options: .init(limits: limits))
                case .data(let data, let name): return try ImageProbe.probe(data: data, name: name, options: .init(limits: limits))
                #if !canImport(ImageIO)
                case .opened(let file): return try file.header(limits: limits)
                #endif
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
            #if !canImport(ImageIO)
            case .opened(let file):
                result = body(file.prefix, file.descriptor)
            #endif
            }
            return try result.get()
        }
    }

    /// Why the file `info` describes cannot be decoded by this build, known from its header alone (a
    /// format no codec here decodes, HEIF/HEIC say, or an encoding the codec refuses); nil when its pixels
    /// can be read. `fit`'s plan asks before anything is written, so a dry run refuses what a run would.
    package static func refusal(of info: ImageInfo, file: String) -> DecodeError? {
        guard info.format.isSupported else { return .unsupportedFormat(file: file, format: info.format) }
        guard info.isDecodable else {
            return .undecodable(file: file, format: info.format, reason: info.firstWarning ?? "unsupported encoding")
        }
        return nil
    }

    /// Decodes `source`, whose header was just read (the codec checks the size again).
    package static func decode(_ source: Source, header info: ImageInfo, options: Options) throws(DecodeError) -> DecodedImage {
        let file = source.name
        if let refusal = refusal(of: info, file: file) { throw refusal }
        let denominator = info.format == .jpeg ? options.scaleDenominator : 1
        guard [1, 2, 4, 8].contains(denominator) else {
            throw .malformed(file: file, format: info.format, reason: "scale denominator \(denominator) is not 1, 2, 4 or 8")
        }
        let decoded = try ImageCodecs.decoder.decode(source, info: info, denominator: denominator, limits: options.limits)
        return try finish(info: info, decoded: decoded, file: file, options: options)
    }

    static func finish(info: ImageInfo, decoded: CodecImage<PixelBuffer>, file: String, options: Options)
        throws(DecodeError) -> DecodedImage
    {
        let pixels = decoded.pixels
        let denominator = info.format == .jpeg ? options.scaleDenominator : 1
        let upright: PixelBuffer
        do throws(PixelMemoryRefusal) {
            upright = options.appliesOrientation ? try pixels.oriented(info.orientation) : pixels
        } catch {
            throw .outOfMemory(file: file, bytes: error.bytes)
        }
        var image = DecodedImage(info: info, pixels: upright, scaleDenominator: denominator, iccProfile: decoded.iccProfile,
                                 isUpright: options.appliesOrientation)
        image.exif = decoded.exif
        return image
    }

    /// The 16-bit PNG at `path` with its 16 bits kept (for filtering at full precision), turned upright.
    package static func decode16(path: String, options: Options = Options()) throws(DecodeError) -> WidePixelBuffer {
        try withHeader(.file(path), limits: options.limits) { (source, info) throws(DecodeError) in
            guard info.format == .png && info.bitDepth == 16 else {
                throw .undecodable(file: path, format: info.format, reason: "it has \(info.bitDepth)-bit samples, not 16")
            }
            return try decodeWide(source, header: info, options: options).pixels
        }
    }

    /// A 16-bit PNG decoded with its 16 bits, turned upright, with its ICC profile and EXIF data.
    static func decodeWide(_ source: Source, header info: ImageInfo, options: Options) throws(DecodeError)
        -> CodecImage<WidePixelBuffer>
    {
        precondition(info.format == .png && info.bitDepth == 16)
        var decoded = try ImageCodecs.decoder.decodeWide(source, info: info, limits: options.limits)
        do throws(PixelMemoryRefusal) {
            if options.appliesOrientation { decoded.pixels = try decoded.pixels.oriented(info.orientation) }
            return decoded
        } catch {
            throw .outOfMemory(file: source.name, bytes: error.bytes)
        }
    }

    /// A declared size whose pixels need more bytes than an Int holds (only limits raised far past the
    /// defaults let such a header through): over a limit, with the size it declares.
    static func unaddressable(info: ImageInfo, file: String) -> DecodeError {
        .overLimit(file: file, format: info.format,
                   reason: "it declares \(info.width)x\(info.height) pixels, more bytes than one pixel buffer can hold")
    }
}

extension ImageInfo {
    /// The layout the C codecs decode this image to: gray, or gray+alpha when it has alpha or tRNS, for
    /// a gray PNG or JPEG (gray stays gray, a quarter or half of RGBA's memory, up to the encoder); RGBA
    /// for any other.
    package var decodedLayout: PixelBuffer.Layout {
        guard colorModel == .gray || colorModel == .grayAlpha else { return .rgba }
        return hasAlpha ? .grayAlpha : .gray
    }
}

extension ProbeError {
    /// A header problem as the decode stage reports it.
    var asDecodeError: DecodeError {
        if case .unsupportedFormat(let file, let format) = self { return .unsupportedFormat(file: file, format: format) }
        return .unreadable(self)
    }
}
