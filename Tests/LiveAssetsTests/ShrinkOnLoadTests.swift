import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Shrink-on-load as `fit` uses it (libjpeg's DCT scaling to at least 1.5x the target, then Lanczos3)
/// against a full decode followed by Lanczos3 all the way, on real photographs.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct ShrinkOnLoadTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var width: Int, height: Int
        /// The reduction the 1.5x margin picks, and the bounds measured for it.
        var denominator: Int
        var meanBelow: Double, within1Above: Double, worst: Int
        var testDescription: String { "\(file) -> \(width)x\(height)" }
    }

    @Test(arguments: [
        Case(file: "exif-orientation-examples/Landscape_1.jpg", width: 400, height: 266, denominator: 2, meanBelow: 0.5, within1Above: 0.95, worst: 16),
        Case(file: "exif-orientation-examples/Landscape_1.jpg", width: 225, height: 150, denominator: 4, meanBelow: 0.7, within1Above: 0.9, worst: 12),
        Case(file: "exif-orientation-examples/Landscape_1.jpg", width: 112, height: 75, denominator: 8, meanBelow: 0.8, within1Above: 0.85, worst: 16),
        // 227x149 at 1/2 is 114x75 pixels holding 113.5x74.5 of picture (mapping all 114 made it mean
        // 2.7 levels, up to 44).
        Case(file: "libjpeg-turbo/testorig.jpg", width: 50, height: 32, denominator: 2, meanBelow: 0.5, within1Above: 0.93, worst: 8),
        // The corpus's most detailed picture for its size.
        Case(file: "pillow/hopper.jpg", width: 30, height: 30, denominator: 2, meanBelow: 1.1, within1Above: 0.74, worst: 12),
    ])
    func staysCloseToAFullDecode(_ c: Case) throws {
        let path = Corpus.path(c.file)
        let target = PixelSize(width: c.width, height: c.height)
        let full = try Resampler.resize(try ImageDecoder.decode(path: path).pixels, to: target)
        let info = try ImageProbe.probe(path: path)
        let denominator = ImageFitter.shrinkOnLoadDenominator(for: info, to: target)
        #expect(denominator == c.denominator)
        let decoded = try ImageDecoder.decode(path: path, options: .init(scaleDenominator: denominator))
        let shrunk = try Resampler.resize(decoded.pixels, to: target, extent: decoded.extent)
        let differences = zip(full.samples, shrunk.samples).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        let within1 = Double(differences.filter { $0 <= 1 }.count) / Double(differences.count)
        // Not bit-for-bit the same (no DCT scaling is): close on average, most samples within 1 level.
        #expect(mean < c.meanBelow, "mean \(mean)")
        #expect(within1 > c.within1Above, "within 1 level: \(within1)")
        #expect(differences.max()! <= c.worst)
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
        // In memory (the in-app call) as from the file: the same bytes.
        #expect(try ImageFitter.fit(data: Data(contentsOf: URL(fileURLWithPath: path)), to: target) == data)
        // The reference resamples RGBA: gray replicated, alpha 65535 where there is none.
        let fitted = try ImageDecoder.decode(data: data).pixels.converted(to: .rgba)
        let rgba: [UInt16] = switch wide.layout {
            case .gray: wide.samples.flatMap { [$0, $0, $0, 65535] }
            case .grayAlpha: stride(from: 0, to: wide.samples.count, by: 2).flatMap { i in
                [wide.samples[i], wide.samples[i], wide.samples[i], wide.samples[i + 1]] }
            default: wide.samples
            }
        let reference = ReferenceResampler.resize(samples: rgba.map { Double($0) / 257 }, width: wide.width,
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
