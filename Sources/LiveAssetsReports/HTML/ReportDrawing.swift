import LiveAssetsRun

/// One image drawn in the HTML report: in one presentation, on one surface of one device class, at the
/// size that device shows it, in points (1 CSS pixel = 1 point).
package struct ReportDrawing: Sendable, Hashable {
    /// The image file, as the other report formats name it.
    package var image: String
    /// The device class id ("iphone-430x932").
    package var device: String
    package var presentation: Presentation
    package var surface: Surface
    /// The presentation's size on the device, in points: the slot the image is drawn in.
    package var slotWidth: Double
    package var slotHeight: Double
    /// The image's size on the device, in points, as the limit counts it: its pixels (upright) over the
    /// device's scale, so that it overflows its slot exactly when it is over the limit. (A file loaded
    /// at another scale, such as a @1x file on a @3x iPhone, says so in ``variantScale``.)
    package var width: Double
    package var height: Double
    /// The scale of the file the device loads (1 when none is declared, as `UIImage(data:)` reads it).
    package var variantScale: Int
    /// The device's scale.
    package var deviceScale: Int
    /// How much larger the surface shows the view: 1, or StandBy's scale for the Lock Screen view.
    package var surfaceScale: Double
    /// Whether the image is within the presentation's limit on the device, as `check` decides it.
    package var fits: Bool
    /// The limit, in pixels at the device's scale.
    package var limit: PixelSize
    /// The surface drawn around the slot, in points (before the surface's scale).
    package var frame: Frame
    /// Whether a number behind the limit is inferred rather than Apple's (the table says how).
    package var limitInferred = false

    /// The outline of a surface around a slot, in points: the Dynamic Island's from the table (its
    /// compact and expanded widths and corner radius); the others only frame the slot, for orientation.
    package struct Frame: Sendable, Hashable {
        package var width: Double
        package var height: Double
        /// Where the slot sits in the frame.
        package var slotX: Double
        package var slotY: Double
        package var cornerRadius: Double
        /// The other compact slot of the island (trailing beside leading, and the reverse): x and width.
        package var companionX: Double?
        package var companionWidth: Double?
    }

    /// The drawings of every readable image of `asset` that a device of `devices` shows: for each
    /// appearance, device and presentation the checker holds the image to (`presentations`, nil:
    /// not stated), one per surface of the device that shows that presentation, and StandBy's
    /// scaled-up Lock Screen view where the device runs StandBy.
    package static func drawings(for asset: Asset, presentations: [Presentation]?, devices: [DeviceClass],
                                declaresSmallFamily: Bool = false) -> [ReportDrawing] {
        drawings(for: asset, presentations: presentations, limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily))
    }

    /// ``drawings(for:presentations:devices:declaresSmallFamily:)`` on the devices of `limits`: each of
    /// the check's ``ImageShowing``s drawn.
    package static func drawings(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [ReportDrawing] {
        ImageShowing.all(of: asset, presentations: presentations, limits: limits).map(ReportDrawing.init)
    }

    /// The outline `surface` draws around `size`'s slot on `device`.
    package static func frame(of surface: Surface, around size: PresentationSize, on device: DeviceClass) -> Frame {
        let (width, height) = (size.width.value, size.height.value)
        var frame = Frame(width: width, height: height, slotX: 0, slotY: 0, cornerRadius: 0)
        switch (surface, size.presentation) {
        case (.dynamicIsland, .compactLeading), (.dynamicIsland, .compactTrailing):
            let other = device.size(of: size.presentation == .compactLeading ? .compactTrailing : .compactLeading)
            let otherWidth = other?.width.value ?? 0
            frame.width = max(device.dynamicIsland?.compactWidth.value ?? 0, width + otherWidth)
            frame.cornerRadius = height / 2
            let leading = size.presentation == .compactLeading
            frame.slotX = leading ? 0 : frame.width - width
            if other != nil {
                frame.companionX = leading ? frame.width - otherWidth : 0
                frame.companionWidth = otherWidth
            }
        case (.dynamicIsland, .expanded):
            frame.width = max(device.dynamicIsland?.expandedWidth.value ?? width, width)
            frame.slotX = (frame.width - width) / 2
            frame.cornerRadius = device.dynamicIsland?.cornerRadius?.value ?? min(height / 2, 44)
        case (_, .minimal):
            frame.cornerRadius = height / 2
        case (.lockScreen, _), (.standby, _):
            frame.cornerRadius = 20
        case (.smartStack, _):
            frame.cornerRadius = 12
        default:
            frame.cornerRadius = 6
        }
        return frame
    }

    /// Where the image sits in its slot, in points: centred, so that an oversized one spills on every side.
    package var imageX: Double { (slotWidth - width) / 2 }
    package var imageY: Double { (slotHeight - height) / 2 }

    /// The drawn size in CSS pixels: the size in points times the surface's scale.
    package var drawnWidth: Double { width * surfaceScale }
    package var drawnHeight: Double { height * surfaceScale }
}

extension Points {
    /// The number of points as a `Double` (62.33 for 62.33 pt).
    package var value: Double { Double(hundredths) / 100 }
}

extension ReportDrawing {
    /// The drawing of `showing`: its sizes in points, its frame; its limit and whether it fits, as the
    /// check decided them.
    package init(_ showing: ImageShowing) {
        let device = showing.device, scale = Double(device.scale)
        self.init(image: showing.path, device: device.id, presentation: showing.presentation, surface: showing.surface,
                  slotWidth: showing.slotWidth.value, slotHeight: showing.slotHeight.value,
                  width: Double(showing.pixels.width) / scale, height: Double(showing.pixels.height) / scale,
                  variantScale: showing.variantScale, deviceScale: device.scale, surfaceScale: showing.surfaceScale,
                  fits: showing.fits, limit: showing.limit,
                  frame: Self.frame(of: showing.surface, around: device.size(of: showing.presentation)!, on: device),
                  limitInferred: showing.limitInferred)
    }
}
