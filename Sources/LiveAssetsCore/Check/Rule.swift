/// What a finding can be about. The raw values are stable ids for configs, reports and scripts.
public enum Rule: String, Sendable, Hashable, CaseIterable, Comparable {
    case oversized
    case missingScaleVariant = "missing-scale-variant"
    case scaleMismatch = "scale-mismatch"
    case undersizedForStandby = "undersized-for-standby"
    case notChecked = "not-checked"
    case decodedMemory = "decoded-memory"
    case animatedPNG = "animated-png"
    case cmykJPEG = "cmyk-jpeg"
    case sixteenBit = "sixteen-bit"
    case exifRotated = "exif-rotated"
    case extensionMismatch = "extension-mismatch"
    case unsupportedFormat = "unsupported-format"
    case unreadable
    case catalogMissingFile = "catalog-missing-file"
    case catalogUnlistedFile = "catalog-unlisted-file"
    case catalogInvalidJSON = "catalog-invalid-json"
    case catalogDuplicateKey = "catalog-duplicate-key"
    case truncated
    case undecodableName = "undecodable-name"

    /// The severity a finding has unless the configuration says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .oversized, .truncated, .unreadable, .catalogMissingFile, .catalogInvalidJSON: .error
        case .undersizedForStandby: .off
        default: .warning
        }
    }

    /// A short title ("Oversized image").
    public var title: String {
        switch self {
        case .oversized: "Oversized image"
        case .missingScaleVariant: "Missing scale variant"
        case .scaleMismatch: "Scale suffix contradicts the catalog"
        case .undersizedForStandby: "Undersized for StandBy"
        case .notChecked: "Image not checked"
        case .decodedMemory: "Decoded memory over the extension budget"
        case .animatedPNG: "Animated PNG"
        case .cmykJPEG: "CMYK JPEG"
        case .sixteenBit: "16-bit image"
        case .exifRotated: "EXIF-rotated image"
        case .extensionMismatch: "Extension does not match the format"
        case .unsupportedFormat: "Format not validated"
        case .truncated: "Truncated image"
        case .unreadable: "Unreadable image"
        case .catalogMissingFile: "Catalog lists a missing file"
        case .catalogUnlistedFile: "File not listed in the catalog"
        case .catalogInvalidJSON: "Invalid Contents.json"
        case .catalogDuplicateKey: "Key repeated in Contents.json"
        case .undecodableName: "Name not valid UTF-8"
        }
    }

    /// What the rule checks, in one sentence.
    public var summary: String {
        switch self {
        case .oversized:
            "An image larger, in pixels, than the Live Activity presentation it is shown in on a device: ActivityKit may refuse to start the Live Activity."
        case .missingScaleVariant:
            "An image set has no variant for a device's scale, so the device falls back to another scale."
        case .scaleMismatch: "A file's @2x/@3x suffix disagrees with the scale its catalog entry declares."
        case .undersizedForStandby: "An image smaller than the Lock Screen presentation doubled for StandBy, so StandBy upscales it."
        case .notChecked:
            "An image no selected device could be checked on: none shows its presentation, or none uses its variants; it is not counted as passing."
        case .decodedMemory:
            "The decoded images a device uses from one catalog exceed about 30 MB, the memory budget reported for widget extensions."
        case .animatedPNG: "An animated PNG: a Live Activity shows no animation."
        case .cmykJPEG: "A CMYK or YCCK JPEG: colours depend on the decoder; use RGB."
        case .sixteenBit: "A 16-bit image: twice the memory for no visible gain on device."
        case .exifRotated: "A JPEG whose EXIF orientation turns it: its displayed size differs from its stored size."
        case .extensionMismatch: "A file whose extension names another format than its bytes."
        case .unsupportedFormat: "HEIF, PDF, SVG and other formats LiveAssets cannot measure: listed as not validated."
        case .truncated:
            "An image whose data ends before its end marker (PNG IEND, JPEG EOI): it may show garbage or fail to load."
        case .unreadable: "A file that cannot be read as an image."
        case .catalogMissingFile: "A Contents.json entry names a file that is not in the image set."
        case .catalogUnlistedFile: "An image file in an image set that Contents.json does not list, so Xcode ignores it."
        case .catalogInvalidJSON: "A Contents.json that is not valid JSON."
        case .catalogDuplicateKey:
            "A Contents.json object that holds a key twice: only the last value is read, so the first one is silently ignored."
        case .undecodableName:
            "An image or folder whose name is not valid UTF-8: it is checked, but fit does not write under it and other tools may not handle it."
        }
    }

    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}

/// How serious a finding is; `off` disables a rule.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case error
    case warning
    case off

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}
