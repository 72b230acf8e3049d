/// How the samples of an image are stored.
public enum ColorModel: String, Sendable, Hashable, CaseIterable {
    case gray
    case grayAlpha = "gray+alpha"
    case palette
    case rgb
    case rgba
    /// JPEG luma/chroma.
    case ycbcr
    case cmyk
    /// JPEG CMYK stored as YCbCr + K (Adobe transform 2).
    case ycck
    /// A component layout the codec does not name (a 2-component JPEG, say).
    case unknown

    /// The name used in human-readable output ("RGBA", "YCbCr").
    package var displayName: String {
        switch self {
        case .gray: "gray"
        case .grayAlpha: "gray+alpha"
        case .palette: "palette"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        case .ycbcr: "YCbCr"
        case .cmyk: "CMYK"
        case .ycck: "YCCK"
        case .unknown: "unknown"
        }
    }
}
