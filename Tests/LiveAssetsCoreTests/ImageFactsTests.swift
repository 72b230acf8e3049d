import LiveAssets
import LiveAssetsTestSupport
import Testing

@Suite struct ImageFormatTests {
    @Test(arguments: [
        (ImageBytes.png(width: 1, height: 1), ImageFormat.png),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16], .jpeg),
        (Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], .heif),
        ([0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0], .heif),
        ([0, 0, 0, 0x18] + Array("ftypavif".utf8) + [0, 0, 0, 0], .avif),
        (Array("%PDF-1.7\n".utf8), .pdf),
        (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg),
        (Array("  <svg width=\"10\"/>".utf8), .svg),
        ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
        (Array("BM".utf8) + [UInt8](repeating: 0, count: 14), .bmp),
    ] as [([UInt8], ImageFormat)])
    func recognisesFormatsByTheirBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(sniffing: bytes) == format)
    }

    @Test func recognisesAnSVGAfterItsPrologCommentsAndDoctype() {
        let illustrator = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="20" height="20"></svg>
            """
        #expect(ImageFormat(sniffing: Array(illustrator.utf8)) == .svg)
        // With Windows line ends, as Illustrator writes them on Windows: "\r\n" is one Character.
        #expect(ImageFormat(sniffing: Array(illustrator.replacingOccurrences(of: "\n", with: "\r\n").utf8)) == .svg)
        #expect(ImageFormat(sniffing: Array("<?xml version=\"1.0\"?><html></html>".utf8)) == nil)
    }

    @Test func recognisesNothingInText() {
        #expect(ImageFormat(sniffing: Array("hello, world".utf8)) == nil)
        #expect(ImageFormat(sniffing: [UInt8]()) == nil)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8]) == nil)
    }

    @Test func tellsADamagedPNGSignatureFromOtherBytes() {
        #expect(ImageFormat.looksLikeDamagedPNGSignature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x1A, 0x0D]))
        #expect(ImageFormat.looksLikeDamagedPNGSignature([0x09, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(!ImageFormat.looksLikeDamagedPNGSignature(ImageFormat.pngSignature))
        #expect(!ImageFormat.looksLikeDamagedPNGSignature(Array("hello, world".utf8)))
        #expect(!ImageFormat.looksLikeDamagedPNGSignature([0x89, 0x50, 0x4E]))
    }
}

@Suite struct ImageInfoTests {
    @Test func orientationsFiveToEightSwapTheDisplayedAxes() {
        for orientation in ExifOrientation.allCases {
            let info = ImageInfo(format: .jpeg, width: 300, height: 200, orientation: orientation,
                                 colorModel: .ycbcr, fileSize: 1)
            let swapped = orientation.rawValue >= 5
            #expect(info.displayWidth == (swapped ? 200 : 300))
            #expect(info.displayHeight == (swapped ? 300 : 200))
        }
    }

    @Test func aOneFrameAPNGIsNotAnimated() {
        #expect(!ImageInfo(format: .png, width: 1, height: 1, colorModel: .rgba, frameCount: 1, loopCount: 0, fileSize: 1).isAnimated)
        #expect(ImageInfo(format: .png, width: 1, height: 1, colorModel: .rgba, frameCount: 2, loopCount: 0, fileSize: 1).isAnimated)
    }

    @Test func alphaComesFromAChannelOrATransparencyChunk() {
        #expect(ImageInfo(format: .png, width: 1, height: 1, colorModel: .rgba, hasAlphaChannel: true, fileSize: 1).hasAlpha)
        #expect(ImageInfo(format: .png, width: 1, height: 1, colorModel: .palette, hasTransparencyChunk: true, fileSize: 1).hasAlpha)
        #expect(!ImageInfo(format: .png, width: 1, height: 1, colorModel: .rgb, fileSize: 1).hasAlpha)
    }

    @Test func limitsAdmitUpToTheirValuesAndNoFurther() {
        let limits = ImageLimits(maxPixels: 20_000, maxSide: 200)
        #expect(limits.admits(width: 200, height: 100))
        #expect(!limits.admits(width: 201, height: 10))
        #expect(!limits.admits(width: 10, height: 201))
        #expect(!limits.admits(width: 200, height: 101))
        #expect(!ImageLimits.default.admits(width: Int.max, height: 2))
    }
}

@Suite struct JSONValueTests {
    @Test func writesOrderedKeysWithEscapes() {
        let value = JSONValue.object([
            ("z", .int(-3)), ("a", .string("line\n\"quoted\"\\ \u{1}")), ("n", .null),
            ("list", .array([.bool(true), .bool(false)])), ("empty", .array([])), ("nested", .object([])),
        ])
        #expect(value.serialized(pretty: false)
            == #"{"z":-3,"a":"line\n\"quoted\"\\ \u0001","n":null,"list":[true,false],"empty":[],"nested":{}}"#)
        #expect(JSONValue.array([.int(1), .object([("k", .int(2))])]).serialized()
            == "[\n  1,\n  {\n    \"k\": 2\n  }\n]")
    }
}
