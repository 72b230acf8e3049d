import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The JPEG encoder takes RGBA rows as they are (libjpeg-turbo skips the alpha byte), so `fit` does
/// not copy them into RGB first: the bytes must be those of the same pixels given as RGB.
@Suite struct JPEGEncoderTests {
    @Test(arguments: [false, true])
    func rgbaRowsEncodeToTheSameBytesAsTheirRGB(fullChroma: Bool) throws {
        var rgba = PixelBuffer(width: 61, height: 37, layout: .rgba)
        var rgb = PixelBuffer(width: 61, height: 37, layout: .rgb)
        var state: UInt32 = 7
        for pixel in 0..<(61 * 37) {
            for channel in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                let value = UInt8(truncatingIfNeeded: (pixel * 5 + channel * 40) ^ Int(state >> 28))
                rgba.samples[pixel * 4 + channel] = value
                rgb.samples[pixel * 3 + channel] = value
            }
            rgba.samples[pixel * 4 + 3] = 255
        }
        let encoder = ImageEncoders.JPEG(quality: 85, fullChroma: fullChroma)
        #expect(try encoder.encode(rgba) == encoder.encode(rgb))
    }

    @Test func grayWithAlphaIsRefusedByName() throws {
        #expect(throws: EncodeError.unsupportedLayout(format: .jpeg, channels: 2)) {
            try ImageEncoders.JPEG().encode(PixelBuffer(width: 2, height: 2, layout: .grayAlpha))
        }
    }
}
