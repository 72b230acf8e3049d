import LiveAssetsCore

extension RuleDescription {
    /// `sixteen-bit`: twice the memory for what the screen cannot show.
    static let sixteenBit = RuleDescription(
        .sixteenBit, title: "16-bit image", severity: .warning,
        summary: "A 16-bit image: twice the memory for no visible gain on device.",
        rationale: """
            A PNG with 16 bits per sample decodes to 8 bytes a pixel instead of 4, in a widget extension \
            whose memory is reported to be capped at about 30 MB (see decoded-memory). The extra precision \
            matters for editing, not for a small view on a phone screen; the Human Interface Guidelines \
            even suggest an 8-bit palette for graphics that need no full 24-bit colour.
            """,
        sources: [.imagesHIG, .widgetMemory],
        fix: "Save the image with 8 bits per sample.",
        triggering: RuleExample(
            "logo.png, 90x90 px, 16 bits per sample",
            message: "logo.png has 16-bit samples, twice the memory of 8-bit for no visible gain; save it with 8 bits per sample.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90, bitDepth: 16))]),
        nonTriggering: RuleExample(
            "logo.png, 90x90 px, 8 bits per sample",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90))]))
}

extension AssetChecker {
    /// The message when `info` says the file `name` has 16-bit samples.
    static func sixteenBit(_ name: String, _ info: ImageInfo) -> String? {
        guard info.bitDepth == 16 else { return nil }
        return "\(name) has 16-bit samples, twice the memory of 8-bit for no visible gain; save it with 8 bits per sample."
    }
}
