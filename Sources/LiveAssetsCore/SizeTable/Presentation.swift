/// A view of a Live Activity, which holds images. The raw values are the ids used on the command line,
/// in the table and in reports. Where each is shown is the size table's business (its surfaces).
public enum Presentation: String, Sendable, Hashable, CaseIterable, Comparable {
    case compactLeading = "compact-leading"
    case compactTrailing = "compact-trailing"
    case minimal
    case expanded
    case lockScreen = "lock-screen"
    /// `ActivityFamily.small`: the view the Apple Watch Smart Stack and CarPlay show when the app
    /// declares `.supplementalActivityFamilies([.small])`.
    case small

    /// How people call it ("compact leading", "Lock Screen", "small view").
    public var displayName: String {
        switch self {
        case .compactLeading: "compact leading"
        case .compactTrailing: "compact trailing"
        case .minimal: "minimal"
        case .expanded: "expanded"
        case .lockScreen: "Lock Screen"
        case .small: "small view"
        }
    }

    /// The presentation an id names, with the id of a surface that earlier versions took for a
    /// presentation read as the presentation it shows: `smart-stack` and `carplay` as `small`, `standby`
    /// as `lock-screen`. `isDeprecated` says the name was such a surface.
    package static func named(_ id: String) -> (presentation: Presentation, isDeprecated: Bool)? {
        if let presentation = Presentation(rawValue: id) { return (presentation, false) }
        switch id {
        case "smart-stack", "carplay": return (.small, true)
        case "standby": return (.lockScreen, true)
        default: return nil
        }
    }

    /// The sentence a deprecated name earns: "'standby' is a surface, not a presentation; ...".
    package static func deprecation(of id: String) -> String? {
        guard let (presentation, isDeprecated) = named(id), isDeprecated else { return nil }
        return "'\(id)' is a surface, not a presentation, and is read as '\(presentation.rawValue)'; write '\(presentation.rawValue)' instead."
    }

    /// Declaration order: compact leading, compact trailing, minimal, expanded, Lock Screen, small.
    public static func < (lhs: Presentation, rhs: Presentation) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}

/// The largest size an image may have in one presentation on one device class.
public struct PresentationSize: Sendable, Hashable {
    /// The presentation this size is for.
    public let presentation: Presentation
    /// Largest width, in points.
    public let width: Points
    /// Largest height, in points.
    public let height: Points
    /// Lower ends of the ranges the HIG gives (minimal width, expanded and Lock Screen height).
    package let minimumWidth: Points?
    package let minimumHeight: Points?
    /// Where each of the four numbers comes from.
    public let provenance: SizeProvenance

    /// The largest image, in pixels, at `scale`.
    public func limit(atScale scale: Int) -> PixelSize {
        PixelSize(width: width.pixels(atScale: scale), height: height.pixels(atScale: scale))
    }
}

/// Where each number of a ``PresentationSize`` comes from: one provenance per number, so that a width
/// Apple prints and a height we derive are told apart.
public struct SizeProvenance: Sendable, Hashable {
    /// Where ``PresentationSize/width`` comes from.
    public let width: Provenance
    /// Where ``PresentationSize/height`` comes from.
    public let height: Provenance
    /// Present exactly when the size has a ``PresentationSize/minimumWidth``.
    package let minimumWidth: Provenance?
    /// Present exactly when the size has a ``PresentationSize/minimumHeight``.
    package let minimumHeight: Provenance?

    /// One provenance per number; give the minimums exactly when the size has them.
    package init(width: Provenance, height: Provenance, minimumWidth: Provenance? = nil,
                minimumHeight: Provenance? = nil) {
        self.width = width
        self.height = height
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
    }

    /// Whether the limit (the width or the height) rests on an inferred number.
    public var isInferred: Bool { width.isInferred || height.isInferred }

    /// Each number's field name as the table spells it ("width", "height", "minWidth", "minHeight")
    /// with its provenance, in that order, for the numbers present.
    package var fields: [(field: String, provenance: Provenance)] {
        var fields: [(field: String, provenance: Provenance)] = [("width", width), ("height", height)]
        if let minimumWidth { fields.append(("minWidth", minimumWidth)) }
        if let minimumHeight { fields.append(("minHeight", minimumHeight)) }
        return fields
    }
}
