import CLiveAssetsCodecs
import Foundation
import LiveAssets
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

/// How the ImageIO decoder draws each kind of image, what it does to the samples after, and the memory it
/// counts: decided without ImageIO, run here with the colour spaces ImageIO reports for each kind, against
/// what the Linux decoder gives for the same file.
@Suite struct ImageIODrawingTests {
    static func info(_ bytes: [UInt8]) throws -> ImageInfo { try HeaderReader.read(bytes, name: "image") }

    @Test func aPaletteImageWithAProfileIsDrawnThroughItsColoursAndKeepsItsProfile() throws {
        let profile = ColorChunkDifferentialTests.profile(dataLength: 600)
        let deflated = try ColorChunkDifferentialTests.deflated(profile, gray: false)
        let png = ImageBytes.png(width: 4, height: 2, colorType: 3, pixels: [0, 1, 2, 0, 1, 2, 0, 1],
                                 chunksBeforeIDAT: [("iCCP", ColorChunkDifferentialTests.iccp(deflated)),
                                                    ("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])])
        let linux = try ImageDecoder.decode(data: Data(png), name: "image")
        // ImageIO gives a palette PNG an indexed space over the profile's RGB space.
        let drawing = try ImageIODrawing.plan(model: .indexed, baseModel: .rgb, info: Self.info(png), wide: false, file: "image")
        #expect(drawing == ImageIODrawing(pass: .palette, bitsPerComponent: 8, layout: .rgba))
        #expect(drawing.layout == linux.pixels.layout)
        #expect(try ImageIOInput(bytes: Data(png), info: Self.info(png), file: "image").iccProfile == linux.iccProfile)
        #expect(linux.iccProfile == profile)
    }

    @Test func grayStaysGrayAtEightAndSixteenBits() throws {
        let folder = try TemporaryDirectory()
        for (depth, colorType, expected) in [(8, 0, ImageIODrawing.Pass.gray), (16, 0, .gray), (8, 4, .grayAlpha), (16, 4, .grayAlpha)] {
            let channels = colorType == 4 ? 2 : 1
            let png = ImageBytes.png(width: 3, height: 2, bitDepth: UInt8(depth), colorType: UInt8(colorType),
                                     pixels: (0..<(3 * 2 * channels * depth / 8)).map { UInt8($0 * 9) })
            let info = try Self.info(png)
            let wide = depth == 16
            let drawing = try ImageIODrawing.plan(model: .monochrome, baseModel: nil, info: info, wide: wide, file: "image")
            #expect(drawing == ImageIODrawing(pass: expected, bitsPerComponent: depth, layout: expected.layout), "\(depth)-bit type \(colorType)")
            let linuxLayout = wide ? try ImageDecoder.decode16(path: folder.write("g.png", png)).layout
                                   : try ImageDecoder.decode(data: Data(png)).pixels.layout
            #expect(drawing.layout == linuxLayout, "\(depth)-bit type \(colorType)")
        }
    }

    @Test func aGrayImageImageIOGivesAsRGBIsHandedBackGray() throws {
        let png = ImageBytes.png(width: 2, height: 1, colorType: 0, pixels: [10, 200])
        let drawing = try ImageIODrawing.plan(model: .rgb, baseModel: nil, info: Self.info(png), wide: false, file: "image")
        #expect(drawing == ImageIODrawing(pass: .rgba, bitsPerComponent: 8, layout: .gray))
        #expect(try PixelBuffer.Layout.rgba.converting([10, 10, 10, 255, 200, 200, 200, 255], to: .gray, opaque: 255) == [10, 200])
        #expect(try ImageDecoder.decode(data: Data(png)).pixels.samples == [10, 200])
    }

    @Test func cmykAndYCCKJPEGsAreDrawnAsCMYKAndConvertedByTheLinuxFormula() throws {
        let adobe = { (transform: UInt8) in ImageBytes.marker(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, transform]) }
        for (transform, model) in [(UInt8(0), ColorModel.cmyk), (2, .ycck)] {
            let jpeg = ImageBytes.jpegHeader(width: 8, height: 8, components: 4, segments: [adobe(transform)], subsampled: false)
            let info = try Self.info(jpeg)
            #expect(info.colorModel == model)
            let drawing = try ImageIODrawing.plan(model: .cmyk, baseModel: nil, info: info, wide: false, file: "image")
            #expect(drawing == ImageIODrawing(pass: .cmyk, bitsPerComponent: 8, layout: .rgba))
        }
        // Every ink level of a channel with every level of black, against the Linux decoder's own function,
        // which takes the stored values (Adobe-inverted: 255 - ink).
        var ink: [UInt8] = [], stored: [UInt8] = []
        for channel in 0...255 {
            for key in 0...255 {
                ink += [UInt8(channel), UInt8(255 - channel), UInt8(channel / 2), UInt8(key)]
                stored += [UInt8(255 - channel), UInt8(channel), UInt8(255 - channel / 2), UInt8(255 - key)]
            }
        }
        ImageIODrawing.rgba(fromInk: &ink)
        stored.withUnsafeMutableBufferPointer { lac_cmyk_to_rgba($0.baseAddress, $0.count / 4) }
        #expect(ink == stored)
        #expect(Array(ink.prefix(4)) == [255, 0, 255, 255])  // no ink at all is white; full magenta kills green
    }

    @Test func aColourSpaceLiveAssetsDoesNotConvertIsRefusedWithItsName() throws {
        let png = ImageBytes.png(width: 1, height: 1, colorType: 2)
        #expect(throws: DecodeError.undecodable(file: "image", format: .png,
                                                reason: "ImageIO gave it a Lab colour space, which LiveAssets does not convert")) {
            try ImageIODrawing.plan(model: .lab, baseModel: nil, info: Self.info(png), wide: false, file: "image")
        }
        #expect(throws: DecodeError.undecodable(file: "image", format: .png,
                                                reason: "ImageIO gave it a CMYK colour space where its header says RGB")) {
            try ImageIODrawing.plan(model: .cmyk, baseModel: nil, info: Self.info(png), wide: false, file: "image")
        }
        #expect(ImageIODrawing.Model(reported: 42) == .unknown)
        #expect(ImageIODrawing.Model.allCases.map(\.rawValue) == [-1, 0, 1, 2, 3, 4, 5, 6, 7])
    }

    @Test func aProfileCoreGraphicsCannotDrawIntoLeavesTheSamplesAndKeepsTheProfile() throws {
        // An input-only (scanner) profile: Core Graphics cannot make a drawing target of it. The drawing does
        // not depend on the profile at all (a re-tagged device space), and the profile is the file's.
        let profile = ColorChunkDifferentialTests.profile(profileClass: "scnr", dataLength: 600)
        let png = [UInt8](try ImageEncoders.PNG(iccProfile: profile).encode(.pattern(width: 4, height: 4, layout: .rgb)))
        let untagged = [UInt8](try ImageEncoders.PNG().encode(.pattern(width: 4, height: 4, layout: .rgb)))
        let drawing = try ImageIODrawing.plan(model: .rgb, baseModel: nil, info: Self.info(png), wide: false, file: "image")
        #expect(drawing == (try ImageIODrawing.plan(model: .rgb, baseModel: nil, info: Self.info(untagged), wide: false, file: "image")))
        let linux = try ImageDecoder.decode(data: Data(png), name: "image")
        #expect(linux.iccProfile == profile)
        #expect(try ImageIOInput(bytes: Data(png), info: Self.info(png), file: "image").iccProfile == linux.iccProfile)
    }

    @Test func premultipliedSamplesAreMadeStraightToTheNearestLevel() {
        var rgba: [UInt8] = [64, 32, 0, 128, 9, 9, 9, 0, 255, 255, 255, 255, 200, 100, 50, 255]
        ImageIODrawing.straighten(&rgba, channels: 4)
        #expect(rgba == [128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255, 200, 100, 50, 255])
        var wide: [UInt16] = [16_384, 32_768]
        ImageIODrawing.straighten(&wide, channels: 2)
        #expect(wide == [32_768, 32_768])
        var grayAlpha = [UInt8](repeating: 0, count: 4)
        ImageIODrawing.interleave(gray: [50, 7], alpha: [100, 255], into: &grayAlpha)
        #expect(grayAlpha == [128, 100, 7, 255])
    }

    @Test func memoryCountsEveryBufferAndRefusesASizeWhoseBytesOverflow() throws {
        let eight = ImageIODrawing(pass: .grayAlpha, bitsPerComponent: 8, layout: .grayAlpha)
        #expect(ImageIOMemory.plan(eight, width: 100, height: 50, imageBytesPerRow: 200)
                    == ImageIOMemory(samples: 10_000, planeBytes: 10_000, convertedBytes: 0, imageIOBytes: 10_000))
        let sixteen = ImageIODrawing(pass: .grayAlpha, bitsPerComponent: 16, layout: .grayAlpha)
        #expect(ImageIOMemory.plan(sixteen, width: 100, height: 50, imageBytesPerRow: 400)
                    == ImageIOMemory(samples: 10_000, planeBytes: 50_000, convertedBytes: 0, imageIOBytes: 20_000))
        let converted = ImageIODrawing(pass: .rgba, bitsPerComponent: 8, layout: .gray)
        #expect(ImageIOMemory.plan(converted, width: 10, height: 10, imageBytesPerRow: 40)?.extraBytes == 100 + 400)
        // A size the Linux decoder refuses as more bytes than one buffer holds is refused here too.
        let huge = 2_147_483_647  // PNG's largest side; 4 bytes a pixel overflow an Int
        let png = ImageBytes.png(width: UInt32(huge), height: UInt32(huge), chunksBeforeIDAT: [("IDAT", [0x78, 0x9C])], omitIDAT: true)
        let limits = ImageLimits(maxPixels: .max, maxSide: .max)
        #expect(throws: DecodeError.overLimit(file: "image", format: .png,
                                              reason: "it declares \(huge)x\(huge) pixels, more bytes than one pixel buffer can hold")) {
            try ImageDecoder.decode(data: Data(png), name: "image", options: .init(limits: limits))
        }
        let rgba = ImageIODrawing(pass: .rgba, bitsPerComponent: 8, layout: .rgba)
        #expect(ImageIOMemory.plan(rgba, width: huge, height: huge, imageBytesPerRow: huge * 4) == nil)
        #expect(ImageIOMemory.plan(rgba, width: 1 << 42, height: 1 << 20, imageBytesPerRow: 4) == nil)
        #expect(ImageIOMemory.plan(rgba, width: 1 << 20, height: 1 << 20, imageBytesPerRow: .max) == nil)
    }

    @Test func aProfileAddedToEncodedBytesReadsBackAsTheLinuxEncoderWritesIt() throws {
        let profile = ColorChunkDifferentialTests.profile(profileClass: "scnr", dataLength: 70_000)
        let pixels = PixelBuffer.pattern(width: 6, height: 4, layout: .rgb)
        let png = try #require(ProfileSplice.png(try ImageEncoders.PNG().encode(pixels), iccProfile: profile))
        let jpeg = try #require(ProfileSplice.jpeg(try ImageEncoders.JPEG().encode(pixels), iccProfile: profile))
        for (bytes, written) in [(png, try ImageEncoders.PNG(iccProfile: profile).encode(pixels)),
                                 (jpeg, try ImageEncoders.JPEG(iccProfile: profile).encode(pixels))] {
            #expect(try ImageProbe.probe(data: bytes).iccProfileSize == profile.count)
            let decoded = try ImageDecoder.decode(data: bytes)
            #expect(decoded.iccProfile == profile)
            #expect(decoded.pixels == (try ImageDecoder.decode(data: written).pixels))
        }
        #expect(ProfileSplice.png(Data([1, 2, 3]), iccProfile: profile) == nil)
    }

    @Test func fitTriesAStrongerZlibLevelOnlyWhereTheEncoderHonoursIt() {
        #expect(ImageFitter.retriesStrongest(encoded: 2_000, original: 1_000, level: 6, encoderHonoursLevel: true))
        #expect(!ImageFitter.retriesStrongest(encoded: 2_000, original: 1_000, level: 6, encoderHonoursLevel: false))
        #expect(!ImageFitter.retriesStrongest(encoded: 900, original: 1_000, level: 6, encoderHonoursLevel: true))
        #expect(!ImageFitter.retriesStrongest(encoded: 2_000, original: 1_000, level: 0, encoderHonoursLevel: true))
        #expect(LibraryEncoder().honoursCompressionLevel)
        #expect(LibraryEncoder().writesPalettes)
    }
}
