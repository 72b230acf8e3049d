import LiveAssetsCore

extension RuleDescription {
    /// `unreadable`: a file that claims to be an image and is not one LiveAssets can read. Its findings
    /// come from the probe's typed errors (the scanner in `LiveAssets` words the file-system ones).
    static let unreadable = RuleDescription(
        .unreadable, title: "Unreadable image", severity: .error,
        summary: "A file that cannot be read as an image.",
        rationale: """
            A file named as a PNG or JPEG whose bytes are not one (a saved error page, a damaged export, a \
            file the tool may not open) cannot be shown as meant, and cannot be measured. LiveAssets never counts such a file as clean: the finding gives the cause \
            the reader found (the signature, the chunk or marker that is wrong, the permission refused).
            """,
        sources: [.png, .jpeg],
        fix: "Export the image again from its source, or make it readable.",
        triggering: RuleExample(
            "logo.png, holding the text \"not an image\"",
            message: "logo.png is not a PNG or JPEG image: it starts with 6E 6F 74 20 61 6E 20 69.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .text("not an image\n"))]),
        nonTriggering: RuleExample(
            "logo.png, a PNG of 90x90 px",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90))]))
}
