import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// A fitted PNG is stored in the fewest bytes that keep every pixel: a palette (with the fewest bits a
/// sample) where it has at most 256 colours, gray where it has no colour; the pixels read back the same.
@Suite struct PaletteStorageTests {
    /// `colours` RGBA colours in vertical stripes, the first `translucent` of them not opaque.
    static func stripes(_ width: Int, _ height: Int, colours: Int, translucent: Int = 0, layout: PixelBuffer.Layout = .rgba) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, layout: layout)
        for y in 0..<height {
            for x in 0..<width {
                let c = x % colours
                let rgba: [UInt8] = [UInt8(c % 256), UInt8(c / 256), 200, c < translucent ? 128 : 255]
                pixels.set(x: x, y: y, to: Array(rgba.prefix(layout.channels)))
            }
        }
        return pixels
    }

    @Test(arguments: [(2, 1), (4, 2), (16, 4), (17, 8), (256, 8)])
    func aPaletteUsesTheFewestBitsAndReadsBackTheSamePixels(colours: Int, bits: Int) throws {
        let pixels = Self.stripes(300, 7, colours: colours, translucent: 1)
        let indexed = try #require(pixels.indexed())
        #expect(indexed.count == colours)
        #expect(indexed.expanded == pixels)
        let data = try ImageEncoders.PNG().encode(indexed)
        let info = try ImageProbe.probe(data: data)
        #expect(info.colorModel == .palette && info.bitDepth == bits && info.hasTransparencyChunk)
        #expect(try ImageDecoder.decode(data: data).pixels == pixels)
    }

    @Test func moreThan256ColoursOrAGrayLayoutHaveNoPalette() {
        #expect(Self.stripes(300, 2, colours: 257).indexed() == nil)
        #expect(PixelBuffer(width: 4, height: 4, layout: .gray).indexed() == nil)
        #expect(Self.stripes(10, 2, colours: 3, layout: .rgb).indexed()?.palette.count == 12)
    }

    @Test func opaquePalettesHaveNoTransparencyChunk() throws {
        let data = try ImageEncoders.PNG().encode(try #require(Self.stripes(40, 4, colours: 3).indexed()))
        #expect(!(try ImageProbe.probe(data: data)).hasTransparencyChunk)
    }

    @Test func aGrayOnlyRGBALogoIsFittedAsGrayWithAlphaAndNoLarger() throws {
        // A soft gray disc on transparency, stored as RGBA: every fitted pixel has R = G = B.
        var logo = PixelBuffer(width: 300, height: 300, layout: .rgba)
        for y in 0..<300 {
            for x in 0..<300 {
                let d = Double((x - 150) * (x - 150) + (y - 150) * (y - 150)).squareRoot()
                let level = UInt8(max(0, min(255, 255 - Int(d))))
                logo.set(x: x, y: y, to: [level, level, level, d < 140 ? 255 : UInt8(max(0, 255 - Int((d - 140) * 20)))])
            }
        }
        let original = try ImageEncoders.PNG().encode(logo)
        let fitted = try ImageFitter.fit(data: original, to: PixelSize(width: 110, height: 110))
        let info = try ImageProbe.probe(data: fitted)
        #expect(info.colorModel == .grayAlpha || info.colorModel == .palette, "\(info.colorModel)")
        #expect(fitted.count <= original.count)
        let asRGBA = try ImageEncoders.PNG().encode(ImageDecoder.decode(data: fitted).pixels.converted(to: .rgba))
        #expect(fitted.count < asRGBA.count)  // smaller than the same pixels stored as RGBA
    }
}
