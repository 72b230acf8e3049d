import LiveAssetsCore

extension RuleDescription {
    /// `animated-png`: frames nobody sees.
    static let animatedPNG = RuleDescription(
        .animatedPNG, title: "Animated PNG", severity: .warning,
        summary: "An animated PNG: a Live Activity shows no animation.",
        rationale: """
            A Live Activity changes through ActivityKit updates, which the system animates with its own \
            transitions; Apple says nothing of animated images there, and a third-party analysis of how \
            widget views are archived found GIF and animated images unsupported. An animated PNG (one with \
            an acTL chunk) is then one frame at best, and its other frames cost bytes and may be what its \
            author meant to be seen.
            """,
        sources: [.understandConstraints, .png],
        fix: "Keep the one frame you want shown, saved as a plain PNG.",
        triggering: RuleExample(
            "spinner.png, an animated PNG of 2 frames, 60x60 px",
            message: "spinner.png is an animated PNG with 2 frames, but a Live Activity shows no animation; keep one frame.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("spinner.png", .png(width: 60, height: 60, frames: 2))]),
        nonTriggering: RuleExample(
            "spinner.png, one frame, 60x60 px",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("spinner.png", .png(width: 60, height: 60))]))
}

extension AssetChecker {
    /// The message when `info` says the file `name` is an animated PNG.
    static func animatedPNG(_ name: String, _ info: ImageInfo) -> String? {
        guard info.isAnimated else { return nil }
        return "\(name) is an animated PNG with \(info.frameCount) frames, but a Live Activity shows no animation; keep one frame."
    }
}
