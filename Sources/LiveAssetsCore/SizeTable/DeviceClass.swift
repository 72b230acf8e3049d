/// Devices that share a screen size in points and a scale, and so the same Live Activity sizes.
public struct DeviceClass: Sendable, Hashable, Identifiable {
    /// The kind of device, also a selector on the command line.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case iphone
        case ipad
        case watch
        case carplay
    }

    /// "iphone-430x932", "ipad-1366x1024", "watch-45mm", "carplay".
    public let id: String
    public let family: Family
    /// Portrait screen size in points, where one applies.
    public let screenWidth: Points?
    public let screenHeight: Points?
    /// The UIKit scale factor: 2 or 3.
    public let scale: Int
    /// Where the scale comes from (inferred for CarPlay).
    public let scaleProvenance: Provenance
    public let models: [String]
    public let hasDynamicIsland: Bool
    /// Presentation sizes, in `Presentation` order.
    public let presentations: [PresentationSize]
    /// A remark from the table (conflicting sources, field reports), if any.
    public let note: String?
    /// The largest presentation by pixel area, StandBy aside: StandBy's 2x Lock Screen is not treated
    /// as a limit (Apple says "≤ the presentation size" and does not say which size counts). Between
    /// equals (expanded and Lock Screen), the Lock Screen, which every iPhone and iPad shows.
    public let largestPresentation: PresentationSize?

    public init(id: String, family: Family, screenWidth: Points? = nil, screenHeight: Points? = nil, scale: Int,
                scaleProvenance: Provenance, models: [String], hasDynamicIsland: Bool,
                presentations: [PresentationSize], note: String? = nil) {
        self.id = id
        self.family = family
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.scale = scale
        self.scaleProvenance = scaleProvenance
        self.models = models
        self.hasDynamicIsland = hasDynamicIsland
        self.presentations = presentations.sorted { $0.presentation < $1.presentation }
        self.note = note
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
}
