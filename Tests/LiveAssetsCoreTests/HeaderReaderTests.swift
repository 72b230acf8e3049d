import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The Swift header reader on hand-made files, corpus or not (the differential test holds it to the
/// codec probe on the corpus).
@Suite struct HeaderReaderTests {
    static func read(_ bytes: [UInt8], limits: ImageLimits = .default) -> Result<ImageInfo, ProbeError> {
        Result { () throws(ProbeError) in
            try HeaderReader.read(bytes, name: "f", limits: limits)
        }
    }

    @Test func aPNGsHeaderGivesItsSizeDepthColourAndAnimation() throws {
        let apng = ImageBytes.png(width: 30, height: 20, bitDepth: 16, colorType: 6,
                                  chunksBeforeIDAT: [("acTL", ImageBytes.be32(3) + ImageBytes.be32(0))])
        let info = try Self.read(apng).get()
        #expect((info.format, info.width, info.height, info.bitDepth, info.colorModel) == (.png, 30, 20, 16, .rgba))
        #expect(info.hasAlphaChannel && info.frameCount == 3 && info.loopCount == 0 && info.truncation == nil)
    }

    @Test func aPNGsEXIfOrientationTurnsItsDisplayedSize() throws {
        let exif = ImageBytes.orientationTIFF(6, bigEndian: true)
        let info = try Self.read(ImageBytes.png(width: 40, height: 10, chunksBeforeIDAT: [("eXIf", exif)])).get()
        #expect(info.orientation.rawValue == 6 && info.displayWidth == 10 && info.displayHeight == 40)
    }

    @Test func pngRefusalsAreTheCodecProbes() {
        var badCRC = ImageBytes.png(width: 4, height: 4)
        badCRC[29] ^= 0xFF  // IHDR's CRC
        #expect(Self.read(badCRC).failureCode == "malformed")
        #expect(Self.read(ImageBytes.png(width: 4, height: 4, bitDepth: 3, colorType: 0)).failureCode == "malformed")
        #expect(Self.read(ImageBytes.png(width: 0, height: 4)).failureCode == "malformed")
        #expect(Self.read(ImageBytes.png(width: 4, height: 4, colorType: 3)).failureCode == "malformed")  // no PLTE
        #expect(Self.read(Array(ImageBytes.png(width: 4, height: 4).prefix(30))).failureCode == "truncated")
        #expect(Self.read(ImageBytes.png(width: 70_000, height: 4)).failureCode == "too-large")
        #expect(Self.read(ImageBytes.png(width: 100, height: 100), limits: ImageLimits(maxPixels: 9_999)).failureCode == "too-large")
    }

    @Test func aPNGCutInsideItsImageDataIsReadAndSaidTruncated() throws {
        let whole = ImageBytes.png(width: 20, height: 20)
        let info = try Self.read(Array(whole.dropLast(30))).get()
        #expect(info.truncation == .pngChunkCut(type: "IDAT", offset: 33, declaredLength: whole.count - 57))
    }

    @Test func aJPEGsHeaderGivesItsSizeColourAndOrientation() throws {
        let adobe = ImageBytes.marker(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0])
        let cmyk = try Self.read(ImageBytes.jpegHeader(width: 300, height: 200, components: 4, segments: [adobe])).get()
        #expect((cmyk.format, cmyk.width, cmyk.height, cmyk.colorModel) == (.jpeg, 300, 200, .cmyk))
        let exif = ImageBytes.exifSegment(ImageBytes.orientationTIFF(6))
        let turned = try Self.read(ImageBytes.jpegHeader(width: 480, height: 320, segments: [exif])).get()
        #expect(turned.orientation.rawValue == 6 && turned.displayWidth == 320 && turned.colorModel == .ycbcr)
        #expect(turned.isChromaSubsampled && !turned.isProgressive && turned.truncation == nil)
        let progressive = try Self.read(ImageBytes.jpegHeader(width: 8, height: 8, frameMarker: 0xC2)).get()
        #expect(progressive.isProgressive)
    }

    @Test func aTwelveBitJPEGIsReadButUndecodableAsTheCodecProbeSaysIt() throws {
        let info = try Self.read(ImageBytes.jpegHeader(width: 64, height: 48, precision: 12)).get()
        #expect((info.width, info.height, info.bitDepth, info.isDecodable) == (64, 48, 12, false))
    }

    @Test func jpegRefusalsAreTheCodecProbes() {
        #expect(Self.read(ImageBytes.jpegHeader(width: 0, height: 8)).failureCode == "malformed")
        #expect(Self.read(ImageBytes.jpegHeader(width: 8, height: 8, frameMarker: 0xC3)).failureCode == "malformed")
        #expect(Self.read(Array(ImageBytes.jpegHeader(width: 8, height: 8).prefix(12))).failureCode == "truncated")
        #expect(Self.read(ImageBytes.jpegHeader(width: 60_000, height: 60_000)).failureCode == "too-large")
        #expect(Self.read([0xFF, 0xD8, 0xFF, 0xD9]).failureCode == "malformed")  // no image before EOI
    }
}

extension Result where Failure == ProbeError {
    /// The refusal's code ("malformed", "truncated", ...), or nil for a header read.
    var failureCode: String? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
