import LiveAssetsCore

extension RuleDescription {
    /// `unsupported-format`: an image LiveAssets cannot measure is listed, never passed.
    static let unsupportedFormat = RuleDescription(
        .unsupportedFormat, title: "Format not validated", severity: .warning,
        summary: "WebP, PDF, SVG and other formats LiveAssets cannot measure: listed as not validated.",
        rationale: """
            Asset catalogs also hold PDF and SVG files, and apps download WebP, GIF or AVIF images, which \
            LiveAssets does not read (a PDF or SVG kept as a vector is drawn at the size it is shown, so its \
            limit works otherwise). HEIF/HEIC photos are measured from their header, though not fitted. \
            A check that cannot measure an image must not count it as passing, so each such file gets this \
            finding. The Human Interface Guidelines recommend PNG for raster artwork, JPEG or HEIC for \
            photos, and PDF or SVG for flat artwork and icons.
            """,
        sources: [.imagesHIG, .imageSetFormat],
        fix: "Export the image as PNG or JPEG to have it checked, or check its size by hand.",
        triggering: RuleExample(
            "photo.webp, a WebP image",
            message: "photo.webp is a WebP file, which LiveAssets cannot measure, so it was not validated; use PNG or JPEG to have it checked.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.webp", .bytes(Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 12)))]),
        nonTriggering: RuleExample(
            "photo.jpg, a JPEG",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.jpg", .jpeg(width: 600, height: 400))]))
}

extension AssetChecker {
    /// The message for `name`, a file in `format`, which LiveAssets does not measure.
    static func unsupportedFormat(_ name: String, _ format: ImageFormat) -> String {
        "\(name) is a \(format.displayName) file, which LiveAssets cannot measure, so it was not validated; use PNG or JPEG to have it checked."
    }
}
