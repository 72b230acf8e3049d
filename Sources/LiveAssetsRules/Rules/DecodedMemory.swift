import LiveAssetsCore

extension RuleDescription {
    /// `decoded-memory`: what one catalog costs a widget extension once decoded.
    static let decodedMemory = RuleDescription(
        .decodedMemory, title: "Decoded memory over the extension budget", severity: .warning,
        summary: "The decoded images a device uses from one catalog exceed about 30 MB, the memory budget reported for widget extensions.",
        rationale: """
            Live Activity views are rendered by the app's widget extension, and an image takes its decoded \
            size in memory (4 bytes a pixel, 8 at 16 bits), not its file size. Apple publishes no budget, \
            for widgets or for Live Activities; developers report widget extensions stopped at 30 MB \
            ("widgets are limited to only 30 MB of memory", Feedback FB8832751, and crash logs naming a \
            30 MB high-watermark limit), and one measurement saw about 45 MB on a recent iPhone, so the \
            limit likely depends on the device and OS. LiveAssets adds up, for each device, the variants \
            it would load from one catalog and reports the device with the largest total when it is over \
            30 MB: a warning, since applying a widget budget to a Live Activity is our reading.
            """,
        sources: [.widgetMemory],
        fix: "Shrink the largest images, oversized ones to their suggested sizes first.",
        triggering: RuleExample(
            "Photo.imageset, whose one image is 2900x2900 px, loaded by iPhone 16 Pro",
            message: "Widgets.xcassets hands iPhone 16 Pro (iphone-402x874) images that decode to about 34 MB, over the ~30 MB memory budget reported for widget extensions; shrink the largest images.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Photo.imageset/Contents.json", .imageSet([("photo.png", "universal", "1x")])),
                    ("Widgets.xcassets/Photo.imageset/photo.png", .png(width: 2900, height: 2900, bitDepth: 1, colorType: 0))]),
        nonTriggering: RuleExample(
            "Photo.imageset, whose one image is 2000x2000 px (16 MB decoded), loaded by iPhone 16 Pro",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Photo.imageset/Contents.json", .imageSet([("photo.png", "universal", "1x")])),
                    ("Widgets.xcassets/Photo.imageset/photo.png", .png(width: 2000, height: 2000, bitDepth: 1, colorType: 0))]))
}

extension AssetChecker {
    /// The reported memory budget of a widget extension, where Live Activity views are rendered.
    package static let decodedMemoryBudget = Preflight.defaultMemoryBudget

    /// Findings for the images one catalog hands each device: their decoded size against the budget.
    package static func decodedMemoryFindings(catalogPath: String, assets: [Asset], devices: [DeviceClass]) -> [Finding] {
        decodedMemoryFindings(catalogPath: catalogPath, assets: assets, limits: DeviceLimits(devices))
    }

    /// ``decodedMemoryFindings(catalogPath:assets:devices:)`` on the devices of `limits`.
    package static func decodedMemoryFindings(catalogPath: String, assets: [Asset], limits: DeviceLimits) -> [Finding] {
        var worst: (device: DeviceClass, bytes: Int)?
        for device in limits.devices.indices {
            var bytes = 0
            for asset in assets {
                guard let group = asset.appearanceGroups.first,
                      let info = limits.variant(loadedBy: device, from: group).flatMap({ group[$0].info }) else { continue }
                bytes += info.width * info.height * (info.bitDepth == 16 ? 8 : 4)
            }
            if bytes > (worst?.bytes ?? 0) { worst = (limits.classes[device], bytes) }
        }
        guard let worst, worst.bytes > decodedMemoryBudget else { return [] }
        let megabytes = (worst.bytes + 500_000) / 1_000_000
        return [Finding(
            rule: .decodedMemory, path: catalogPath, device: worst.device.id,
            message: "\(catalogPath) hands \(worst.device.displayName) (\(worst.device.id)) images that decode to about \(megabytes) MB, over the ~\(decodedMemoryBudget / 1_000_000) MB memory budget reported for widget extensions; shrink the largest images.",
            usesInferredLimit: true, model: worst.device.displayName)]
    }
}
