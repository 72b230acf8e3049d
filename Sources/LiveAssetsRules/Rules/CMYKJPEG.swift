import LiveAssetsCore

extension RuleDescription {
    /// `cmyk-jpeg`: a print colour model in a screen's image.
    static let cmykJPEG = RuleDescription(
        .cmykJPEG, title: "CMYK JPEG", severity: .warning,
        summary: "A CMYK or YCCK JPEG: colours depend on the decoder; use RGB.",
        rationale: """
            CMYK is a print colour model: a screen shows RGB, so every decoder converts a CMYK or YCCK JPEG, \
            and decoders differ, notably on the inverted CMYK that Adobe applications write (marked by an \
            APP14 segment, which libjpeg's documentation describes). The same file can then look different \
            in a design tool, in a browser and on the device. Converting it to RGB once, keeping a colour \
            profile (the Human Interface Guidelines ask for one with each image), makes the colours the \
            author's.
            """,
        sources: [.imagesHIG, .init("libjpeg-turbo, libjpeg.txt (Adobe APP14 and CMYK)", "https://github.com/libjpeg-turbo/libjpeg-turbo/blob/main/doc/libjpeg.txt")],
        fix: "Save the image as an RGB JPEG with a colour profile.",
        triggering: RuleExample(
            "poster.jpg, 600x400 px, a CMYK JPEG written with an Adobe APP14 segment",
            message: "poster.jpg is a CMYK JPEG, whose colours depend on the decoder; save it as RGB.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("poster.jpg", .jpeg(width: 600, height: 400, cmyk: true))]),
        nonTriggering: RuleExample(
            "poster.jpg, 600x400 px, in RGB (YCbCr)",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("poster.jpg", .jpeg(width: 600, height: 400))]))
}

extension AssetChecker {
    /// The message when `info` says the file `name` is a CMYK or YCCK JPEG.
    static func cmykJPEG(_ name: String, _ info: ImageInfo) -> String? {
        guard info.colorModel == .cmyk || info.colorModel == .ycck else { return nil }
        return "\(name) is a \(info.colorModel.displayName) JPEG, whose colours depend on the decoder; save it as RGB."
    }
}
