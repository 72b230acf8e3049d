import LiveAssetsCore

extension RuleDescription {
    /// `mac-name-collision`: two names a Mac takes for one file. Its findings come from the scanner in
    /// `LiveAssets`, which compares the names of each image set and of the loose images of each folder.
    static let macNameCollision = RuleDescription(
        .macNameCollision, title: "Names one file on a Mac", severity: .warning,
        summary: "An image set or folder holds two names that differ only in case or in Unicode normalization, which a Mac's file system takes for one file.",
        rationale: """
            Linux keeps `Icon@2x.png` and `icon@2x.png`, or a name with `é` as one character (NFC) and as \
            `e` and a combining accent (NFD), as two files. APFS and HFS+, as macOS formats them by default, \
            are case-insensitive and normalization-insensitive: once the commit is checked out on a Mac \
            they are one file, one image is gone, and Xcode builds whichever is left. `fit` never gives a \
            new file such a name.
            """,
        sources: [.init("Apple File System Guide, Frequently Asked Questions", "https://developer.apple.com/library/archive/documentation/FileManagement/Conceptual/APFS_Guide/FAQ/FAQ.html")],
        fix: "Rename or delete one of the two files, so that each name is its own on a Mac.",
        triggering: RuleExample(
            "Logo.imageset holding icon@2x.png, which Contents.json lists, and an unlisted Icon@2x.png",
            message: "Widgets.xcassets/Logo.imageset holds Icon@2x.png and icon@2x.png, which differ only in case, so a Mac's file system takes them for one file and one is lost when the repository is checked out there; rename or delete one.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("icon@2x.png", "universal", "2x")])),
                    ("Widgets.xcassets/Logo.imageset/icon@2x.png", .png(width: 60, height: 60)),
                    ("Widgets.xcassets/Logo.imageset/Icon@2x.png", .png(width: 60, height: 60))]),
        nonTriggering: RuleExample(
            "Logo.imageset holding icon@2x.png and icon@3x.png, both listed",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("icon@2x.png", "universal", "2x"), ("icon@3x.png", "universal", "3x")])),
                    ("Widgets.xcassets/Logo.imageset/icon@2x.png", .png(width: 60, height: 60)),
                    ("Widgets.xcassets/Logo.imageset/icon@3x.png", .png(width: 90, height: 90))]))
}
