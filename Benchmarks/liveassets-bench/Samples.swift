import Foundation
import LiveAssetsRun

/// `liveassets-bench samples DIR`: writes the small assets in `samples/` with the project's own encoders.
enum Samples {
    static func write(to directory: String) throws {
        let folder = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func save(_ name: String, _ data: Data) throws {
            try data.write(to: folder.appendingPathComponent(name))
            print("wrote \(directory)/\(name) (\(data.count) bytes)")
        }
        // A 40 pt badge at @3x with a transparent background.
        try save("badge@3x.png", try ImageEncoders.PNG(compressionLevel: 9).encode(
            SyntheticImages.picture(width: 120, height: 120, layout: .rgba, seed: 1, grain: 0)))
        // A photo stored landscape 480x320 whose EXIF says "rotate 90° clockwise": shown 320x480.
        try save("photo-exif-rotated.jpg", try ImageEncoders.JPEG(quality: 80, exif: SyntheticImages.orientationEXIF(.right))
            .encode(SyntheticImages.picture(width: 480, height: 320, layout: .rgb, seed: 2)))
        // A 2400x1200 hero image: larger than any Live Activity presentation on any device.
        try save("hero-oversized.jpg", try ImageEncoders.JPEG(quality: 70, progressive: true)
            .encode(SyntheticImages.picture(width: 2400, height: 1200, layout: .rgb, seed: 3, grain: 0)))
        // A 1x grayscale logo with no scale suffix.
        try save("logo-gray.png", try ImageEncoders.PNG(compressionLevel: 9).encode(
            SyntheticImages.picture(width: 64, height: 64, layout: .gray, seed: 4, grain: 0)))
        try writeCatalog(in: folder.appendingPathComponent("Widgets.xcassets"), save: save)
    }

    /// A catalog as Xcode writes it: a clean badge at @2x and @3x (36 pt), and a team logo with only a
    /// @3x variant, 300x300 px, too large for the compact presentations it is configured for.
    static func writeCatalog(in catalog: URL, save: (String, Data) throws -> Void) throws {
        let png = ImageEncoders.PNG(compressionLevel: 9)
        func imageSet(_ name: String, _ entries: [(file: String?, scale: String)]) -> String {
            let images = entries.map { entry in
                (entry.file.map { "      \"filename\" : \"\($0)\",\n" } ?? "")
                    + "      \"idiom\" : \"universal\",\n      \"scale\" : \"\(entry.scale)\"\n"
            }
            return "{\n  \"images\" : [\n" + images.map { "    {\n" + $0 + "    }" }.joined(separator: ",\n")
                + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        }
        for folder in ["Badge.imageset", "TeamLogo.imageset"] {
            try FileManager.default.createDirectory(at: catalog.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try save("Widgets.xcassets/Contents.json", Data("{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n".utf8))
        try save("Widgets.xcassets/Badge.imageset/Contents.json", Data(imageSet("Badge", [
            (nil, "1x"), ("badge@2x.png", "2x"), ("badge@3x.png", "3x"),
        ]).utf8))
        try save("Widgets.xcassets/Badge.imageset/badge@2x.png", try png.encode(
            SyntheticImages.picture(width: 72, height: 72, layout: .rgba, seed: 5, grain: 0)))
        try save("Widgets.xcassets/Badge.imageset/badge@3x.png", try png.encode(
            SyntheticImages.picture(width: 108, height: 108, layout: .rgba, seed: 5, grain: 0)))
        try save("Widgets.xcassets/TeamLogo.imageset/Contents.json", Data(imageSet("TeamLogo", [
            (nil, "1x"), (nil, "2x"), ("team-logo.png", "3x"),
        ]).utf8))
        try save("Widgets.xcassets/TeamLogo.imageset/team-logo.png", try png.encode(
            SyntheticImages.picture(width: 300, height: 300, layout: .rgba, seed: 6, grain: 0)))
        try save(".liveassets.json", Data("""
            {
              "presentations": {
                "Widgets.xcassets/*.imageset": ["compact-leading", "compact-trailing", "minimal"],
                "hero-oversized.jpg": ["lock-screen"]
              },
              "devices": ["iphone", "ipad"]
            }

            """.utf8))
    }
}
