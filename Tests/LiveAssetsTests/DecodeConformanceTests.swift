import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

@Suite struct DecodeTests {
    @Test func sha256MatchesAKnownVector() throws {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aGrayPNGWhoseTransparencyChunkIsDamagedDecodesOpaque() throws {
        // The header keeps an ancillary chunk with a bad CRC (and reports the alpha); the decode's libpng
        // drops it, so the alpha is opaque, as it was when gray decoded to RGBA.
        let rows = (0..<(8 * 4)).map { UInt8($0 * 7) }
        var png = ImageBytes.png(width: 8, height: 4, colorType: 0, pixels: rows, chunksBeforeIDAT: [("tRNS", [0, 0])])
        let at = try #require(png.indices.first { png[$0...].starts(with: Array("tRNS".utf8)) })
        png[at + 6] ^= 0xFF  // the chunk's CRC
        let info = try ImageProbe.probe(data: Data(png))
        #expect(info.hasAlpha)
        let decoded = try ImageDecoder.decode(data: Data(png)).pixels
        #expect(decoded.layout == .grayAlpha)
        #expect(decoded.samples == rows.flatMap { [$0, 255] })
        let fitted = try ImageFitter.fit(data: Data(png), to: PixelSize(width: 4, height: 2))
        #expect(try ImageDecoder.decode(data: fitted).pixels.layout == .grayAlpha)
    }

    @Test func everyOrientationTurnsTheSameImageUpright() throws {
        // A 3x2 image whose stored pixels are numbered; each orientation maps it as EXIF defines.
        let stored = PixelBuffer(width: 3, height: 2, layout: .gray, samples: [1, 2, 3, 4, 5, 6])
        let expected: [ExifOrientation: (Int, Int, [UInt8])] = [
            .up: (3, 2, [1, 2, 3, 4, 5, 6]), .upMirrored: (3, 2, [3, 2, 1, 6, 5, 4]),
            .down: (3, 2, [6, 5, 4, 3, 2, 1]), .downMirrored: (3, 2, [4, 5, 6, 1, 2, 3]),
            .leftMirrored: (2, 3, [1, 4, 2, 5, 3, 6]), .right: (2, 3, [4, 1, 5, 2, 6, 3]),
            .rightMirrored: (2, 3, [6, 3, 5, 2, 4, 1]), .left: (2, 3, [3, 6, 2, 5, 1, 4]),
        ]
        for (orientation, (width, height, samples)) in expected {
            let turned = try stored.oriented(orientation)
            #expect(turned.width == width && turned.height == height && turned.samples == samples, "\(orientation)")
        }
    }

    @Test func choosesTheLargestDCTReductionStillCoveringTheTarget() throws {
        #expect(ImageDecoder.scaleDenominator(width: 4032, height: 3024, atLeast: PixelSize(width: 640, height: 480)) == 4)
        #expect(ImageDecoder.scaleDenominator(width: 4032, height: 3024, atLeast: PixelSize(width: 1224, height: 918)) == 2)
        #expect(ImageDecoder.scaleDenominator(width: 4032, height: 3024, atLeast: PixelSize(width: 504, height: 378)) == 8)
        #expect(ImageDecoder.scaleDenominator(width: 4032, height: 3024, atLeast: PixelSize(width: 505, height: 378)) == 4)
        #expect(ImageDecoder.scaleDenominator(width: 100, height: 100, atLeast: PixelSize(width: 100, height: 1)) == 1)
    }

    @Test func refusesWhatItCannotDecodeWithTheCause() throws {
        let folder = try TemporaryDirectory()
        let bomb = try folder.write("bomb.png", ImageBytes.png(width: 100_000, height: 100_000, omitIDAT: true))
        #expect(throws: DecodeError.unreadable(.tooLarge(file: bomb, format: .png, width: 100_000, height: 100_000, limits: .default))) {
            try ImageDecoder.decode(path: bomb)
        }
        var png = ImageBytes.png(width: 8, height: 8, colorType: 2)
        png[png.count - 13] ^= 0xFF
        let crc = try folder.write("crc.png", png)
        #expect(throws: DecodeError.malformed(file: crc, format: .png, reason: "IDAT: CRC error")) { try ImageDecoder.decode(path: crc) }
        let heic = try folder.write("a.heic", ImageBytes.heif(width: 40, height: 30))  // measured, never decoded
        #expect(throws: DecodeError.unsupportedFormat(file: heic, format: .heif)) { try ImageDecoder.decode(path: heic) }
    }
}

/// Decoded pixels against the manifest: PNG exactly, JPEG exactly (libjpeg-turbo defaults) where the
/// hash is normative, otherwise within 3 levels on the 8x8 fingerprint.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct DecodeConformanceTests {
    static func hexBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test func decodedPixelsMatchTheReferenceDecoders() throws {
        var checked = 0, exact = 0
        var disagreements: [String] = []
        for entry in try Corpus.manifestFiles() where entry.expected == "valid" {
            let path = Corpus.path(entry.file)
            let image: DecodedImage
            do throws(DecodeError) {
                image = try ImageDecoder.decode(path: path, options: .init(appliesOrientation: false))
            } catch {
                disagreements.append("\(entry.file): \(error.message)")
                continue
            }
            checked += 1
            // The manifest's hashes are of RGBA; a gray image decodes gray, replicated here as RGBA has it.
            let pixels = try image.pixels.converted(to: .rgba)
            if pixels.width != entry.width || pixels.height != entry.height {
                disagreements.append("\(entry.file): decoded \(pixels.width)x\(pixels.height)")
                continue
            }
            let hash = SHA256.hex(pixels.samples)
            if let expected = entry.rgba8Sha256, entry.rgba8Sha256Normative == true {
                if hash == expected { exact += 1 } else { disagreements.append("\(entry.file): pixel hash differs") }
            } else if let fingerprint = entry.avg8x8RgbaHex {
                let ours = SHA256.fingerprint(rgba: pixels.samples, width: pixels.width, height: pixels.height)
                let theirs = Self.hexBytes(fingerprint)
                let worst = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
                if worst > 3 { disagreements.append("\(entry.file): fingerprint differs by \(worst) levels") }
            }
        }
        #expect(checked == 193)
        #expect(exact == 193)  // every valid file is bit-exact: 173 PNG, 20 JPEG (CMYK, YCCK, progressive, arithmetic)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func grayImagesDecodeGrayAndOthersRGBA() throws {
        let layouts: [(String, PixelBuffer.Layout)] = [
            ("pngsuite/basn0g08.png", .gray), ("pngsuite/basn4a08.png", .grayAlpha), ("pngsuite/tbbn0g04.png", .grayAlpha),
            ("pillow/hopper_gray.jpg", .gray), ("pngsuite/basn2c08.png", .rgba), ("pngsuite/basn3p08.png", .rgba),
        ]
        for (file, layout) in layouts {
            #expect(try ImageDecoder.decode(path: Corpus.path(file)).pixels.layout == layout, "\(file)")
        }
        #expect(try ImageDecoder.decode(path: Corpus.path("pillow/hopper_gray.jpg"), options: .init(scaleDenominator: 2)).pixels.layout == .gray)
        #expect(try ImageDecoder.decode16(path: Corpus.path("pngsuite/basn0g16.png")).layout == .gray)
        #expect(try ImageDecoder.decode16(path: Corpus.path("pngsuite/basn4a16.png")).layout == .grayAlpha)
    }

    @Test func everyLandscapeOrientationDecodesToTheSameUprightPicture() throws {
        let reference = try ImageDecoder.decode(path: Corpus.path("exif-orientation-examples/Landscape_1.jpg"))
        let base = SHA256.fingerprint(rgba: reference.pixels.samples, width: reference.pixels.width, height: reference.pixels.height)
        for index in 2...8 {
            let image = try ImageDecoder.decode(path: Corpus.path("exif-orientation-examples/Landscape_\(index).jpg"))
            #expect(image.pixels.width == 1800 && image.pixels.height == 1200, "Landscape_\(index)")
            let fingerprint = SHA256.fingerprint(rgba: image.pixels.samples, width: image.pixels.width, height: image.pixels.height)
            let worst = zip(base, fingerprint).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 8, "Landscape_\(index) differs from Landscape_1 by \(worst) levels after turning")
        }
    }

    @Test func shrinkOnLoadStaysCloseToAFullDecode() throws {
        let path = Corpus.path("exif-orientation-examples/Landscape_1.jpg")
        let full = try ImageDecoder.decode(path: path)
        let quarter = try ImageDecoder.decode(path: path, options: .init(scaleDenominator: 4))
        #expect(quarter.pixels.width == 450 && quarter.pixels.height == 300 && quarter.scaleDenominator == 4)
        let a = SHA256.fingerprint(rgba: full.pixels.samples, width: full.pixels.width, height: full.pixels.height)
        let b = SHA256.fingerprint(rgba: quarter.pixels.samples, width: 450, height: 300)
        #expect((zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 3)
    }
}

/// The resampler against the float64 reference on real pictures from the corpus.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct ResamplerCorpusTests {
    @Test(arguments: ["pngsuite/basn6a08.png", "pngsuite/tbrn2c08.png", "pillow/hopper.jpg", "libjpeg-turbo/testorig.jpg",
                      "pillow/apng/blend_op_over.png", "libjpeg-turbo/monkey16.png"])
    func lanczos3StaysWithinOneLevelOfTheFloat64Reference(file: String) throws {
        let image = try ImageDecoder.decode(path: Corpus.path(file)).pixels
        for divisor in [2, 3, 7] {
            let target = PixelSize(width: max(1, image.width / divisor), height: max(1, image.height / divisor))
            let ours = try Resampler.resize(image, to: target)
            let reference = ReferenceResampler.resize(image, to: target, filter: .lanczos3)
            let worst = zip(ours.samples, reference.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(file) / \(divisor): \(worst) levels")
        }
    }
}

@Suite struct FitCarryOverTests {
    static func picture(_ width: Int, _ height: Int, _ layout: PixelBuffer.Layout) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, layout: layout)
        for index in 0..<pixels.samples.count { pixels.samples[index] = UInt8((index * 7 + index / 97) % 256) }
        return pixels
    }

    @Test func readsChromaSubsampling() throws {
        let subsampled = try ImageEncoders.JPEG().encode(Self.picture(64, 48, .rgb))
        let full = try ImageEncoders.JPEG(fullChroma: true).encode(Self.picture(64, 48, .rgb))
        #expect(try ImageProbe.probe(data: subsampled).isChromaSubsampled)
        #expect(try !ImageProbe.probe(data: full).isChromaSubsampled)
    }

    @Test(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
    func fittingKeepsTheICCProfileAndFullChroma() throws {
        // A real profile, from a corpus PNG (3,024 bytes).
        let profile = try #require(try ImageDecoder.decode(path: Corpus.path("libjpeg-turbo/vgl_5674_0098.png")).iccProfile)
        #expect(profile.count == 3024)
        let jpeg = try ImageEncoders.JPEG(fullChroma: true, iccProfile: profile).encode(Self.picture(900, 600, .rgb))
        let fittedJPEG = try ImageFitter.fit(data: jpeg, to: PixelSize(width: 300, height: 200))
        let jpegInfo = try ImageProbe.probe(data: fittedJPEG)
        #expect(jpegInfo.width == 300 && jpegInfo.iccProfileSize == 3024 && !jpegInfo.isChromaSubsampled)
        #expect(try ImageDecoder.decode(data: fittedJPEG).iccProfile == profile)

        let png = try ImageEncoders.PNG(iccProfile: profile).encode(Self.picture(900, 600, .rgba))
        let fittedPNG = try ImageFitter.fit(data: png, to: PixelSize(width: 300, height: 200))
        let pngInfo = try ImageProbe.probe(data: fittedPNG)
        #expect(pngInfo.width == 300 && pngInfo.iccProfileSize == 3024 && pngInfo.hasAlphaChannel)

        // A subsampled source stays subsampled.
        let plain = try ImageEncoders.JPEG().encode(Self.picture(900, 600, .rgb))
        #expect(try ImageProbe.probe(data: ImageFitter.fit(data: plain, to: PixelSize(width: 300, height: 200))).isChromaSubsampled)
    }
}
