import LiveAssetsCore

extension RuleDescription {
    /// `catalog-missing-file`: an entry without its file. Its findings come from the scanner in
    /// `LiveAssets`, which reads the image set's folder.
    static let catalogMissingFile = RuleDescription(
        .catalogMissingFile, title: "Catalog lists a missing file", severity: .error,
        summary: "A Contents.json entry names a file that is not in the image set.",
        rationale: """
            An image set's Contents.json names, for each slot, a file inside the image set's folder. When \
            that file is missing (renamed, not added to version control, or a path outside the folder), \
            the devices of that slot get another scale's file or no image at all, and what was meant for \
            them cannot be checked.
            """,
        sources: [.imageSetFormat],
        fix: "Add the file to the image set, or correct or clear the entry in Xcode.",
        triggering: RuleExample(
            "Logo.imageset, whose Contents.json lists logo@3x.png, which is not in it",
            message: "Widgets.xcassets/Logo.imageset/Contents.json lists logo@3x.png, which is not in the Logo image set.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")]))]),
        nonTriggering: RuleExample(
            "Logo.imageset with the logo@3x.png its Contents.json lists",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}
