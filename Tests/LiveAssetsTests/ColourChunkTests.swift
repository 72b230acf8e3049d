import Foundation
import LiveAssets
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

/// A fitted PNG keeps the source's colour chunks as libpng reads them: gAMA and cHRM written back with the
/// same values, unless an sRGB mark (chunk or known profile) supersedes them.
@Suite struct ColourChunkTests {
    /// Adobe RGB's white point and primaries, x 100,000: a cHRM libpng accepts that is not sRGB's.
    static let adobeRGB = [31_270, 32_900, 64_000, 33_000, 21_000, 71_000, 15_000, 6_000]

    /// A 40x40 RGB PNG of a gradient with `chunks` before its image data.
    static func source(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<40 {
            raw.append(0)
            for x in 0..<40 { raw += [UInt8(x * 6), UInt8(y * 6), 128] }
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += ImageBytes.chunk("IHDR", ImageBytes.be32(40) + ImageBytes.be32(40) + [8, 2, 0, 0, 0])
        for (type, data) in chunks { bytes += ImageBytes.chunk(type, data) }
        bytes += ImageBytes.chunk("IDAT", ImageBytes.zlibStored(raw))
        bytes += ImageBytes.chunk("IEND", [])
        return bytes
    }

    /// Each chunk of a PNG's bytes, by type, in order.
    static func chunks(of data: Data) -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](data)
        var found: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            found.append((type, Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return found
    }

    static let gAMA = ("gAMA", ImageBytes.be32(55_000))
    static let cHRM = ("cHRM", adobeRGB.flatMap { ImageBytes.be32(UInt32($0)) })

    @Test func gammaAndChromaticitiesAreWrittenBackWithTheirValues() throws {
        let source = Self.source([Self.gAMA, Self.cHRM])
        let info = try ImageProbe.probe(data: Data(source))
        #expect(info.gamma == 55_000)
        #expect(info.chromaticities?.values == Self.adobeRGB)
        // The pure-Swift reader an app uses says the same.
        #expect(try HeaderReader.read(source, name: "wide.png") == info)

        let fitted = try ImageFitter.fit(data: Data(source), to: PixelSize(width: 20, height: 20))
        let chunks = Self.chunks(of: fitted)
        #expect(chunks.filter { $0.type == "gAMA" }.map(\.data) == [ImageBytes.be32(55_000)])
        #expect(chunks.filter { $0.type == "cHRM" }.map(\.data) == [Self.cHRM.1])
        #expect(!chunks.contains { $0.type == "sRGB" })
        let back = try ImageProbe.probe(data: fitted)
        #expect(back.gamma == 55_000 && back.chromaticities == info.chromaticities && back.width == 20)
    }

    @Test func anSRGBMarkSupersedesGammaAndChromaticities() throws {
        // libpng reports sRGB's own gamma for a file marked sRGB: only the sRGB chunk is written back.
        let source = Self.source([("sRGB", [0]), ("gAMA", ImageBytes.be32(45_455))])
        let info = try ImageProbe.probe(data: Data(source))
        #expect(info.gamma == nil && info.chromaticities == nil && info.sRGBRenderingIntent == 0)
        #expect(try HeaderReader.read(source, name: "srgb.png") == info)
        let types = Self.chunks(of: try ImageFitter.fit(data: Data(source), to: PixelSize(width: 20, height: 20))).map(\.type)
        #expect(types.contains("sRGB") && !types.contains("gAMA") && !types.contains("cHRM"))
    }

    @Test func aGammaLibpngRejectsIsNotWritten() throws {
        // Gamma 0 is out of range: libpng drops the chunk (and so does the fitted file).
        let source = Self.source([("gAMA", ImageBytes.be32(0))])
        let info = try ImageProbe.probe(data: Data(source))
        #expect(info.gamma == nil)
        let swift = try HeaderReader.read(source, name: "bad.png")
        #expect(swift.gamma == nil && swift.warningCount == info.warningCount)
        #expect(!Self.chunks(of: try ImageFitter.fit(data: Data(source), to: PixelSize(width: 20, height: 20))).contains { $0.type == "gAMA" })
    }
}
