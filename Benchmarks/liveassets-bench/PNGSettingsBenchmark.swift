import Foundation
import LiveAssetsRun

/// `liveassets-bench png`: what libpng's filters and zlib's level and strategy cost and give on the
/// images `fit` writes: photos with alpha (the folder's `alpha-*.png`, fitted into 640x480 as `fit`
/// does) and flat graphics with anti-aliased edges (drawn here, 640x480), encoded with each setting.
enum PNGSettingsBenchmark {
    typealias PNG = ImageEncoders.PNG

    struct Setting {
        let name: String
        let encoder: PNG
    }

    static let settings: [Setting] = {
        var list: [Setting] = []
        // libpng's own defaults: all five filters, strategy filtered.
        for level in [1, 3, 6, 9] {
            list.append(Setting(name: "level \(level), all filters, strategy filtered (libpng's default)",
                                encoder: PNG(compressionLevel: level, filters: .all, strategy: .filtered)))
        }
        let filters: [(String, PNG.Filters)] = [("none", .noFilter), ("sub", .sub), ("up", .up), ("average", .average),
                                                ("paeth", .paeth), ("all five (adaptive)", .all)]
        for (name, mask) in filters {
            list.append(Setting(name: "level 6, filter \(name), strategy filtered", encoder: PNG(compressionLevel: 6, filters: mask, strategy: .filtered)))
        }
        for strategy in PNG.Strategy.allCases where strategy != .filtered {
            list.append(Setting(name: "level 6, all filters, strategy \(strategy)" + (strategy == .rle ? " (the encoder's default, fit's)" : ""),
                                encoder: PNG(compressionLevel: 6, filters: .all, strategy: strategy)))
        }
        for level in [1, 9] {
            list.append(Setting(name: "level \(level), all filters, strategy rle", encoder: PNG(compressionLevel: level, filters: .all, strategy: .rle)))
        }
        list.append(Setting(name: "level 6, filter none, strategy default", encoder: PNG(compressionLevel: 6, filters: .noFilter, strategy: .default)))
        list.append(Setting(name: "level 9, all filters, strategy default", encoder: PNG(compressionLevel: 9, filters: .all, strategy: .default)))
        list.append(Setting(name: "level 3, filter paeth, strategy filtered", encoder: PNG(compressionLevel: 3, filters: .paeth, strategy: .filtered)))
        list.append(Setting(name: "level 1, filter sub, strategy rle", encoder: PNG(compressionLevel: 1, filters: .sub, strategy: .rle)))
        list.append(Setting(name: "level 6, filter up, strategy rle", encoder: PNG(compressionLevel: 6, filters: .up, strategy: .rle)))
        return list
    }()

    /// Flat shapes on transparency with anti-aliased edges and a gradient, like a badge or a logo.
    static func graphic(seed: Int, width: Int = 640, height: Int = 480) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, layout: .rgba)
        let cx = Double(width) * (0.35 + 0.05 * Double(seed % 4)), cy = Double(height) * 0.5
        let radius = Double(min(width, height)) * (0.30 + 0.02 * Double(seed % 5))
        pixels.samples.withUnsafeMutableBufferPointer { samples in
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let distance = (dx * dx + dy * dy).squareRoot()
                    let disc = max(0, min(1, radius - distance + 0.5))
                    let inBar = Double(x) > cx && abs(dy) < radius * 0.25 && Double(x) < Double(width) * 0.92
                    let coverage = max(disc, inBar ? 1 : 0)
                    let o = (y * width + x) * 4
                    let t = Double(y) / Double(height)
                    samples[o] = UInt8(40 + Double(seed * 23 % 120) * (1 - t))
                    samples[o + 1] = UInt8(90 + 100 * t)
                    samples[o + 2] = distance < radius * 0.4 ? 255 : UInt8(200 - seed * 11 % 90)
                    samples[o + 3] = UInt8((coverage * 255).rounded())
                }
            }
        }
        return pixels
    }

    static func run(directory: String, rounds: Int) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("alpha-") && $0.hasSuffix(".png") }.sorted()
        var photos: [PixelBuffer] = []
        for name in names {
            let path = directory + "/" + name
            let info = try ImageProbe.probe(path: path)
            let target = FitBenchmark.fitted(PixelSize(width: info.width, height: info.height), in: PixelSize(width: 640, height: 480))
            photos.append(try Resampler.resize(try ImageDecoder.decode(path: path).pixels, to: target))  // as fit resizes them
        }
        let graphics = (0..<8).map { graphic(seed: $0) }
        print("png: \(photos.count) photos with alpha from \(directory) fitted into 640x480, and \(graphics.count) 640x480 graphics;")
        print("bytes summed over each set; time per image, median of \(rounds) rounds, one thread")
        print("| setting | photos: bytes | ms/image | graphics: bytes | ms/image |")
        print("|---|---|---|---|---|")
        for setting in settings {
            var cells: [String] = []
            for set in [photos, graphics] where !set.isEmpty {
                var bytes = 0
                let ms = try FitBenchmark.median(rounds) {
                    bytes = 0
                    for image in set { bytes += try setting.encoder.encode(image).count }
                }
                cells.append(bytes.formatted())
                cells.append(String(format: "%.2f", ms / Double(set.count)))
            }
            if photos.isEmpty { cells.insert(contentsOf: ["-", "-"], at: 0) }
            print("| \(setting.name) | " + cells.joined(separator: " | ") + " |")
        }
    }
}
