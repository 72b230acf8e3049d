import LiveAssetsCore

extension RuleDescription {
    /// `missing-scale-variant`: a device that falls back to another scale's file.
    static let missingScaleVariant = RuleDescription(
        .missingScaleVariant, title: "Missing scale variant", severity: .warning,
        summary: "An image (an image set, or @2x/@3x files outside a catalog) has no variant for a device's scale, so the device falls back to another scale.",
        rationale: """
            The limit a device applies is its presentation size in points times its own scale, so a @3x file \
            loaded by a @2x device (an iPhone 11, an iPhone SE) has only 4/9 of the pixel budget the file was \
            made for. An asset catalog gives each scale a slot (1x, 2x, 3x); when the slot a device needs is empty, the device takes another scale's file. \
            One finding per image set and appearance names the missing scales and how many device classes \
            fall back; `oversized` then judges the file they load.
            """,
        sources: [.imageSetFormat, .imagesHIG, .activityRequest],
        fix: "Add the missing variant, sized for that scale's devices (fit writes one).",
        triggering: RuleExample(
            "Logo.imageset with a @3x variant only, on the Lock Screen of iPhone 16 Pro (@3x) and iPhone XR (@2x)",
            message: "Logo.imageset has no @2x variant, so iPhone XR uses the @3x one; add it.",
            options: ["--devices", "iPhone 16 Pro,iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([(nil, "universal", "2x"), ("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset with @2x and @3x variants, on the same devices",
            options: ["--devices", "iPhone 16 Pro,iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@2x.png", "universal", "2x"), ("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@2x.png", .png(width: 60, height: 60)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}

extension AssetChecker {
    /// The one finding of `group`, an appearance of `asset`: its missing scales (`missing`, by scale: the
    /// index in `group` of the variant the devices at those indices in `devices` use instead), and how
    /// many classes fall back (the first models by name).
    static func missingScaleVariant(_ asset: Asset, group: [AssetVariant], missing: [Int: (fallback: Int, devices: [Int])],
                                    limits: DeviceLimits) -> Finding {
        let devices = limits.classes
        let scales = missing.keys.sorted()
        let classes = scales.flatMap { missing[$0]!.devices }
        let fallback = group[missing[scales[0]]!.fallback]
        let appearance = group.first?.appearance.map { " (\($0) appearance)" } ?? ""
        let slot = asset.emptySlots.first { $0.scale == scales[0] && $0.appearance == group.first?.appearance }
        let names = scales.map { "@\($0)x" }
        let missingText = names.spokenList("or") + (names.count == 1 ? " variant" : " variants")
        // Two classes or fewer are named; of more, the first two are named and the rest counted.
        let who = deviceList(classes, of: limits.names) + (classes.count > 2 ? " device classes" : "")
        let use = scales.count == 1 ? "the @\(fallback.effectiveScale)x one" : "another scale"
        var finding = Finding(
            rule: .missingScaleVariant, path: asset.reportPath, line: slot?.line, column: slot?.column,
            device: devices[classes[0]].id,
            actual: fallback.info.map(\.displaySize),
            scale: fallback.effectiveScale,
            message: "\(asset.displayName)\(appearance) has no \(missingText), so \(who) \(classes.count == 1 ? "uses" : "use") \(use); add \(scales.count == 1 ? "it" : "them").",
            model: limits.names.models[classes[0]])
        finding.devices = classes.map { devices[$0].id }
        return finding
    }
}
