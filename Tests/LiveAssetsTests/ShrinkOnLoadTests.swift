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

@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct SixteenBitFitTests {
    @Test(arguments: ["libjpeg-turbo/monkey16.png", "pngsuite/basn6a16.png", "pngsuite/basn0g16.png"])
    func sixteenBitPNGsAreFittedFromAllTheirBits(file: String) throws {
        let path = Corpus.path(file)
        let wide = try ImageDecoder.decode16(path: path)
        let eight = try ImageDecoder.decode(path: path).pixels
        // The 16-bit decode's high bytes are exactly the 8-bit decode.
        #expect(wide.samples.map { UInt8($0 >> 8) } == eight.samples)
        let target = PixelSize(width: max(1, wide.width / 3), height: max(1, wide.height / 3))
        let data = try ImageFitter.fit(path: path, to: target)
        let fitted = try ImageDecoder.decode(data: data).pixels
        let reference = ReferenceResampler.resize(samples: wide.samples.map { Double($0) / 257 }, width: wide.width,
                                                  height: wide.height, to: target, filter: .lanczos3)
        let info = try ImageProbe.probe(path: path)
        if info.hasAlpha {
            #expect((zip(fitted.samples, reference.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
        } else {
            // No alpha: the encoded RGB or gray comes back with alpha 255; compare the colour channels.
            let colours = zip(fitted.samples, reference.samples).enumerated().filter { $0.offset % 4 != 3 }
            #expect((colours.map { abs(Int($0.element.0) - Int($0.element.1)) }.max() ?? 0) <= 1)
        }
    }
}
