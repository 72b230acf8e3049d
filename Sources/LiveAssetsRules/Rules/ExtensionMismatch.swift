import LiveAssetsCore

extension RuleDescription {
    /// `extension-mismatch`: a name that promises another format.
    static let extensionMismatch = RuleDescription(
        .extensionMismatch, title: "Extension does not match the format", severity: .warning,
        summary: "A file whose extension names another format than its bytes.",
        rationale: """
            Decoders on Apple platforms read a file by its bytes, so a JPEG named .png usually shows; but \
            tools along the way (asset compilers, optimisers, upload scripts, `fit`'s encoder) choose by \
            the extension, and the asset catalog records the name. A JPEG saved as .png was usually \
            exported for a format it never got: the Human Interface Guidelines recommend PNG for raster \
            artwork and JPEG or HEIC for photos.
            """,
        sources: [.imagesHIG],
        fix: "Rename the file to its format's extension, or export it again in the format its name gives.",
        triggering: RuleExample(
            "photo.png, holding JPEG data",
            message: "photo.png holds JPEG data under a .png extension; rename it to match its format.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.png", .jpeg(width: 600, height: 400))]),
        nonTriggering: RuleExample(
            "photo.jpg, holding JPEG data",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("photo.jpg", .jpeg(width: 600, height: 400))]))
}

extension AssetChecker {
    /// The message when the file `name` holds another format than its extension names.
    static func extensionMismatch(_ name: String, _ info: ImageInfo) -> String? {
        guard let expected = ImageFormat.expected(forFileName: name), expected != info.format else { return nil }
        return "\(name) holds \(info.format.displayName) data under a .\(name.split(separator: ".").last!) extension; rename it to match its format."
    }
}

extension ImageFormat {
    /// The format a file name's extension promises, for the formats LiveAssets reads.
    static func expected(forFileName name: String) -> ImageFormat? {
        switch name.packedExtension {
        case packedExtension("png"): .png
        case packedExtension("jpg"), packedExtension("jpeg"), packedExtension("jpe"), packedExtension("jfif"): .jpeg
        default: nil
        }
    }
}
