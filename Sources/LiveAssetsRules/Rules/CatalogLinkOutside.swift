import LiveAssetsCore

extension RuleDescription {
    /// `catalog-link-outside`: an image set's file that is a symbolic link leading out of the tree checked,
    /// or a link to a folder or catalog leading out of the repository (not read). Its findings come from
    /// the scanner in `LiveAssets`, which looks at each listed file and each link to a folder it walks by.
    static let catalogLinkOutside = RuleDescription(
        .catalogLinkOutside, title: "Catalog file links outside", severity: .warning,
        summary: "A file an image set lists is a symbolic link that leads outside the folder or catalog checked, or a link to a folder or catalog leads outside the repository (and is not read).",
        rationale: """
            Xcode copies what a link in an image set leads to, so the app ships a file that lives outside \
            the project: on another machine the link leads elsewhere or nowhere, and a change to the file \
            outside is never reviewed with the project. In a pull request such a link can point at any file \
            of the machine that builds it. `fit --in-place` never writes through a link it finds, so the \
            image stays as it is. A link to a folder or catalog (a shared catalog a widget's folder links \
            to) is followed when it leads inside the repository (the folder holding `.git`, else the input \
            given), once whatever number of links lead there; one leading outside is named and not read, \
            so its images are not checked.
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
