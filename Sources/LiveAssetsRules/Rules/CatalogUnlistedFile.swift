import LiveAssetsCore

extension RuleDescription {
    /// `catalog-unlisted-file`: an image Xcode will not ship. Its findings come from the scanner in
    /// `LiveAssets`, which lists the image set's folder.
    static let catalogUnlistedFile = RuleDescription(
        .catalogUnlistedFile, title: "File not listed in the catalog", severity: .warning,
        summary: "An image file in a catalog that no Contents.json lists, inside or outside an image set, so Xcode ignores it.",
        rationale: """
            Xcode builds an image set from the files its Contents.json lists; any other image in the \
            folder is left out of the app, as is an image put in the catalog or one of its groups outside \
            any image set. Such a file is usually a replacement that was copied in but never assigned to a \
            slot, so the app ships the old image while the new one looks checked.
            """,
        sources: [.imageSetFormat],
        fix: "Assign the file to a slot in Xcode, or delete it.",
        triggering: RuleExample(
            "Logo.imageset holding logo-new.png beside the logo@3x.png its Contents.json lists",
            message: "Widgets.xcassets/Logo.imageset/logo-new.png is not listed in the image set's Contents.json, so Xcode ignores it; list it or delete it.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90)),
                    ("Widgets.xcassets/Logo.imageset/logo-new.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset holding only the logo@3x.png its Contents.json lists",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}
