import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Shrink-on-load as `fit` uses it (libjpeg's DCT scaling to at least 1.5x the target, then Lanczos3)
/// against a full decode followed by Lanczos3 all the way, on real photographs.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct ShrinkOnLoadTests {
    @Test(arguments: [("exif-orientation-examples/Landscape_1.jpg", 400, 266), ("exif-orientation-examples/Landscape_1.jpg", 225, 150),
                      ("pillow/hopper.jpg", 60, 60), ("libjpeg-turbo/testorig.jpg", 100, 65)])
    func matchesAFullDecode(file: String, width: Int, height: Int) throws {
        let path = Corpus.path(file)
        let target = PixelSize(width: width, height: height)
        let full = Resampler.resize(try ImageDecoder.decode(path: path).pixels, to: target)
        let info = try ImageProbe.probe(path: path)
        let denominator = ImageFitter.shrinkOnLoadDenominator(for: info, to: target)
        let shrunk = Resampler.resize(try ImageDecoder.decode(path: path, options: .init(scaleDenominator: denominator)).pixels, to: target)
        let differences = zip(full.samples, shrunk.samples).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        let within1 = Double(differences.filter { $0 <= 1 }.count) / Double(differences.count)
        // Not bit-for-bit the same (no DCT scaling is): close on average, and on most samples within 1 level.
        #expect(mean < 0.5, "mean \(mean)")
        #expect(within1 > 0.9, "within 1 level: \(within1)")
        #expect(differences.max()! <= 16)
    }
}
