/// Devices that share a screen size in points and a scale, and so the same Live Activity sizes.
public struct DeviceClass: Sendable, Hashable, Identifiable {
    /// The kind of device, also a selector on the command line.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case iphone
        case ipad
        case watch
        case carplay
        /// The menu bar of a Mac paired with the iPhone (macOS 26).
        case mac
    }

    /// "iphone-430x932", "ipad-1366x1024", "watch-45mm", "carplay", "mac".
    public let id: String
    public let family: Family
    /// Portrait screen size in points, where one applies.
    public let screenWidth: Points?
    public let screenHeight: Points?
    /// Where the screen size comes from; nil when the class has none.
    public let screenProvenance: Provenance?
    /// The UIKit scale factor: 2 or 3.
    public let scale: Int
    /// Where the scale comes from (inferred for CarPlay and the Mac).
    public let scaleProvenance: Provenance
    /// Marketing names ("iPhone 16 Pro", "Apple Watch Ultra 3").
    public let models: [String]
    /// Where each model's membership of the class comes from, in `models` order.
    public let modelProvenance: [Provenance]
    public let hasDynamicIsland: Bool
    /// The Dynamic Island's own outline, where the table gives it.
    public let dynamicIsland: DynamicIsland?
    /// Presentation sizes, in `Presentation` order.
    public let presentations: [PresentationSize]
    /// A remark from the table (conflicting sources, field reports), if any.
    public let note: String?
    /// Whether a run with no device selection checks this class (false for the Mac menu bar, which only
    /// matters to teams that choose it and whose numbers are all inferred).
    public let isSelectedByDefault: Bool
    /// The largest presentation by pixel area, StandBy aside: StandBy's 2x Lock Screen is not treated
    /// as a limit (Apple says "≤ the presentation size" and does not say which size counts). Between
    /// equals (expanded and Lock Screen), the Lock Screen, which every iPhone and iPad shows.
    public let largestPresentation: PresentationSize?

    public init(id: String, family: Family, screenWidth: Points? = nil, screenHeight: Points? = nil,
                screenProvenance: Provenance? = nil, scale: Int, scaleProvenance: Provenance, models: [String],
                modelProvenance: [Provenance], hasDynamicIsland: Bool, dynamicIsland: DynamicIsland? = nil,
                presentations: [PresentationSize], note: String? = nil, isSelectedByDefault: Bool = true) {
        self.id = id
        self.family = family
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenProvenance = screenProvenance
        self.scale = scale
        self.scaleProvenance = scaleProvenance
        self.models = models
        precondition(modelProvenance.count == models.count, "one provenance per model")
        self.modelProvenance = modelProvenance
        self.hasDynamicIsland = hasDynamicIsland
        self.dynamicIsland = dynamicIsland
        self.presentations = presentations.sorted { $0.presentation < $1.presentation }
        self.note = note
        self.isSelectedByDefault = isSelectedByDefault
        func area(_ size: PresentationSize) -> Int {
            let pixels = size.limit(atScale: scale)
            return pixels.width * pixels.height
        }
        let candidates = presentations.filter { $0.presentation != .standby }
        let largest = candidates.map(area).max()
        let widest = candidates.filter { area($0) == largest }
        largestPresentation = widest.first { $0.presentation == .lockScreen } ?? widest.first
    }

    /// The size of `presentation` on this device, if the device shows it.
    public func size(of presentation: Presentation) -> PresentationSize? {
        presentations.first { $0.presentation == presentation }
    }

    /// How people name the class: its first model, or its id when it lists none.
    public var displayName: String { models.first ?? id }
}

/// The outline of an iPhone's Dynamic Island, as the HIG gives it per model.
public struct DynamicIsland: Sendable, Hashable {
    /// The island's width around the compact and minimal presentations.
    public let compactWidth: Points
    /// The island's width around the expanded presentation.
    public let expandedWidth: Points
    /// The corner radius, where published.
    public let cornerRadius: Points?
    /// Where each number comes from, by field name ("compactWidth", "expandedWidth", "cornerRadius").
    public let provenance: [String: Provenance]

    public init(compactWidth: Points, expandedWidth: Points, cornerRadius: Points?, provenance: [String: Provenance]) {
        self.compactWidth = compactWidth
        self.expandedWidth = expandedWidth
        self.cornerRadius = cornerRadius
        self.provenance = provenance
    }
}
