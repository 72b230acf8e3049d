#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform

/// Reads what an image file is (format, size, orientation, colour, alpha, ICC, animation) from its
/// header without decoding the pixels: through libpng and libjpeg-turbo on Linux, with the Swift
/// `HeaderReader` (which gives their answers) elsewhere.
///
/// ```swift
/// let info = try ImageProbe.probe(contentsOf: URL(fileURLWithPath: "logo@3x.png"))
/// print(info.displaySize)
/// ```
public enum ImageProbe {
    /// How far to read and what to refuse.
    public struct Options: Sendable, Hashable {
        /// Images over these limits are refused right after the header.
        public var limits: ImageLimits
        /// Also decode the pixel data to prove it is intact (on Linux one row of memory at a time; elsewhere
        /// a whole decode by ImageIO, checked as libpng and libjpeg check it where ImageIO forgives more);
        /// slower, but finds truncated or corrupt image data that a header read cannot see.
        package var verifiesPixelData: Bool
        /// Also look for the end of the data (PNG IEND, JPEG EOI, a HEIF's last box) and set `ImageInfo.truncation`: one
        /// more positioned read of the file's last bytes, which `check` needs and a listing does not.
        package var findsTruncation: Bool

        /// Options that refuse images over `limits`; headers only, with the search for the data's end.
        public init(limits: ImageLimits = .default) {
            self.init(limits: limits, verifiesPixelData: false, findsTruncation: true)
        }

        /// Every option (for `info --verify`, listings and the tests).
        package init(limits: ImageLimits = .default, verifiesPixelData: Bool = false, findsTruncation: Bool = true) {
            self.limits = limits
            self.verifiesPixelData = verifiesPixelData
            self.findsTruncation = findsTruncation
        }
    }

    /// Probes the file at a URL.
    public static func probe(contentsOf url: URL, options: Options = Options()) throws(ProbeError) -> ImageInfo {
        try probe(path: url.path, options: options)
    }

    /// Probes the file at a path.
    package static func probe(path: String, options: Options = Options()) throws(ProbeError) -> ImageInfo {
        #if !canImport(ImageIO)
        try InputSource.withFile(path: path) { prefix, descriptor, size throws(ProbeError) in
            try CodecHeaderReader.read(file: path, prefix: prefix, descriptor: descriptor, fileSize: size, options: options)
        }
        #else
        let info = try HeaderReader.read(contentsOf: path, limits: options.limits, findsTruncation: options.findsTruncation)
        if options.verifiesPixelData { try verify(.file(path), info, limits: options.limits) }
        return info
        #endif
    }

    /// Probes image data held in memory; `name` stands for the file in errors.
    public static func probe(data: Data, name: String = "image data", options: Options = Options())
        throws(ProbeError) -> ImageInfo
    {
        guard !data.isEmpty else { throw .emptyFile(file: name) }
        #if canImport(ImageIO)
        let info = try HeaderReader.read([UInt8](data), name: name, limits: options.limits,
                                         findsTruncation: options.findsTruncation)
        if options.verifiesPixelData { try verify(.data(data, name: name), info, limits: options.limits) }
        return info
        #else
        do {
            return try data.withUnsafeBytes { (bytes) throws(ProbeError) -> ImageInfo in
                try CodecHeaderReader.read(
                    file: name, prefix: bytes, descriptor: -1, fileSize: bytes.count, options: options)
            }
        } catch let error as ProbeError {
            throw error
        } catch {
            preconditionFailure("unreachable: \(error)")
        }
        #endif
    }

    /// The codecs in use: the libpng and libjpeg versions on Linux, ImageIO elsewhere.
    package static var codecVersions: String {
        #if !canImport(ImageIO)
        CodecHeaderReader.versions
        #else
        "ImageIO"
        #endif
    }

    #if canImport(ImageIO)
    /// Pixel-data verification off Linux: a whole decode by this platform's decoder (``ImageIODecoder``,
    /// which refuses a truncated file and a damaged PNG chunk as libpng and libjpeg do), its error as the
    /// Linux probe reports it. Not yet run (docs/development.md, "The Apple path").
    static func verify(_ source: ImageDecoder.Source, _ info: ImageInfo, limits: ImageLimits) throws(ProbeError) {
        guard info.isDecodable else { return }
        do throws(DecodeError) {
            _ = try ImageCodecs.decoder.decode(source, info: info, denominator: 1, limits: limits)
        } catch {
            throw error.asProbeError(fileSize: info.fileSize)
        }
    }
    #endif
}

/// Where a codec reads from: the first bytes of a file (read before the format is known), and its
/// descriptor to read on from there.
enum InputSource {
    /// How many leading bytes are read before the format is known: one page, which holds most headers.
    /// On the 2,000-file bench corpus it takes 10% more reads than 8 KiB did, and `info` is 4% faster
    /// (copying 8 KiB out of the page cache per file cost more); 2 KiB gained nothing measurable.
    static let prefixLength = 4096

    /// Opens `path`, reads its prefix and calls `body` with it, the descriptor and the file size.
    static func withFile<R>(
        path: String, _ body: (UnsafeRawBufferPointer, Int32, Int) throws(ProbeError) -> R
    ) throws(ProbeError) -> R {
        let file = try OpenFile(path: path)
        defer { file.closeDescriptor() }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefixLength) {
            (buffer) throws(ProbeError) -> R in
            let count = try file.readPrefix(into: buffer)
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<count]), file.descriptor, file.size)
        }
    }
}
