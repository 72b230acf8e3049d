#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes an image, shrinks it to a target size and encodes it again in its own format; publicly, the
/// home of the ``Options`` that `fit(_:for:on:options:)` takes.
public enum ImageFitter {
    /// How `fit` encodes its result and which images it refuses to decode.
    public struct Options: Sendable, Hashable {
        /// JPEG quality, 1 to 100.
        public var quality: Int
        /// PNG zlib level, 0 to 9.
        public var compressionLevel: Int
        /// The resampling filter (Lanczos-3 unless a benchmark or a test asks for another).
        package var filter: ResamplingFilter
        /// Row bands resampled at once.
        package var jobs: Int
        /// Images over these limits are refused right after the header.
        public var limits: ImageLimits
        /// Let libjpeg shrink JPEGs in the DCT while decoding (see ``shrinkOnLoadDenominator(for:to:)``);
        /// off, every JPEG is decoded at full size.
        package var shrinksOnLoad: Bool

        /// Options for JPEG `quality` (1 to 100) and PNG `compressionLevel` (0 to 9), refusing images over `limits`.
        public init(quality: Int = 90, compressionLevel: Int = 6, limits: ImageLimits = .default) {
            self.init(quality: quality, compressionLevel: compressionLevel, filter: .lanczos3, limits: limits)
        }

        /// Every option, for the command line, the tests and the benchmarks.
        package init(quality: Int = 90, compressionLevel: Int = 6, filter: ResamplingFilter = .lanczos3, jobs: Int = 1,
                    limits: ImageLimits = .default, shrinksOnLoad: Bool = true) {
            self.quality = quality
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.jobs = jobs
            self.limits = limits
            self.shrinksOnLoad = shrinksOnLoad
        }
    }

    /// The file at `path` at `target` (its displayed size, upright), encoded as PNG or JPEG like the
    /// source. JPEGs are DCT-scaled on load as far as the target allows; the EXIF orientation is applied
    /// to the pixels and not written again.
    package static func fit(path: String, to target: PixelSize, options: Options = Options()) throws(FitError) -> Data {
        try fit(.file(path), to: target, options: options)
    }

    /// Image data fitted to `target`; `name` stands for the file in errors.
    package static func fit(data: Data, name: String = "image data", to target: PixelSize, options: Options = Options())
        throws(FitError) -> Data
    {
        try fit(.data(data, name: name), to: target, options: options)
    }

    /// The largest 16-bit PNG, in pixels, filtered with all 16 bits (8 bytes a pixel: 256 MB). Larger
    /// ones are decoded to 8 bits first, so that memory stays at 4 bytes a pixel of the pixel limit;
    /// the result differs by at most one level.
    static let wideDecodePixels = 32_000_000

    /// Reads the header unless it is `known` (opening a file once for both), decodes (16-bit PNGs with
    /// all 16 bits, rounded to 8 once, at the end, up to ``wideDecodePixels``; JPEGs DCT-scaled on load),
    /// resamples and encodes. The picture is resampled as stored and turned upright once small: the
    /// DCT's partial last pixel stays last, where ``Resampler`` maps it, and no full-size turned copy is
    /// made.
    package static func fit(_ source: ImageDecoder.Source, header known: ImageInfo? = nil, to target: PixelSize, options: Options)
        throws(FitError) -> Data
    {
        guard let info = known else {
            // The file opened once, for its header and its pixels.
            let result: Result<Data, FitError>
            do throws(DecodeError) {
                result = try ImageDecoder.withHeader(source, limits: options.limits) { source, info in
                    Result { () throws(FitError) in try fit(source, header: info, to: target, options: options) }
                }
            } catch {
                throw .decode(error)
            }
            return try result.get()
        }
        let upright: PixelBuffer
        let profile: [UInt8]?
        let exif: [UInt8]?
        do throws(DecodeError) {
            let decodeOptions = decodeOptions(info, target, options)
            if decodesWide(info) {
                let stored = info.orientation.swapsAxes ? PixelSize(width: target.height, height: target.width) : target
                let decoded = try ImageDecoder.decodeWide(source, header: info, options: decodeOptions)
                upright = try outOfMemory(source.name) { () throws(PixelMemoryRefusal) in
                    try Resampler.resize(decoded.pixels, to: stored, filter: options.filter, jobs: options.jobs).oriented(info.orientation)
                }
                profile = decoded.iccProfile
                exif = decoded.exif
            } else {
                let decoded = try ImageDecoder.decode(source, header: info, options: decodeOptions)
                upright = try outOfMemory(source.name) { () throws(PixelMemoryRefusal) in
                    try Self.upright(decoded, info: info, to: target, options: options)
                }
                profile = decoded.iccProfile
                exif = decoded.exif
            }
        } catch {
            throw .decode(error)
        }
        return try encode(upright, info: info, iccProfile: profile, exif: exif, file: source.name, options: options)
    }

    /// The most EXIF data carried over: what a JPEG APP1 segment holds after its "Exif\0\0".
    static let exifLimit = 65_527

    /// Whether `fit` decodes the image with all 16 bits (a 16-bit PNG up to ``wideDecodePixels``).
    package static func decodesWide(_ info: ImageInfo) -> Bool {
        info.format == .png && info.bitDepth == 16 && info.width * info.height <= wideDecodePixels
    }

    /// `decoded` (as stored: decoded without turning it) resampled to `target`, an upright size, and
    /// turned upright: fit's resampling of an 8-bit decode, which the HTML report's previews share.
    package static func upright(_ decoded: DecodedImage, info: ImageInfo, to target: PixelSize, options: Options)
        throws(PixelMemoryRefusal) -> PixelBuffer
    {
        let stored = info.orientation.swapsAxes ? PixelSize(width: target.height, height: target.width) : target
        return try Resampler.resize(decoded.pixels, to: stored, filter: options.filter, jobs: options.jobs, extent: decoded.extent)
            .oriented(info.orientation)
    }

    /// `body`'s result, a refused pixel buffer being this file's out-of-memory error (the pixel stages
    /// after the decode report it as the decode does: the file is too large for the memory there is).
    static func outOfMemory<T>(_ file: String, _ body: () throws(PixelMemoryRefusal) -> T) throws(DecodeError) -> T {
        do throws(PixelMemoryRefusal) {
            return try body()
        } catch {
            throw .outOfMemory(file: file, bytes: error.bytes)
        }
    }

    package static func decodeOptions(_ info: ImageInfo, _ target: PixelSize, _ options: Options) -> ImageDecoder.Options {
        let denominator = options.shrinksOnLoad ? shrinkOnLoadDenominator(for: info, to: target) : 1
        return ImageDecoder.Options(limits: options.limits, scaleDenominator: denominator, appliesOrientation: false)
    }

    /// The DCT reduction `fit` decodes a JPEG at for `target` (upright): the largest that still leaves
    /// at least 1.5x the target on both axes, so that Lanczos3 does the last part of the shrinking.
    /// Measured against a full decode on the corpus photographs (`ShrinkOnLoadTests`): mean difference
    /// 0.2-1.1 levels, 75-99% of samples within 1 level, up to 14 at sharp edges (scaling in the DCT to
    /// the target itself: 1.7-5.5 levels on average, up to 88).
    package static func shrinkOnLoadDenominator(for info: ImageInfo, to target: PixelSize) -> Int {
        guard info.format == .jpeg else { return 1 }
        // The target is upright; the DCT scales the stored image.
        let stored = info.orientation.swapsAxes ? PixelSize(width: target.height, height: target.width) : target
        let margin = PixelSize(width: (stored.width * 3 + 1) / 2, height: (stored.height * 3 + 1) / 2)
        return ImageDecoder.scaleDenominator(width: info.width, height: info.height, atLeast: margin)
    }

    /// Resized pixels (as decoded: RGBA, or gray for a gray image) encoded like the source.
    package static func encode(_ resized: PixelBuffer, info: ImageInfo, iccProfile: [UInt8]?, exif: [UInt8]?, file: String,
                               options: Options)
        throws(FitError) -> Data
    {
        // Gray stays gray (decoded gray, or, from a decoder that gives RGBA, R = G = B, which filtering keeps equal).
        let gray = info.colorModel == .gray || info.colorModel == .grayAlpha
        let keepsAlpha = info.format == .png && info.hasAlpha
        // Colour JPEGs are encoded from the RGBA rows as they are (libjpeg skips the alpha byte).
        let layout: PixelBuffer.Layout = gray ? (keepsAlpha ? .grayAlpha : .gray) : (keepsAlpha || info.format == .jpeg ? .rgba : .rgb)
        let pixels: PixelBuffer
        do throws(PixelMemoryRefusal) {
            pixels = try resized.converted(to: layout)
        } catch {
            throw .decode(.outOfMemory(file: file, bytes: error.bytes))
        }
        // The ICC profile is carried over when its colour space is the output's (not a CMYK profile
        // on what is now RGB); the EXIF data too, its orientation 1 (the pixels are upright now) and no
        // thumbnail, where it reads that far and fits a JPEG's APP1 segment.
        let profile = iccProfile.flatMap { Self.colorSpace(ofProfile: $0) == (gray ? "GRAY" : "RGB ") ? $0 : nil }
        let carried = exif.flatMap { $0.count <= Self.exifLimit ? ExifReader.resettingOrientation($0) : nil }
        // A PNG may be stored in fewer bytes without changing a pixel: gray where no pixel has colour (alpha
        // kept; not under an RGB profile, whose gray axis is the profile's), a palette where the pixels
        // have at most 256 colours.
        var grayPixels: PixelBuffer?
        if info.format == .png && !gray && profile == nil && pixels.hasNoColour {
            do throws(PixelMemoryRefusal) {
                grayPixels = try pixels.converted(to: keepsAlpha ? .grayAlpha : .gray)
            } catch {
                throw .decode(.outOfMemory(file: file, bytes: error.bytes))
            }
        }
        // (Only where the encoder writes palettes: elsewhere it would write these RGBA pixels a second time.)
        let indexed = info.format == .png && ImageCodecs.encoder.writesPalettes ? pixels.indexed() : nil
        do throws(EncodeError) {
            switch info.format {
            case .jpeg:
                // 4:2:0 unless the source kept full-resolution chroma.
                var encoder = ImageEncoders.JPEG(quality: options.quality, fullChroma: !info.isChromaSubsampled, iccProfile: profile)
                encoder.exif = carried
                return try encoder.encode(pixels)
            default:
                var encoder = ImageEncoders.PNG(compressionLevel: options.compressionLevel, iccProfile: profile,
                                                sRGBRenderingIntent: info.sRGBRenderingIntent)
                // The source's gAMA and cHRM describe the pixels still (resampling blends, it does not convert).
                (encoder.gamma, encoder.chromaticities) = (info.gamma, info.chromaticities)
                encoder.exif = carried
                // Every lossless storage these pixels allow; the smallest is kept.
                var kinds: [PNGStorage] = [grayPixels == nil ? .asDecoded : .gray]
                if indexed != nil { kinds.append(.palette) }
                func encode(_ kind: PNGStorage) throws(EncodeError) -> Data {
                    switch kind {
                    case .asDecoded: try encoder.encode(pixels)
                    case .gray: try encoder.encode(grayPixels!)
                    case .palette: try encoder.encode(indexed!)
                    }
                }
                var best = (kind: kinds[0], data: try encode(kinds[0]))
                for kind in kinds.dropFirst() {
                    let data = try encode(kind)
                    if data.count < best.data.count { best = (kind, data) }
                }
                // Fewer pixels in more bytes still (a 1-bit original, say): zlib's strongest settings are
                // tried too, and the smaller kept.
                guard Self.retriesStrongest(encoded: best.data.count, original: info.fileSize, level: options.compressionLevel,
                                            encoderHonoursLevel: ImageCodecs.encoder.honoursCompressionLevel)
                else { return best.data }
                (encoder.compressionLevel, encoder.strategy) = (9, .default)
                let smaller = try encode(best.kind)
                return smaller.count < best.data.count ? smaller : best.data
            }
        } catch {
            throw .encode(file: file, error)
        }
    }

    /// Whether a fitted PNG of `encoded` bytes, written at zlib `level`, is written again at zlib's strongest
    /// settings: when it came out larger than the `original` file, and only where the encoder honours the
    /// level (ImageIO would write the same bytes twice).
    package static func retriesStrongest(encoded: Int, original: Int, level: Int, encoderHonoursLevel: Bool) -> Bool {
        encoderHonoursLevel && original > 0 && encoded > original && level > 0
    }

    /// How fit may store a PNG's pixels without changing one.
    enum PNGStorage { case asDecoded, gray, palette }

    /// The data colour space an ICC profile's header declares ("RGB ", "GRAY", "CMYK"), if readable.
    static func colorSpace(ofProfile profile: [UInt8]) -> String? {
        guard profile.count >= 20 else { return nil }
        return String(decoding: profile[16..<20], as: UTF8.self)
    }
}
