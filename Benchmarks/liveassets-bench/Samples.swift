import Foundation
import LiveAssets

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
    }
}
