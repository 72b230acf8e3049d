/// Why pixels could not be encoded.
public enum EncodeError: Error, Sendable, Hashable {
    /// The encoder does not take this pixel layout (JPEG has no alpha).
    case unsupportedLayout(format: ImageFormat, layout: PixelBuffer.Layout)
    /// libpng or libjpeg refused; `reason` is the library's message.
    case codecFailed(format: ImageFormat, reason: String)
    /// Memory ran out.
    case outOfMemory

    /// One plain sentence.
    public var message: String {
        switch self {
        case .unsupportedLayout(let format, let layout):
            "\(format.displayName) cannot store \(layout) pixels."
        case .codecFailed(let format, let reason):
            "The \(format.displayName) encoder failed: \(reason)."
        case .outOfMemory:
            "Encoding ran out of memory."
        }
    }
}
