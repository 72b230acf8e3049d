import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Files built to cost time or memory out of proportion to their size, or to knock libpng off its
/// stride: each is read in bounded time and memory, and a valid image among them still decodes.
@Suite struct ConstructedBombTests {
    /// A 64x64 8-bit gray PNG whose rows are `x ^ y`, its IDAT holding `extra` more bytes after them, and
    /// its pixels as they decode (gray stays gray).
    static func grayPNG(extra: Int = 0, before idat: [(String, [UInt8])] = []) -> (png: Data, pixels: [UInt8]) {
        let rows = (0..<64).flatMap { y in (0..<64).map { x in UInt8(x ^ y) } }
        let png = ImageBytes.png(width: 64, height: 64, colorType: 0, pixels: rows, chunksBeforeIDAT: idat, extraImageData: extra)
        return (Data(png), rows)
    }

    @Test func dataPastTheLastRowIsNotReadBeyondABudget() throws {
        // 4 MiB past the rows here; a file can carry gigabytes of deflated zeros there, which libpng
        // would inflate only to warn about them.
        let (png, pixels) = Self.grayPNG(extra: 4 << 20)
        let info = try ImageProbe.probe(data: png, options: .init(verifiesPixelData: true))
        #expect(info.firstWarning == "more than 64 KiB follow the last row; the rest of the file was not read")
        #expect(try ImageDecoder.decode(data: png).pixels.samples == pixels)
    }

    @Test func aFewBytesPastTheLastRowAreReadAsUsual() throws {
        let (png, pixels) = Self.grayPNG(extra: 100)
        let info = try ImageProbe.probe(data: png, options: .init(verifiesPixelData: true))
        #expect(info.firstWarning != "more than 64 KiB follow the last row; the rest of the file was not read")
        #expect(try ImageDecoder.decode(data: png).pixels.samples == pixels)
    }

    @Test func aTextChunkLargerThanAnyBufferIsSkipped() throws {
        // 35 MB of tEXt: over the largest buffer libpng may allocate, which once left it reading the
        // text as chunk headers ("invalid chunk type").
        let text = Array("Comment".utf8) + [0] + [UInt8](repeating: UInt8(ascii: "a"), count: 35_000_000)
        let (png, pixels) = Self.grayPNG(before: [("tEXt", text)])
        let info = try ImageProbe.probe(data: png, options: .init(verifiesPixelData: true))
        #expect((info.width, info.height) == (64, 64))
        #expect(try ImageDecoder.decode(data: png).pixels.samples == pixels)
    }

    @Test func unknownChunksAreSkippedWithoutAWarningEach() throws {
        let chunks = (0..<1000).map { ("abCd", [UInt8](repeating: UInt8($0 & 0xFF), count: 16)) }
        let (png, pixels) = Self.grayPNG(before: chunks)
        let info = try ImageProbe.probe(data: png, options: .init(verifiesPixelData: true))
        #expect(info.warningCount == 0)
        #expect(try ImageDecoder.decode(data: png).pixels.samples == pixels)
    }
}

/// JPEGs whose decode would need far more memory than their pixels, or whose data is damaged.
@Suite struct ConstructedJPEGTests {
    @Test func aProgressiveCMYKFrameNeedingMoreMemoryThanTheLimitAllowsIsRefusedBeforeItsData() throws {
        // 3000x3000 progressive CMYK, no subsampling, keeps 72 MB of coefficients; 10 MP allows libjpeg 64 MB (4 bytes a
        // pixel, never under 64 MB). The file is a header: the memory is refused before any scan.
        let quantization = ImageBytes.marker(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        let jpeg = Data(ImageBytes.jpegHeader(width: 3000, height: 3000, components: 4, segments: [quantization],
                                              frameMarker: 0xC2, spectralEnd: 0, subsampled: false))
        let limits = ImageLimits(maxPixels: 10_000_000)
        let info = try ImageProbe.probe(data: jpeg, options: .init(limits: limits))
        #expect((info.width, info.height, info.isProgressive) == (3000, 3000, true))
        #expect(throws: FitError.decode(.overLimit(
            file: "image data", format: .jpeg,
            reason: "it needs more than 67 MB of working memory, the ceiling set by the pixel limit (4 bytes a pixel)"))) {
            try ImageFitter.fit(data: jpeg, to: PixelSize(width: 300, height: 300), options: .init(limits: limits, shrinksOnLoad: false))
        }
    }

    @Test func aScanThatEndsEarlyIsNotFittedIntoGreyFill() throws {
        let whole = try ImageEncoders.JPEG(quality: 90).encode(.pattern(width: 320, height: 240, layout: .rgb, multiplier: 13))
        // Cut in the middle of the scan and closed with EOI: libjpeg fills the rest with grey and warns.
        let cut = whole.prefix(whole.count * 6 / 10) + Data([0xFF, 0xD9])
        #expect(throws: FitError.decode(.malformed(file: "image data", format: .jpeg,
                                                   reason: "Corrupt JPEG data: premature end of data segment"))) {
            try ImageFitter.fit(data: cut, to: PixelSize(width: 100, height: 75))
        }
        #expect(try ImageFitter.fit(data: whole, to: PixelSize(width: 100, height: 75)).count > 0)
    }
}
