/// Why a file could not be probed. Every case names the file and carries its evidence.
public enum ProbeError: Error, Sendable, Hashable {
    /// Nothing exists at the path.
    case fileNotFound(file: String)
    /// The file exists but may not be read.
    case permissionDenied(file: String)
    /// The path is a directory.
    case isDirectory(file: String)
    /// The path is a device, socket or pipe.
    case notARegularFile(file: String)
    /// The operating system reported an error while reading.
    case readFailed(file: String, errno: Int32, reason: String)
    /// The file has no bytes.
    case emptyFile(file: String)
    /// The bytes are no image format LiveAssets knows.
    case notAnImage(file: String, leadingBytes: [UInt8])
    /// A known image format that LiveAssets does not read (WebP, PDF, SVG, ...).
    case unsupportedFormat(file: String, format: ImageFormat)
    /// The PNG signature is damaged, typically by a text-mode transfer.
    case damagedPNGSignature(file: String, leadingBytes: [UInt8])
    /// An Apple "CgBI" PNG, as Xcode's PNG crusher writes them: not a standard PNG.
    case appleCrushedPNG(file: String)
    /// The data (all `fileSize` bytes of it) ends before the codec had all it needed.
    case truncated(file: String, format: ImageFormat, fileSize: Int)
    /// The declared dimensions exceed the limits; nothing was decoded.
    case tooLarge(file: String, format: ImageFormat, width: Int, height: Int, limits: ImageLimits)
    /// libpng or libjpeg rejected the data; `reason` is the library's message.
    case malformed(file: String, format: ImageFormat, reason: String)
    /// A valid stream this build cannot decode (a 12-bit JPEG).
    case undecodable(file: String, format: ImageFormat, reason: String)
    /// Memory ran out.
    case outOfMemory(file: String)
    /// A limit set for one image (libjpeg's working memory, libpng's largest buffer, the progressive scan
    /// count) refused the work; the data may be valid. `reason` says which limit.
    case overLimit(file: String, format: ImageFormat, reason: String)

    /// The file the error is about.
    package var file: String {
        switch self {
        case .fileNotFound(let file), .permissionDenied(let file), .isDirectory(let file),
            .notARegularFile(let file), .readFailed(let file, _, _), .emptyFile(let file),
            .notAnImage(let file, _), .unsupportedFormat(let file, _), .damagedPNGSignature(let file, _),
            .appleCrushedPNG(let file), .truncated(let file, _, _), .tooLarge(let file, _, _, _, _),
            .malformed(let file, _, _), .undecodable(let file, _, _), .outOfMemory(let file),
            .overLimit(let file, _, _):
            file
        }
    }

    /// A stable identifier for scripts and reports ("truncated", "too-large", ...).
    package var code: String {
        switch self {
        case .fileNotFound: "file-not-found"
        case .permissionDenied: "permission-denied"
        case .isDirectory: "is-directory"
        case .notARegularFile: "not-a-regular-file"
        case .readFailed: "read-failed"
        case .emptyFile: "empty-file"
        case .notAnImage: "not-an-image"
        case .unsupportedFormat: "unsupported-format"
        case .damagedPNGSignature: "damaged-png-signature"
        case .appleCrushedPNG: "apple-crushed-png"
        case .truncated: "truncated"
        case .tooLarge: "too-large"
        case .malformed: "malformed"
        case .undecodable: "undecodable"
        case .outOfMemory: "out-of-memory"
        case .overLimit: "over-limit"
        }
    }

    /// One plain sentence that names the file and the cause.
    package var message: String {
        switch self {
        case .fileNotFound(let file):
            "\(file) does not exist."
        case .permissionDenied(let file):
            "\(file) cannot be read: permission denied."
        case .isDirectory(let file):
            "\(file) is a directory, not an image file."
        case .notARegularFile(let file):
            "\(file) is not a regular file (a device, socket or pipe)."
        case .readFailed(let file, let errno, let reason):
            errno == 0 ? "\(file) could not be read: \(reason)." : "\(file) could not be read: \(reason) (errno \(errno))."
        case .emptyFile(let file):
            "\(file) is empty (0 bytes)."
        case .notAnImage(let file, let bytes):
            "\(file) is not a PNG or JPEG image: it starts with \(Self.hex(bytes))."
        case .unsupportedFormat(let file, let format):
            "\(file) is a \(format.displayName) file; LiveAssets reads only PNG, JPEG and HEIF."
        case .damagedPNGSignature(let file, let bytes):
            "\(file) has a damaged PNG signature (\(Self.hex(bytes)) instead of \(Self.hex(ImageFormat.pngSignature))); it was probably damaged in transfer."
        case .appleCrushedPNG(let file):
            "\(file) is an Apple-crushed PNG (CgBI chunk), which only Apple's tools read; use the original PNG."
        case .truncated(let file, let format, let fileSize):
            "\(file) is truncated: its \(format.displayName) data ends after \(fileSize) bytes, before the image is complete."
        case .tooLarge(let file, let format, let width, let height, let limits):
            "\(file) declares a \(width)x\(height) \(format.displayName), over the limit of \(limits.maxPixels) pixels and \(limits.maxSide) per side, so it was not read further."
        case .malformed(let file, let format, let reason):
            "\(file) is not a valid \(format.displayName): \(reason.trimmingTrailingPeriods)."
        case .undecodable(let file, let format, let reason):
            "\(file) cannot be decoded by this build's \(format == .png ? "libpng" : "libjpeg"): \(reason.trimmingTrailingPeriods)."
        case .outOfMemory(let file):
            "\(file) needs more memory than the system would give to read it; run with fewer --jobs or more memory, then run again."
        case .overLimit(let file, _, let reason) where reason.isScanLimit:
            "\(file) \(reason.droppingLeadingIt), over the per-image limit; save it as a baseline JPEG."
        case .overLimit(let file, let format, let reason):
            "\(file) was refused by a limit that keeps one image from taking the whole run: the \(format.displayName) \(reason.trimmingTrailingPeriods.droppingLeadingIt); if the file is trusted, export it again smaller."
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}

extension ProbeError: CustomStringConvertible {
    /// One plain sentence that names the file and the cause.
    public var description: String { message }
}
