import LiveAssetsCore

extension RuleDescription {
    /// `catalog-invalid-json`: an image set Xcode cannot read. Its findings come from the scanner in
    /// `LiveAssets`, which reads the file, and `ImageSetContents`, which parses it.
    static let catalogInvalidJSON = RuleDescription(
        .catalogInvalidJSON, title: "Invalid Contents.json", severity: .error,
        summary: "A Contents.json that is not valid JSON.",
        rationale: """
            An image set is described by its Contents.json; when that file is not valid JSON (a merge \
            conflict, a hand edit) or not the structure Apple documents, Xcode cannot build the image set \
            and none of its images are checked. The finding gives the line and column where reading stopped.
            """,
        sources: [.imageSetFormat, .json],
        fix: "Correct the file at the line and column given, or let Xcode write it again.",
        triggering: RuleExample(
            "Logo.imageset, whose Contents.json ends before its closing brackets",
            message: "Widgets.xcassets/Logo.imageset/Contents.json is not a valid image set description at line 1, column 71: expected ',' or ']' after an array element.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .text(#"{"images":[{"filename":"logo@3x.png","idiom":"universal","scale":"3x"}"#)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset, whose Contents.json is whole",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .text(#"{"images":[{"filename":"logo@3x.png","idiom":"universal","scale":"3x"}]}"#)),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}
