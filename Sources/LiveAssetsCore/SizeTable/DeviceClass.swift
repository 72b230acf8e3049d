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
    /// The kind of device.
    public let family: Family
    /// Portrait screen width in points, where one applies.
    package let screenWidth: Points?
    /// Portrait screen height in points, where one applies.
    package let screenHeight: Points?
    /// Where the screen size comes from; nil when the class has none.
    package let screenProvenance: Provenance?
    /// The UIKit scale factor: 2 or 3.
    public let scale: Int
    /// Where the scale comes from (inferred for CarPlay and the Mac).
    package let scaleProvenance: Provenance
    /// The models of the class, each with where its membership comes from.
    package let listedModels: [DeviceModel]
    /// The models' marketing names ("iPhone 16 Pro", "Apple Watch Ultra 3"), in `listedModels` order.
    public let models: [String]
    /// Whether the class has a Dynamic Island: always when `dynamicIsland` is given, and when a
    /// version-1 table says so without giving the outline.
    public let hasDynamicIsland: Bool
    /// The Dynamic Island's own outline, where the table gives it.
    package let dynamicIsland: DynamicIsland?
    /// Presentation sizes, in `Presentation` order: each presentation's limit on the class's surfaces.
    public let presentations: [PresentationSize]
    /// The Lock Screen view as StandBy shows it (scaled up), on iPhones that run StandBy; not a limit.
    public let standby: PresentationSize?
    /// Where the class shows Live Activities: which of ``presentations`` its images are held to.
    package let surfaces: [Surface]
    /// A remark from the table (conflicting sources, field reports), if any.
    package let note: String?
    /// Whether a run with no device selection checks this class (false for the Mac menu bar, which only
    /// matters to teams that choose it and whose numbers are all inferred).
    package let isSelectedByDefault: Bool
    /// The limit for an image whose presentation nobody stated: on an iPhone or iPad, the larger (by
    /// pixel area) of its Lock Screen and expanded sizes, the Lock Screen between equals; nil on the
    /// watch, CarPlay and the Mac, which show only views such an image may not be in.
    package let unstatedPresentationLimit: PresentationSize?

    package init(id: String, family: Family, screenWidth: Points? = nil, screenHeight: Points? = nil,
                screenProvenance: Provenance? = nil, scale: Int, scaleProvenance: Provenance, models: [DeviceModel],
                hasDynamicIsland: Bool, dynamicIsland: DynamicIsland? = nil,
                presentations: [PresentationSize], standby: PresentationSize? = nil, note: String? = nil,
                isSelectedByDefault: Bool = true) {
        self.id = id
        self.family = family
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenProvenance = screenProvenance
        self.scale = scale
        self.scaleProvenance = scaleProvenance
        self.listedModels = models
        self.models = models.map(\.name)
        self.hasDynamicIsland = hasDynamicIsland || dynamicIsland != nil
        self.dynamicIsland = dynamicIsland
        self.presentations = presentations.sorted { $0.presentation < $1.presentation }
        self.standby = standby
        self.note = note
        self.isSelectedByDefault = isSelectedByDefault
        surfaces = switch family {
        case .iphone: (self.hasDynamicIsland ? [.dynamicIsland] : []) + [.lockScreen] + (standby == nil ? [] : [.standby])
        case .ipad: [.lockScreen]
        case .watch: [.smartStack]
        case .carplay: [.carplay]
        case .mac: [.macMenuBar]
        }
        func area(_ size: PresentationSize) -> Int {
            let pixels = size.limit(atScale: scale)
            return pixels.width * pixels.height
        }
        // Only a view a surface of the class shows (a table may list more).
        let surfaces = self.surfaces
        let candidates = family == .iphone || family == .ipad
            ? presentations.filter { size in
                (size.presentation == .lockScreen || size.presentation == .expanded)
                    && surfaces.contains { $0.shows(size.presentation, declaresSmallFamily: false) }
            } : []
        let largest = candidates.map(area).max()
        let widest = candidates.filter { area($0) == largest }
        unstatedPresentationLimit = widest.first { $0.presentation == .lockScreen } ?? widest.first
    }

    /// The size of `presentation` on this device, if the table gives one.
    public func size(of presentation: Presentation) -> PresentationSize? {
        presentations.first { $0.presentation == presentation }
    }

    /// Whether one of the class's surfaces shows `presentation` (and the table sizes it).
    public func shows(_ presentation: Presentation, declaresSmallFamily: Bool = false) -> Bool {
        size(of: presentation) != nil && surfaces.contains { $0.shows(presentation, declaresSmallFamily: declaresSmallFamily) }
    }

    /// The sizes an image shown in `presentations` is held to on this class: those of the presentations
    /// a surface of the class shows; for nil (nobody stated where the image is shown), the larger of the
    /// Lock Screen and expanded sizes on an iPhone or iPad, and nothing elsewhere.
    /// (The walk `check` takes, over `DeviceLimits`.)
    public func limits(for presentations: [Presentation]?, declaresSmallFamily: Bool = false) -> [PresentationSize] {
        let limits = DeviceLimits([self], declaresSmallFamily: declaresSmallFamily)
        var sizes: [PresentationSize] = []
        limits.forEachEntry(on: 0, shownIn: presentations) { entry in
            if let size = size(of: limits.entries[entry].presentation) { sizes.append(size) }
        }
        return sizes
    }

    /// How people name the class: its first model, or its id when it lists none.
    @inlinable public var displayName: String { models.first ?? id }
}

/// A device model of a class, and where its membership of the class comes from.
package struct DeviceModel: Sendable, Hashable {
    /// The marketing name ("iPhone 17e", "iPad Air 11-inch (M2)").
    package let name: String
    /// The page that lists the model with the class's screen, or the inference that puts it there.
    package let provenance: Provenance

    /// A model named `name`, placed in its class by `provenance`.
    package init(name: String, provenance: Provenance) {
        self.name = name
        self.provenance = provenance
    }
}

/// The outline of an iPhone's Dynamic Island, as the HIG gives it per model.
package struct DynamicIsland: Sendable, Hashable {
    /// The island's width around the compact and minimal presentations.
    package let compactWidth: Points
    /// The island's width around the expanded presentation.
    package let expandedWidth: Points
    /// The corner radius, where published.
    package let cornerRadius: Points?
    /// Where ``compactWidth`` comes from.
    package let compactWidthProvenance: Provenance
    /// Where ``expandedWidth`` comes from.
    package let expandedWidthProvenance: Provenance
    /// Where ``cornerRadius`` comes from; present exactly when it is.
    package let cornerRadiusProvenance: Provenance?

    /// An outline whose every number carries its provenance.
    package init(compactWidth: Points, compactWidthProvenance: Provenance, expandedWidth: Points,
                expandedWidthProvenance: Provenance, cornerRadius: Points? = nil, cornerRadiusProvenance: Provenance? = nil) {
        self.compactWidth = compactWidth
        self.expandedWidth = expandedWidth
        self.cornerRadius = cornerRadius
        self.compactWidthProvenance = compactWidthProvenance
        self.expandedWidthProvenance = expandedWidthProvenance
        self.cornerRadiusProvenance = cornerRadiusProvenance
    }

    /// Each number's field name as the table spells it, with its value and provenance, in that order.
    package var fields: [(field: String, points: Points, provenance: Provenance)] {
        var fields: [(field: String, points: Points, provenance: Provenance)] = [
            ("compactWidth", compactWidth, compactWidthProvenance), ("expandedWidth", expandedWidth, expandedWidthProvenance),
        ]
        if let cornerRadius, let cornerRadiusProvenance { fields.append(("cornerRadius", cornerRadius, cornerRadiusProvenance)) }
        return fields
    }
}
