/// Where a Live Activity shows an image. The raw values are the ids used on the command line, in the
/// table and in reports.
public enum Presentation: String, Sendable, Hashable, CaseIterable, Comparable {
    case compactLeading = "compact-leading"
    case compactTrailing = "compact-trailing"
    case minimal
    case expanded
    case lockScreen = "lock-screen"
    case smartStack = "smart-stack"
    case carplay
    case standby

    /// How people call it ("compact leading", "Lock Screen").
    public var displayName: String {
        switch self {
        case .compactLeading: "compact leading"
        case .compactTrailing: "compact trailing"
        case .minimal: "minimal"
        case .expanded: "expanded"
        case .lockScreen: "Lock Screen"
        case .smartStack: "Smart Stack"
        case .carplay: "CarPlay"
        case .standby: "StandBy"
        }
    }

    public static func < (lhs: Presentation, rhs: Presentation) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}

/// Where a number in the size table comes from.
public enum Provenance: Sendable, Hashable {
    /// Apple publishes it; the text names the page and revision.
    case published(source: String)
    /// Apple does not publish it; the text is the rule applied and why.
    case inferred(reason: String)

    public var isInferred: Bool {
        if case .inferred = self { return true }
        return false
    }

    /// The source or the reason.
    public var text: String {
        switch self {
        case .published(let source): source
        case .inferred(let reason): reason
        }
    }
}

/// The largest size an image may have in one presentation on one device class.
public struct PresentationSize: Sendable, Hashable {
    public let presentation: Presentation
    /// Largest width and height, in points.
    public let width: Points
    public let height: Points
    /// Lower ends of the ranges the HIG gives (minimal width, expanded and Lock Screen height).
    public let minimumWidth: Points?
    public let minimumHeight: Points?
    public let provenance: Provenance

    public init(presentation: Presentation, width: Points, height: Points, minimumWidth: Points? = nil,
                minimumHeight: Points? = nil, provenance: Provenance) {
        self.presentation = presentation
        self.width = width
        self.height = height
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.provenance = provenance
    }

    /// The largest image, in pixels, at `scale`.
    public func limit(atScale scale: Int) -> PixelSize {
        PixelSize(width: width.pixels(atScale: scale), height: height.pixels(atScale: scale))
    }
}
