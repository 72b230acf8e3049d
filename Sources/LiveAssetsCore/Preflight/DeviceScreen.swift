/// The screen of the device the app runs on, as UIKit reports it: `UIScreen.nativeBounds` (pixels,
/// portrait-up, unchanged by rotation and by Display Zoom) and `UIScreen.nativeScale`.
///
/// Take them from the screen the app's window is on, not from `UIScreen.main` (deprecated in iOS 26):
///
/// ```swift
/// let screen = windowScene.screen
/// let device = DeviceScreen(nativeWidth: screen.nativeBounds.width, nativeHeight: screen.nativeBounds.height,
///                           nativeScale: screen.nativeScale)
/// ```
public struct DeviceScreen: Sendable, Hashable, CustomStringConvertible {
    /// The physical screen's width in pixels, portrait.
    public let nativeWidth: Int
    /// The physical screen's height in pixels, portrait.
    public let nativeHeight: Int
    /// Pixels per point as the app lays out now: higher than the standard value under Display Zoom.
    public let nativeScale: Double

    /// A screen of `nativeWidth` by `nativeHeight` pixels (either orientation) at `nativeScale`.
    public init(nativeWidth: Double, nativeHeight: Double, nativeScale: Double) {
        let (width, height) = (Int(nativeWidth.rounded()), Int(nativeHeight.rounded()))
        self.nativeWidth = min(width, height)
        self.nativeHeight = max(width, height)
        self.nativeScale = nativeScale
    }

    /// "1179x2556 px at native scale 3.0".
    public var description: String { "\(nativeWidth)x\(nativeHeight) px at native scale \(nativeScale)" }
}

/// The device classes of a ``DeviceScreen``, and whether it is zoomed.
public struct DeviceLookup: Sendable, Hashable {
    /// The classes whose sizes hold on the device: one, or more where the table lists the device's
    /// models in several (iPhone 12 mini and 13 mini, which two revisions of the HIG size differently).
    public let devices: [DeviceClass]
    /// Display Zoom is on: the app lays out fewer, larger points. Apple publishes Live Activity sizes for
    /// the standard view only, so the classes' sizes are used as they are.
    public let isDisplayZoomed: Bool
    /// Why ``devices`` were assumed, in one sentence, when no class of the table has the screen (a device
    /// newer than the table); nil when the screen was found.
    public var assumption: String? = nil
}

extension SizeTable {
    /// The device classes a screen belongs to, found by its pixels, which Display Zoom does not change:
    /// the classes whose screen in points times their scale is exactly the screen (with every class
    /// that lists one of their models too); failing that, a class that renders at its scale and shows a
    /// downsampled picture, as iPhone 8 Plus shows 414x736 pt @3x on 1080x1920 pixels (HIG Layout).
    /// Nil when no class of the table has that screen.
    public func devices(for screen: DeviceScreen) -> DeviceLookup? {
        func points(_ device: DeviceClass) -> (width: Points, height: Points)? {
            guard let width = device.screenWidth, let height = device.screenHeight else { return nil }
            return (min(width, height), max(width, height))
        }
        let exact = devices.filter { device in
            guard let screenPoints = points(device) else { return false }
            return screenPoints.width.pixels(atScale: device.scale) == screen.nativeWidth
                && screenPoints.height.pixels(atScale: device.scale) == screen.nativeHeight
        }
        var matched: [DeviceClass]
        if !exact.isEmpty {
            let models = Set(exact.flatMap(\.models)), ids = Set(exact.map(\.id))
            matched = devices.filter { device in ids.contains(device.id) || device.models.contains(where: models.contains) }
        } else {
            // Downsampled: one factor below the class's scale maps both sides to the screen, to a pixel.
            matched = devices.filter { device in
                guard let screenPoints = points(device) else { return false }
                let factor = Double(screen.nativeWidth) / (Double(screenPoints.width.hundredths) / 100)
                let height = Double(screenPoints.height.hundredths) / 100 * factor
                return factor < Double(device.scale) && abs(height - Double(screen.nativeHeight)) <= 1
            }
        }
        guard let first = exact.first ?? matched.first, let firstPoints = points(first) else { return nil }
        // The scale the screen has in its standard view: its pixels over the class's points.
        let standardScale = Double(screen.nativeWidth) / (Double(firstPoints.width.hundredths) / 100)
        return DeviceLookup(devices: matched, isDisplayZoomed: screen.nativeScale > standardScale * 1.01)
    }

    /// The classes a screen no class of the table has is held to (a device newer than the table): the
    /// iPhone or iPad class (by the screen's shape) of the same scale whose screen in points is nearest;
    /// with none at that scale, every class of the family, so that the answer fits the strictest. Nil
    /// when the table has no class of the family. The lookup says what it assumed.
    public func assumedDevices(for screen: DeviceScreen) -> DeviceLookup? {
        // Phones are tall (19.5:9 and the like), iPads near 4:3.
        let family: DeviceClass.Family = Double(screen.nativeHeight) / Double(max(screen.nativeWidth, 1)) > 1.6 ? .iphone : .ipad
        let members = devices.filter { $0.family == family && $0.screenWidth != nil && $0.screenHeight != nil }
        guard !members.isEmpty else { return nil }
        let scale = max(1, Int(screen.nativeScale.rounded(.down)))
        func distance(_ device: DeviceClass) -> Int {
            let width = min(device.screenWidth!.hundredths, device.screenHeight!.hundredths)
            let height = max(device.screenWidth!.hundredths, device.screenHeight!.hundredths)
            return abs(width - screen.nativeWidth * 100 / scale) + abs(height - screen.nativeHeight * 100 / scale)
        }
        let kind = family == .iphone ? "iPhone" : "iPad"
        let unknown = "No device class in the size table has a screen of \(screen.nativeWidth)x\(screen.nativeHeight) pixels"
        if let nearest = members.filter({ $0.scale == scale }).min(by: { distance($0) < distance($1) }) {
            return DeviceLookup(devices: [nearest], isDisplayZoomed: false, assumption:
                "\(unknown), so it is assumed to be \(nearest.displayName) (\(nearest.id)), the \(kind) class at @\(scale)x with the nearest screen in points; update LiveAssets for its own sizes.")
        }
        return DeviceLookup(devices: members, isDisplayZoomed: false, assumption:
            "\(unknown) and none is at @\(scale)x, so it is held to every \(kind) class of the table, the strictest deciding; update LiveAssets for its own sizes.")
    }
}
