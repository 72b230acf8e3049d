import LiveAssetsCore

/// Where one image file is shown and how it fares there, as `check` decides it: on one surface of one
/// device class, in one presentation, with the limit it is held to and whether it fits. Read from the
/// table's one walk (``AssetWalk``), which the size findings read too; the HTML report draws these and
/// computes none of its own.
package struct ImageShowing: Sendable, Hashable {
    /// The image file.
    package var path: String
    /// Its size as displayed (after EXIF orientation), in pixels.
    package var pixels: PixelSize
    /// The scale of the file the device loads (1 when none is declared, as `UIImage(data:)` reads it).
    package var variantScale: Int
    package var device: DeviceClass
    package var presentation: Presentation
    package var surface: Surface
    /// How much larger the surface shows the view: 1, or StandBy's scale for the Lock Screen view.
    package var surfaceScale: Double
    /// The presentation's size on the device, in points.
    package var slotWidth: Points
    package var slotHeight: Points
    /// The limit, in pixels at the device's scale, and whether a number behind it is inferred.
    package var limit: PixelSize
    package var limitInferred: Bool
    /// Whether the image is within the limit.
    package var fits: Bool

    /// Every showing of each readable file of `asset` on the devices of `limits`, in the presentations
    /// it is held to (`presentations`, nil: not stated): see ``all(of:limits:)``.
    package static func all(of asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [ImageShowing] {
        all(of: AssetWalk(asset, presentations: presentations, limits: limits), limits: limits)
    }

    /// Every showing of each readable file `walk` found on the devices of `limits` (the limits it was
    /// walked on): for every choice a device can make among the files (display-P3 and locale entries
    /// too), each surface of the device that shows the presentation, and StandBy's scaled-up Lock Screen
    /// view where the device runs StandBy; each once.
    package static func all(of walk: AssetWalk, limits: DeviceLimits) -> [ImageShowing] {
        var showings: [ImageShowing] = []
        for choice in walk.choices {
            for load in choice.loads {
                guard let variantIndex = load.variant, let info = choice.variants[variantIndex].info else { continue }
                let variant = choice.variants[variantIndex], device = limits.classes[load.device], pixels = info.displaySize
                for held in choice.held[load.held] {
                    let entry = limits.entries[held.entry]
                    func showing(on surface: Surface, scale: Double) -> ImageShowing {
                        ImageShowing(path: variant.path, pixels: pixels, variantScale: variant.effectiveScale, device: device,
                                     presentation: entry.presentation, surface: surface, surfaceScale: scale,
                                     slotWidth: entry.width, slotHeight: entry.height, limit: entry.limit,
                                     limitInferred: entry.isInferred, fits: held.verdict == .fits)
                    }
                    for surface in device.surfaces where entry.isShown(on: surface) {
                        showings.append(showing(on: surface, scale: 1))
                    }
                    if entry.presentation == .lockScreen, device.surfaces.contains(.standby), let standby = standbyScale(of: device) {
                        showings.append(showing(on: .standby, scale: standby))
                    }
                }
            }
        }
        var seen = Set<ImageShowing>()
        return showings.filter { seen.insert($0).inserted }  // a file two appearances or choices share, once
    }

    /// How much StandBy enlarges the Lock Screen view on `device`: the table's StandBy size over its
    /// Lock Screen size, the smaller of the two ratios where the screen caps one axis; nil without
    /// either size.
    package static func standbyScale(of device: DeviceClass) -> Double? {
        guard let standby = device.standby, let lockScreen = device.size(of: .lockScreen),
              lockScreen.width.hundredths > 0, lockScreen.height.hundredths > 0 else { return nil }
        func points(_ value: Points) -> Double { Double(value.hundredths) / 100 }
        return min(points(standby.width) / points(lockScreen.width), points(standby.height) / points(lockScreen.height))
    }

    // One device class is one id: hashed and compared by it (a class's whole description need not be).
    package static func == (a: ImageShowing, b: ImageShowing) -> Bool {
        a.path == b.path && a.pixels == b.pixels && a.variantScale == b.variantScale && a.device.id == b.device.id
            && a.presentation == b.presentation && a.surface == b.surface && a.surfaceScale == b.surfaceScale
            && a.slotWidth == b.slotWidth && a.slotHeight == b.slotHeight && a.limit == b.limit
            && a.limitInferred == b.limitInferred && a.fits == b.fits
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(device.id)
        hasher.combine(presentation)
        hasher.combine(surface)
        hasher.combine(surfaceScale)
    }
}
