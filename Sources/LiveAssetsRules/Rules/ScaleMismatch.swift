import LiveAssetsCore

extension RuleDescription {
    /// `scale-mismatch`: a file name and its catalog entry that disagree on the scale.
    static let scaleMismatch = RuleDescription(
        .scaleMismatch, title: "Scale suffix contradicts the catalog", severity: .warning,
        summary: "A file's @2x/@3x suffix disagrees with the scale its catalog entry declares.",
        rationale: """
            Apple's naming convention puts the scale in the file name (@2x, @3x), but in an asset catalog \
            the entry's `scale` key is what decides which devices load the file. When the two disagree, \
            the file is measured and shipped at the catalog's scale, usually not the one its author sized \
            it for, so its limit in pixels is off by a third or a half.
            """,
        sources: [.imagesHIG, .imageSetFormat],
        fix: "Move the file to the slot of its scale in Xcode, or rename it to match its slot.",
        triggering: RuleExample(
            "Logo.imageset, whose logo@3x.png sits in the 2x slot, on iPhone XR (@2x)",
            message: "logo@3x.png is named @3x but its Contents.json entry declares 2x; the catalog's scale is the one used, so rename the file or fix the entry.",
            options: ["--devices", "iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "2x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset, whose logo@2x.png sits in the 2x slot, on iPhone XR",
            options: ["--devices", "iPhone XR", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@2x.png", "universal", "2x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@2x.png", .png(width: 90, height: 90))]))
}

extension AssetChecker {
    /// The message when `variant`'s name and its catalog entry give different scales.
    static func scaleMismatch(_ variant: AssetVariant) -> String? {
        guard let catalog = variant.catalogScale, let suffix = variant.suffixScale, catalog != suffix else { return nil }
        return "\(variant.fileName) is named @\(suffix)x but its Contents.json entry declares \(catalog)x; the catalog's scale is the one used, so rename the file or fix the entry."
    }
}
