/// Reads what an image is from its bytes or its file, in Swift alone: the facts ``ImageInfo`` holds, from the
/// header, and where the data ends. It links no codec, so it builds wherever Swift does (an iOS app
/// deciding, before `Activity.request`, whether a downloaded image fits: see ``Preflight``). Given a file,
/// it reads only the blocks the header and the end-of-data check need.
///
/// It answers as the libpng/libjpeg probe of `LiveAssets` does: the same facts, the same refusals,
/// checked file by file on real test suites by the differential test. HEIF/HEIC files, which the codecs
/// do not read, are measured from their boxes (size, orientation), never decoded.
public enum HeaderReader {
    /// The format of a file that starts with `leading` (its first bytes: a page holds every signature),
    /// when it is one LiveAssets reads (PNG and JPEG, and HEIF for its header only); otherwise the refusal both probes give: a damaged PNG signature,
    /// not an image, a format not read, an Apple-crushed PNG.
    package static func format(of leading: UnsafeRawBufferPointer, name: String) throws(ProbeError) -> ImageFormat {
        let first = Array(leading.prefix(16))
        guard let format = ImageFormat(sniffing: leading) else {
            if ImageFormat.looksLikeDamagedPNGSignature(first) {
                throw .damagedPNGSignature(file: name, leadingBytes: Array(first.prefix(8)))
            }
            throw .notAnImage(file: name, leadingBytes: Array(first.prefix(8)))
        }
        guard format.isSupported || format == .heif else { throw .unsupportedFormat(file: name, format: format) }
        if format == .png, first.count >= 16, first[12..<16].elementsEqual("CgBI".utf8) { throw .appleCrushedPNG(file: name) }
        return format
    }

    /// The facts of the image in `bytes` (a whole file).
    ///
    /// - parameters:
    ///   - bytes: the file's bytes.
    ///   - name: what stands for the file in errors.
    ///   - limits: images over these limits are refused right after the header.
    ///   - findsTruncation: also look for the end of the data (PNG IEND, JPEG EOI, a HEIF's last box)
    ///     and set ``ImageInfo/truncation``.
    public static func read(_ bytes: [UInt8], name: String = "image data", limits: ImageLimits = .default,
                            findsTruncation: Bool = true) throws(ProbeError) -> ImageInfo {
        do {
            return try bytes.withUnsafeBytes { raw in try read(raw, name: name, limits: limits, findsTruncation: findsTruncation) }
        } catch let error as ProbeError {
            throw error
        } catch {
            preconditionFailure("unreachable: \(error)")
        }
    }

    /// The facts of the image in `bytes` (a whole file); `name` stands for the file in errors.
    package static func read(_ bytes: UnsafeRawBufferPointer, name: String = "image data", limits: ImageLimits = .default,
                             findsTruncation: Bool = true) throws(ProbeError) -> ImageInfo {
        var window = ByteWindow(memory: bytes)
        return try read(&window, name: name, limits: limits, findsTruncation: findsTruncation)
    }

    /// The facts of the image in the file at `path` (for a file URL, its `path`), read only as far as they
    /// need: the header, and for ``ImageInfo/truncation`` the end of the file.
    ///
    /// - parameters:
    ///   - path: the file; a directory, a device, a pipe or an empty file is refused.
    ///   - limits: images over these limits are refused right after the header.
    ///   - findsTruncation: also look for the end of the data (PNG IEND, JPEG EOI, a HEIF's last box)
    ///     and set ``ImageInfo/truncation``.
    public static func read(contentsOf path: String, limits: ImageLimits = .default,
                            findsTruncation: Bool = true) throws(ProbeError) -> ImageInfo {
        let file = try OpenFile(path: path)
        defer { file.closeDescriptor() }
        var window = ByteWindow(source: file)
        return try read(&window, name: path, limits: limits, findsTruncation: findsTruncation)
    }

    /// The facts of the image whose bytes `window` holds or reads; `name` stands for it in errors.
    package static func read(_ window: inout ByteWindow, name: String, limits: ImageLimits,
                     findsTruncation: Bool) throws(ProbeError) -> ImageInfo {
        guard window.size > 0 else { throw .emptyFile(file: name) }
        // 16 bytes tell every format read; only text (an SVG's prolog) needs up to a page.
        let format: ImageFormat
        do {
            format = try Self.format(of: window.bytes(at: 0, count: min(window.size, 16)), name: name)
        } catch {
            guard case .notAnImage = error, window.size > 16 else { throw error }
            format = try Self.format(of: window.bytes(at: 0, count: min(window.size, 4096)), name: name)
        }
        switch format {
        case .png:
            return try PNGHeader.read(&window, name: name, limits: limits, findsTruncation: findsTruncation)
        case .heif:
            return try HEIFHeader.read(&window, name: name, limits: limits, findsTruncation: findsTruncation)
        default:
            return try JPEGHeader.read(&window, name: name, limits: limits, findsTruncation: findsTruncation)
        }
    }
}
