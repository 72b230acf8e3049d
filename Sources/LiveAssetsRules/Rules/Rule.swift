import LiveAssetsCore

/// What a finding can be about. The raw values are stable ids for configs, reports and scripts.
public enum Rule: String, Sendable, Hashable, CaseIterable, Comparable {
    case oversized
    case missingScaleVariant = "missing-scale-variant"
    case scaleMismatch = "scale-mismatch"
    case variantsNotScaled = "variants-not-scaled"
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
    case catalogLinkOutside = "catalog-link-outside"
    case truncated
    case undecodableName = "undecodable-name"
    case bidiName = "bidi-name"
    case macNameCollision = "mac-name-collision"
    case mayBeShown = "may-be-shown"

    /// The rule's description: title, default severity, rationale, sources, examples.
    public var ruleDescription: RuleDescription {
        switch self {
        case .oversized: .oversized
        case .missingScaleVariant: .missingScaleVariant
        case .scaleMismatch: .scaleMismatch
        case .variantsNotScaled: .variantsNotScaled
        case .undersizedForStandby: .undersizedForStandby
        case .notChecked: .notChecked
        case .decodedMemory: .decodedMemory
        case .animatedPNG: .animatedPNG
        case .cmykJPEG: .cmykJPEG
        case .sixteenBit: .sixteenBit
        case .exifRotated: .exifRotated
        case .extensionMismatch: .extensionMismatch
        case .unsupportedFormat: .unsupportedFormat
        case .truncated: .truncated
        case .unreadable: .unreadable
        case .catalogMissingFile: .catalogMissingFile
        case .catalogUnlistedFile: .catalogUnlistedFile
        case .catalogInvalidJSON: .catalogInvalidJSON
        case .catalogDuplicateKey: .catalogDuplicateKey
        case .catalogLinkOutside: .catalogLinkOutside
        case .undecodableName: .undecodableName
        case .bidiName: .bidiName
        case .macNameCollision: .macNameCollision
        case .mayBeShown: .mayBeShown
        }
    }

    /// The severity a finding has unless the configuration says otherwise.
    package var defaultSeverity: Severity { ruleDescription.defaultSeverity }

    /// A short title ("Oversized image").
    package var title: String { ruleDescription.title }

    /// What the rule finds, in one sentence.
    package var summary: String { ruleDescription.summary }

    /// Declaration order, the order reports list rules in.
    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}
