/// Why an image could not be decoded. Every case names the file and carries its evidence.
public enum DecodeError: Error, Sendable, Hashable {
    /// The header could not be read (missing file, not an image, too large, ...).
    case unreadable(ProbeError)
    /// A format LiveAssets recognises but does not decode (HEIF, PDF, SVG, ...).
    case unsupportedFormat(file: String, format: ImageFormat)
    /// The data ends before the image does.
    case truncated(file: String, format: ImageFormat)
    /// The codec rejected the pixel data; `reason` is its message.
    case malformed(file: String, format: ImageFormat, reason: String)
    /// A valid stream this build cannot decode (a 12-bit JPEG).
    case undecodable(file: String, format: ImageFormat, reason: String)
    /// The system refused memory: `bytes` is the allocation refused, when known (a pixel buffer's size,
    /// say). Nothing is wrong with the file.
    case outOfMemory(file: String, bytes: Int?)
    /// A limit set for one image (libjpeg's working memory, libpng's largest buffer, the progressive scan
    /// count) refused the work; `reason` says which. The data may be valid.
    case overLimit(file: String, format: ImageFormat, reason: String)
    /// The file is no longer the image whose header was read first (it was replaced or rewritten
    /// meanwhile); `reason` says how it differs. No pixels from it are used.
    case changed(file: String, reason: String)

    package var file: String {
        switch self {
        case .unreadable(let error): error.file
        case .unsupportedFormat(let file, _), .truncated(let file, _), .malformed(let file, _, _),
            .undecodable(let file, _, _), .outOfMemory(let file, _), .overLimit(let file, _, _), .changed(let file, _):
            file
        }
    }

    /// A stable identifier ("truncated", "malformed", ...; a header problem keeps the probe's code).
    package var code: String {
        switch self {
        case .unreadable(let error): error.code
        case .unsupportedFormat: "unsupported-format"
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .undecodable: "undecodable"
        case .outOfMemory: "out-of-memory"
        case .overLimit: "over-limit"
        case .changed: "changed"
        }
    }

    /// One plain sentence that names the file and the cause.
    package var message: String {
        switch self {
        case .unreadable(let error): error.message
        case .unsupportedFormat(let file, let format):
            format == .heif
                ? "\(file) is a HEIF/HEIC file, which LiveAssets measures but cannot decode, so it cannot fit it; export it as JPEG or PNG to fit it."
                : "\(file) is a \(format.displayName) file; LiveAssets decodes only PNG and JPEG."
        case .truncated(let file, let format):
            "\(file) is truncated: its \(format.displayName) data ends before the image is complete."
        case .malformed(let file, let format, let reason):
            "\(file) has damaged \(format.displayName) image data: \(reason.trimmingTrailingPeriods)."
        case .undecodable(let file, let format, let reason):
            "\(file) cannot be decoded by this build's \(format == .png ? "libpng" : "libjpeg"): \(reason.trimmingTrailingPeriods)."
        case .outOfMemory(let file, let bytes?):
            "\(file) needs \(bytes.byteCountText) for its pixels and the system refused it; run with fewer --jobs or more memory, then run again."
        case .outOfMemory(let file, nil):
            "\(file) needs more memory than the system would give to decode it; run with fewer --jobs or more memory, then run again."
        case .overLimit(let file, _, let reason) where reason.isScanLimit:
            "\(file) \(reason.droppingLeadingIt), over the per-image limit; save it as a baseline JPEG."
        case .overLimit(let file, let format, let reason):
            "\(file) was refused by a limit that keeps one image from taking the whole run: the \(format.displayName) \(reason.trimmingTrailingPeriods.droppingLeadingIt); if the file is trusted, export it again smaller."
        case .changed(let file, let reason):
            "\(file) changed while it was being read (\(reason)); run again once nothing else is writing it."
        }
    }
}

extension DecodeError: CustomStringConvertible {
    /// One plain sentence that names the file and the cause.
    public var description: String { message }
}

extension DecodeError {
    /// The probe's error for a verification that decoded the file (`info --verify` where ImageIO decodes):
    /// what the Linux probe, which verifies through libpng and libjpeg, reports for the same cause.
    package func asProbeError(fileSize: Int) -> ProbeError {
        switch self {
        case .unreadable(let error): error
        case .unsupportedFormat(let file, let format): .unsupportedFormat(file: file, format: format)
        case .truncated(let file, let format): .truncated(file: file, format: format, fileSize: fileSize)
        case .malformed(let file, let format, let reason): .malformed(file: file, format: format, reason: reason)
        case .undecodable(let file, let format, let reason): .undecodable(file: file, format: format, reason: reason)
        case .outOfMemory(let file, _): .outOfMemory(file: file)
        case .overLimit(let file, let format, let reason): .overLimit(file: file, format: format, reason: reason)
        case .changed(let file, let reason):
            .readFailed(file: file, errno: 0, reason: "it changed while it was read (\(reason)); run again once nothing is writing it")
        }
    }
}
