import LiveAssetsCore

extension RuleDescription {
    /// `variants-not-scaled`: one image exported once and put in every scale's slot.
    static let variantsNotScaled = RuleDescription(
        .variantsNotScaled, title: "Scale variants of one size", severity: .warning,
        summary: "Two scale variants of an image have the same size in pixels, so devices of different scales show it at different sizes.",
        rationale: """
            A @2x variant holds twice the pixels of the @1x one on each axis, and a @3x three times: each \
            device loads the variant of its own scale and shows it at its pixels over that scale, in points, \
            so every device shows the image at one size. When two scales hold the same pixels, the image is \
            drawn half as large on a @2x device as on a @1x one, a third as large on a @3x: usually one file \
            exported once and copied into every slot, sized for none of them or for the largest screen only.
            """,
        sources: [.imagesHIG, .imageSetFormat],
        fix: "Export the image once per scale (@2x twice the @1x size on each axis, @3x three times), or keep only the variant of the scale it was made for.",
        triggering: RuleExample(
            "Logo.imageset, whose 1x, 2x and 3x files are all 60x50 px",
            message: "Logo.imageset has the same 60x50 px image at @1x, @2x and @3x, so devices of each scale show it at a different size; export it at each scale's size (@2x twice @1x on each axis, @3x three times).",
            options: ["--devices", "iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json",
                     .imageSet([("logo.png", "universal", "1x"), ("logo@2x.png", "universal", "2x"), ("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo.png", .png(width: 60, height: 50)),
                    ("Widgets.xcassets/Logo.imageset/logo@2x.png", .png(width: 60, height: 50)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 60, height: 50))]),
        nonTriggering: RuleExample(
            "Logo.imageset, whose 1x, 2x and 3x files are 60x50, 120x100 and 180x150 px",
            options: ["--devices", "iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json",
                     .imageSet([("logo.png", "universal", "1x"), ("logo@2x.png", "universal", "2x"), ("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo.png", .png(width: 60, height: 50)),
                    ("Widgets.xcassets/Logo.imageset/logo@2x.png", .png(width: 120, height: 100)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 180, height: 150))]))
}

extension AssetChecker {
    /// One finding for each appearance of `asset` in which files declared for two scales (by the catalog or
    /// their names) of one idiom and set of traits have the same displayed size; about the first such size.
    static func variantsNotScaled(_ asset: Asset) -> [Finding] {
        // Most assets (a loose file, a one-file set) hold no pair: nothing grouped for them.
        guard asset.variants.count(where: { $0.scale != nil }) > 1 else { return [] }
        var findings: [Finding] = []
        for group in asset.appearanceGroups {
            // By idiom and traits: a P3 @3x beside an sRGB @2x is no pair.
            var slots: [[AssetVariant]] = []
            for variant in group where variant.scale != nil && variant.info != nil {
                if let index = slots.firstIndex(where: { $0[0].idiom == variant.idiom && $0[0].traits == variant.traits }) {
                    slots[index].append(variant)
                } else {
                    slots.append([variant])
                }
            }
            search: for slot in slots {
                for variant in slot {
                    let size = variant.info!.displaySize
                    let scales = Set(slot.filter { $0.info!.displaySize == size }.compactMap(\.scale)).sorted()
                    guard scales.count > 1 else { continue }
                    let appearance = group.first?.appearance.map { " (\($0) appearance)" } ?? ""
                    findings.append(Finding(
                        rule: .variantsNotScaled, path: asset.reportPath, line: variant.reportLine, column: variant.reportColumn,
                        actual: size,
                        message: "\(asset.displayName)\(appearance) has the same \(size) px image at \(scales.map { "@\($0)x" }.spokenList()), so devices of each scale show it at a different size; export it at each scale's size (@2x twice @1x on each axis, @3x three times)."))
                    break search
                }
            }
        }
        return findings
    }
}
