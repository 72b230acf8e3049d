import LiveAssetsCore

extension RuleDescription {
    /// `truncated`: an image whose data stops before its format's end marker.
    static let truncated = RuleDescription(
        .truncated, title: "Truncated image", severity: .error,
        summary: "An image whose data ends before its end marker (PNG IEND, JPEG EOI): it may show garbage or fail to load.",
        rationale: """
            A PNG ends with an IEND chunk and a JPEG with an EOI marker; a file that stops before them was cut \
            short by a failed download, copy or export. Its header still gives a size, so a header-only check \
            would pass it, but decoders disagree on the missing rest: some show grey or garbage rows, some \
            refuse the image. LiveAssets finds the end marker (a walk over the PNG's chunks, the last 64 KiB \
            of a JPEG) without decoding pixels.
            """,
        sources: [.png, .jpeg],
        fix: "Export the image again from its source.",
        triggering: RuleExample(
            "logo.png, 90x90 px, cut before its IEND chunk",
            message: "logo.png is cut short: its PNG chunks stop at byte 32,546, the end of the file, without the IEND chunk that ends every PNG, so it may not load; export it again from its source.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90, cut: true))]),
        nonTriggering: RuleExample(
            "logo.png, 90x90 px, whole",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo.png", .png(width: 90, height: 90))]))
}

extension AssetChecker {
    /// The message when `info` says the file `name` is cut short.
    static func truncated(_ name: String, _ info: ImageInfo) -> String? {
        guard let truncation = info.truncation else { return nil }
        return "\(name) is cut short: \(truncation.clause(fileSize: info.fileSize)), so it may not load; export it again from its source."
    }
}
