/// Why pixels could not be encoded.
public enum EncodeError: Error, Sendable, Hashable {
    /// The encoder does not take pixels of this many channels (JPEG has no alpha).
    case unsupportedLayout(format: ImageFormat, channels: Int)
    /// libpng or libjpeg refused; `reason` is the library's message.
    case codecFailed(format: ImageFormat, reason: String)
    /// Memory ran out.
    case outOfMemory

    /// One plain sentence.
    package var message: String {
        switch self {
        case .unsupportedLayout(let format, let channels):
            "\(format.displayName) cannot store pixels of \(channels) channels."
        case .codecFailed(let format, let reason):
            "The \(format.displayName) encoder failed: \(reason)."
        case .outOfMemory:
            "Encoding ran out of memory."
        }
    }
}

extension EncodeError: CustomStringConvertible {
    /// One plain sentence on the cause (the error that wraps it, FitError, names the file).
    public var description: String { message }
}
