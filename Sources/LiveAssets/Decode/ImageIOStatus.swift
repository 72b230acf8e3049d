/// What ImageIO says of a source or of an image in it: `CGImageSourceStatus`, case for case and with its
/// raw values, so that what each status means is decided here, where the Linux tests run it.
package enum ImageIOStatus: Int32, Sendable, Hashable, CaseIterable {
    case unexpectedEOF = -5
    case invalidData = -4
    case unknownType = -3
    case readingHeader = -2
    case incomplete = -1
    case complete = 0

    /// The status ImageIO reported as `rawValue`; a value this build does not know counts as invalid data.
    package init(reported rawValue: Int32) {
        self = Self(rawValue: rawValue) ?? .invalidData
    }

    /// The refusal for a `format` file whose source reports `source` and whose first image reports `image`,
    /// as the Linux decoder refuses the same file: data that ends early is truncated, data ImageIO cannot
    /// read is damaged. Nil when both are complete, and the pixels can be trusted.
    package static func refusal(source: Self, image: Self, format: ImageFormat, file: String) -> DecodeError? {
        for status in [source, image] {
            switch status {
            case .complete: continue
            case .incomplete, .readingHeader, .unexpectedEOF: return .truncated(file: file, format: format)
            case .invalidData: return .malformed(file: file, format: format, reason: "ImageIO found its data invalid")
            case .unknownType:
                return .malformed(file: file, format: format, reason: "ImageIO does not read it as a \(format.displayName) image")
            }
        }
        return nil
    }
}
