import LiveAssetsCore

extension RuleDescription {
    /// `catalog-link-outside`: an image set's file that is a symbolic link leading out of the tree checked.
    /// Its findings come from the scanner in `LiveAssets`, which looks at each listed file.
    static let catalogLinkOutside = RuleDescription(
        .catalogLinkOutside, title: "Catalog file links outside", severity: .warning,
        summary: "A file an image set lists is a symbolic link that leads outside the folder or catalog checked.",
        rationale: """
            Xcode copies what a link in an image set leads to, so the app ships a file that lives outside \
            the project: on another machine the link leads elsewhere or nowhere, and a change to the file \
            outside is never reviewed with the project. In a pull request such a link can point at any file \
            of the machine that builds it. `fit --in-place` never writes through a link it finds, so the \
            image stays as it is.
            """,
        sources: [.imageSetFormat],
        fix: "Replace the link with the file itself, inside the image set.",
        triggering: RuleExample(
            "Logo.imageset listing logo@3x.png, a link to ../../shared/logo@3x.png outside the catalog",
            message: "Widgets.xcassets/Logo.imageset/logo@3x.png is a symbolic link leading outside Widgets.xcassets, so the app ships a file from elsewhere; replace the link with the file itself.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .link("../../shared/logo@3x.png")),
                    ("shared/logo@3x.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "Logo.imageset listing logo@3x.png, a link to ../Shared.imageset/logo@3x.png in the same catalog",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/logo@3x.png", .link("../Shared.imageset/logo@3x.png")),
                    ("Widgets.xcassets/Shared.imageset/Contents.json", .imageSet([("logo@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Shared.imageset/logo@3x.png", .png(width: 90, height: 90))]))
}
