import LiveAssetsCore

extension RuleDescription {
    /// `catalog-duplicate-key`: a value nobody reads. Its findings come from the scanner in `LiveAssets`,
    /// from what `JSONNode` records while parsing.
    static let catalogDuplicateKey = RuleDescription(
        .catalogDuplicateKey, title: "Key repeated in Contents.json", severity: .warning,
        summary: "A Contents.json object that holds a key twice: LiveAssets, like most readers, keeps the last value, so the first is silently ignored.",
        rationale: """
            JSON does not define what a repeated key means ("the names within an object SHOULD be unique"); \
            readers keep one of the values, most often the last, without a word. A Contents.json entry with \
            two scales or two file names is usually a bad merge, and the value the author sees first may \
            not be the one Xcode, or LiveAssets, uses.
            """,
        sources: [.json, .imageSetFormat],
        fix: "Keep one of the values and remove the other.",
        triggering: RuleExample(
            "Logo.imageset, whose one entry gives \"scale\" twice (2x, then 3x)",
            message: "Widgets.xcassets/Logo.imageset/Contents.json repeats the key \"scale\" in images[0] (first at line 1), so only this last value is read; remove the other.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .text(#"{"images":[{"filename":"logo@3x.png","idiom":"universal","scale":"2x","scale":"3x"}]}"#)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset, whose one entry gives \"scale\" once",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .text(#"{"images":[{"filename":"logo@3x.png","idiom":"universal","scale":"3x"}]}"#)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}
