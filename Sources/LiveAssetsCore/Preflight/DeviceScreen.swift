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
}
