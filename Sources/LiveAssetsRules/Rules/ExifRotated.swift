import LiveAssetsCore

extension RuleDescription {
    /// `exif-rotated`: a stored size that is not the shown size.
    static let exifRotated = RuleDescription(
        .exifRotated, title: "EXIF-rotated image", severity: .warning,
        summary: "A JPEG whose EXIF orientation turns it: its displayed size differs from its stored size.",
        rationale: """
            A camera stores a photo as its sensor read it and records in EXIF (the Orientation tag) how to \
            turn it; UIKit and SwiftUI show it turned, so a 480x320 photo with orientation 6 is shown, and \
            limited, as 320x480. LiveAssets checks the shown size, but tools that ignore the tag (and people \
            reading a file browser) see the other one, and a limit that fits one way may not fit the other.
            """,
        sources: [.init("CIPA DC-008, Exif: the Orientation tag", "https://www.cipa.jp/e/std/std-sec.html")],
        fix: "Save the image upright, with its orientation applied and the tag reset to 1 (fit writes oversized images upright).",
        triggering: RuleExample(
            "photo.jpg, stored 480x320 px with EXIF orientation 6 (turned 90 degrees clockwise)",
            message: "photo.jpg is stored 480x320 px but its EXIF orientation 6 shows it 320x480 px, the size checked; save it upright so every tool sees that size.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.jpg", .jpeg(width: 480, height: 320, orientation: 6))]),
        nonTriggering: RuleExample(
            "photo.jpg, stored upright 320x480 px",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.jpg", .jpeg(width: 320, height: 480))]))
}

extension AssetChecker {
    /// The message when `info` says the file `name` is turned by its EXIF orientation.
    static func exifRotated(_ name: String, _ info: ImageInfo) -> String? {
        // A HEIF's irot and imir boxes are essential properties that every reader applies.
        guard info.orientation != .up, info.format != .heif else { return nil }
        return "\(name) is stored \(info.width)x\(info.height) px but its EXIF orientation \(info.orientation.rawValue) shows it \(info.displayWidth)x\(info.displayHeight) px, the size checked; save it upright so every tool sees that size."
    }
}
