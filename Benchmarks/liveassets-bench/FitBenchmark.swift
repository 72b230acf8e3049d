import Foundation
import LiveAssetsRun

/// `liveassets-bench fit`: decode, resample and encode times for a 12 MP JPEG (4032x3024, q90) and a
/// 12 MP RGBA PNG fitted to 1224x480 (640x480), each stage measured alone (median of the rounds).
enum FitBenchmark {
    static let source = PixelSize(width: 4032, height: 3024)
    static let box = PixelSize(width: 1224, height: 480)

    static func files(in directory: String) throws -> (jpeg: String, png: String) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let jpeg = directory + "/photo-12mp.jpg", png = directory + "/alpha-12mp.png"
        if !FileManager.default.fileExists(atPath: jpeg) || !FileManager.default.fileExists(atPath: png) {
            print("generating 12 MP test images in \(directory) ...")
            let rgb = SyntheticImages.picture(width: source.width, height: source.height, layout: .rgb, seed: 12, grain: 4)
            try ImageEncoders.JPEG(quality: 90).encode(rgb).write(to: URL(fileURLWithPath: jpeg))
            let rgba = SyntheticImages.picture(width: source.width, height: source.height, layout: .rgba, seed: 13, grain: 4)
            try ImageEncoders.PNG(compressionLevel: 6).encode(rgba).write(to: URL(fileURLWithPath: png))
        }
        return (jpeg, png)
    }

    /// The largest size with the image's aspect ratio that fits `box`.
    static func fitted(_ size: PixelSize, in box: PixelSize) -> PixelSize {
        let scale = min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height), 1)
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded(.down))),
                         height: max(1, Int((Double(size.height) * scale).rounded(.down))))
    }

    static func median(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }

    static func run(directory: String, rounds: Int, jobs: Int) throws {
        let (jpeg, png) = try files(in: directory)
        let target = fitted(source, in: box)
        print("fit: 4032x3024 -> \(target.width)x\(target.height) (fits \(box)), median of \(rounds) rounds, resample jobs \(jobs)")
        for (name, path) in [("JPEG q90", jpeg), ("RGBA PNG", png)] {
            let isJPEG = path.hasSuffix(".jpg")
            let denominator = ImageFitter.shrinkOnLoadDenominator(for: try ImageProbe.probe(path: path), to: target)
            var decoded = try ImageDecoder.decode(path: path, options: .init(scaleDenominator: denominator))
            let decode = try median(rounds) { decoded = try ImageDecoder.decode(path: path, options: .init(scaleDenominator: denominator)) }
            var resized = decoded.pixels
            let resample = try median(rounds) { resized = try Resampler.resize(decoded.pixels, to: target, jobs: jobs, extent: decoded.extent) }
            var output = Data()
            let encode = try median(rounds) {
                if isJPEG {
                    output = try ImageEncoders.JPEG(quality: 90).encode(resized)  // RGBA rows, as fit hands them
                } else {
                    output = try ImageEncoders.PNG(compressionLevel: 6).encode(resized)
                }
            }
            let megapixels = Double(source.width * source.height) / 1e6
            func row(_ stage: String, _ ms: Double, _ mp: Double) -> String {
                stage.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%8.1f ms %8.1f MPix/s", ms, mp / (ms / 1000))
            }
            print("  \(name) (\(ByteCountFormatter.string(fromByteCount: Int64(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int), countStyle: .file)))")
            print("    " + row("decode" + (denominator > 1 ? " at 1/\(denominator)" : ""), decode, megapixels))
            print("    " + row("resample \(decoded.pixels.width)x\(decoded.pixels.height)->\(target.width)x\(target.height)", resample,
                            Double(decoded.pixels.width * decoded.pixels.height) / 1e6))
            print("    " + row("encode (\(output.count / 1024) KiB)", encode, Double(target.width * target.height) / 1e6))
            print("    " + row("total of the stages", decode + resample + encode, megapixels))
            // The library call `fit` makes per file: header, decode, resample, encode, in one go.
            let whole = try median(rounds) { output = try ImageFitter.fit(path: path, to: target) }
            print("    " + row("ImageFitter.fit", whole, megapixels))
        }
    }
}
