import LiveAssetsCore

extension RuleDescription {
    /// `undecodable-name`: a name that is bytes, not text. Its findings come from the scanner in
    /// `LiveAssets`, which walks the file tree.
    static let undecodableName = RuleDescription(
        .undecodableName, title: "Name not valid UTF-8", severity: .warning,
        summary: "An image or folder whose name is not valid UTF-8: it is checked, but fit does not write under it and other tools may not handle it.",
        rationale: """
            Linux file systems accept any bytes in a name, but JSON, and so Contents.json, holds only \
            Unicode text, and Apple's file system stores names as UTF-8: such a file cannot be listed in an \
            asset catalog, and may not survive a checkout on a Mac. LiveAssets reads it by its bytes and \
            shows the bad ones as U+FFFD, but does not write a fitted copy under a name it cannot say.
            """,
        sources: [.json,
                  .init("Apple File System Guide, Frequently Asked Questions", "https://developer.apple.com/library/archive/documentation/FileManagement/Conceptual/APFS_Guide/FAQ/FAQ.html")],
        fix: "Rename the file or folder with a UTF-8 name.",
        triggering: RuleExample(
            "logo\u{FFFD}.png, a PNG whose name holds the byte 0xFF, which UTF-8 never uses",
            message: "logo\u{FFFD}.png has a name that is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; it is checked, but rename it.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [(String(fileSystemBytes: Array("logo".utf8) + [0xFF] + Array(".png".utf8)), .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "logo.png, a PNG with a UTF-8 name",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90))]))
}
