import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The PNG encoder's filter and strategy settings: every combination is lossless, and each setting
/// reaches libpng and zlib (the filter bytes and the compressed size show it).
@Suite struct PNGEncoderTests {
    typealias PNG = ImageEncoders.PNG

    /// Noise on the left half, flat colour on the right: every filter and strategy has work to do.
    static func picture(_ width: Int, _ height: Int, _ layout: PixelBuffer.Layout) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, layout: layout)
        var state: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<layout.channels {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    pixels.samples[(y * width + x) * layout.channels + c] = x < width / 2 ? UInt8(state >> 24) : UInt8(40 * c + 17)
                }
            }
        }
        return pixels
    }

    static let filterSets: [PNG.Filters] = [.noFilter, .sub, .up, .average, .paeth, .all, [.sub, .paeth]]

    @Test(arguments: [PixelBuffer.Layout.gray, .grayAlpha, .rgb, .rgba])
    func everyFilterStrategyAndLevelGivesBackTheSamePixels(layout: PixelBuffer.Layout) throws {
        let pixels = Self.picture(37, 23, layout)
        let expected = try ImageDecoder.decode(data: PNG(compressionLevel: 0).encode(pixels)).pixels
        for filters in Self.filterSets {
            for strategy in PNG.Strategy.allCases {
                for level in [0, 1, 6, 9] {
                    let data = try PNG(compressionLevel: level, filters: filters, strategy: strategy).encode(pixels)
                    let decoded = try ImageDecoder.decode(data: data).pixels
                    #expect(decoded == expected, "filters \(filters.rawValue), \(strategy), level \(level)")
                }
            }
        }
    }

    /// The filter type byte of each row, read from a level-0 PNG (stored deflate blocks).
    static func rowFilters(_ png: Data, rowBytes: Int) throws -> [UInt8] {
        let bytes = Array(png)
        var offset = 8, idat: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { idat += bytes[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        var raw: [UInt8] = [], position = 2  // after the zlib header
        while position < idat.count - 4 {
            let final = idat[position] & 1
            try #require(idat[position] & 0b110 == 0, "a stored block")
            let length = Int(idat[position + 1]) | Int(idat[position + 2]) << 8
            raw += idat[position + 5..<position + 5 + length]
            position += 5 + length
            if final == 1 { break }
        }
        return stride(from: 0, to: raw.count, by: rowBytes + 1).map { raw[$0] }
    }

    @Test func eachSingleFilterIsTheOneEveryRowUses() throws {
        let pixels = Self.picture(40, 12, .rgba)
        for (filters, type) in [(PNG.Filters.noFilter, UInt8(0)), (.sub, 1), (.up, 2), (.average, 3), (.paeth, 4)] {
            let data = try PNG(compressionLevel: 0, filters: filters).encode(pixels)
            #expect(try Self.rowFilters(data, rowBytes: 160) == [UInt8](repeating: type, count: 12), "\(filters.rawValue)")
        }
        // Adaptive: libpng picks per row, and the noisy rows here do not all pick the same.
        let adaptive = try Self.rowFilters(PNG(compressionLevel: 0, filters: .all).encode(pixels), rowBytes: 160)
        #expect(adaptive.count == 12 && Set(adaptive).count > 1)
    }

    @Test func theStrategyReachesZlib() throws {
        // 200x200 of one colour: 160,200 bytes of filtered rows. Huffman coding alone cannot go below a
        // bit a byte; run lengths collapse them.
        var flat = PixelBuffer(width: 200, height: 200, layout: .rgba)
        for index in 0..<flat.samples.count { flat.samples[index] = [200, 100, 50, 255][index % 4] }
        let huffman = try PNG(strategy: .huffmanOnly).encode(flat).count
        let rle = try PNG(strategy: .rle).encode(flat).count
        #expect(huffman > 160_200 / 8)
        #expect(rle < 2_000)
    }

    @Test func anEmptyFilterSetMeansAllFive() throws {
        let pixels = Self.picture(40, 12, .rgb)
        #expect(try PNG(filters: []).encode(pixels) == PNG(filters: .all).encode(pixels))
    }
}
