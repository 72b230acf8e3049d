import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// A file read for its header (as `check` and `fit` plan with it) and changed, cut or removed before
/// its pixels are decoded: the fit fails with an error naming the file, and never decodes more pixels
/// than the header it planned with allowed for.
@Suite struct ChangingFileTests {
    static let target = PixelSize(width: 60, height: 40)

    static func png(width: Int, height: Int) throws -> [UInt8] {
        Array(try ImageEncoders.PNG().encode(.pattern(width: width, height: height, multiplier: 3, modulus: 255)))
    }

    static func jpeg(width: Int, height: Int) throws -> Data {
        try ImageEncoders.JPEG(quality: 80).encode(.pattern(width: width, height: height, layout: .rgb, multiplier: 7, modulus: 255))
    }

    /// The header of `original` (a 300x200 8-bit PNG unless given) at `image@3x.png`, then `change`
    /// applied to the file, then the fit.
    static func fitAfter(original: [UInt8]? = nil, _ change: (String) throws -> Void) throws -> Result<Data, FitError> {
        let folder = try TemporaryDirectory()
        let path = try folder.write("image@3x.png", try original ?? png(width: 300, height: 200))
        let header = try ImageProbe.probe(path: path)
        try change(path)
        return Result { () throws(FitError) in
            try ImageFitter.fit(.file(path), header: header, to: target, options: .init())
        }
    }

    static func message(_ result: Result<Data, FitError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.message
    }

    @Test func unchangedFileFits() throws {
        let data = try Self.fitAfter { _ in }.get()
        let info = try ImageProbe.probe(data: data)
        #expect((info.width, info.height) == (60, 40))
    }

    @Test func aFileReplacedByALargerImageIsRefusedBeforeItsPixelsOverrunTheBuffer() throws {
        let result = try Self.fitAfter { path in try Data(try Self.png(width: 3000, height: 2000)).write(to: URL(fileURLWithPath: path)) }
        let message = try #require(Self.message(result))
        #expect(message.hasSuffix("/image@3x.png changed while it was being read (it is now larger than 300x200); run again once nothing else is writing it."))
    }

    @Test func aFileReplacedByASmallerImageIsRefused() throws {
        let result = try Self.fitAfter { path in try Data(try Self.png(width: 100, height: 50)).write(to: URL(fileURLWithPath: path)) }
        let message = try #require(Self.message(result))
        #expect(message.hasSuffix("/image@3x.png changed while it was being read (it is no longer 300x200); run again once nothing else is writing it."))
    }

    @Test func aFileReplacedByAJPEGOfTheSameSizeIsRefused() throws {
        let jpeg = try Self.jpeg(width: 300, height: 200)
        let result = try Self.fitAfter { path in try jpeg.write(to: URL(fileURLWithPath: path)) }
        let message = try #require(Self.message(result))
        #expect(message.hasSuffix("/image@3x.png changed while it was being read (it is no longer a PNG file); run again once nothing else is writing it."))
    }

    @Test func aGrayFileReplacedByAColourOneOfTheSameSizeIsRefused() throws {
        let reason = "it is no longer gray without alpha"
        let grayPNG = Array(try ImageEncoders.PNG().encode(.pattern(width: 300, height: 200, layout: .gray)))
        let colourPNG = try Self.png(width: 300, height: 200)
        let transparentGray = ImageBytes.png(width: 300, height: 200, colorType: 0, chunksBeforeIDAT: [("tRNS", [0, 0])])
        let grayJPEG = Array(try ImageEncoders.JPEG().encode(.pattern(width: 300, height: 200, layout: .gray)))
        let colourJPEG = try Self.jpeg(width: 300, height: 200)
        for (original, replacement) in [(grayPNG, colourPNG), (grayPNG, transparentGray), (grayJPEG, Array(colourJPEG))] {
            let result = try Self.fitAfter(original: original) { path in try Data(replacement).write(to: URL(fileURLWithPath: path)) }
            let message = try #require(Self.message(result))
            #expect(message.hasSuffix("/image@3x.png changed while it was being read (\(reason)); run again once nothing else is writing it."))
        }
        // A colour image that turns gray still decodes: RGBA holds any image.
        #expect(throws: Never.self) {
            try Self.fitAfter { path in try Data(grayPNG).write(to: URL(fileURLWithPath: path)) }.get()
        }
    }

    @Test func aSixteenBitFileReplacedByALargerOrSmallerOneIsRefused() throws {
        let original = ImageBytes.png(width: 300, height: 200, bitDepth: 16)
        for (width, height, reason) in [(400, 300, "it is now larger than 300x200"), (100, 50, "it is no longer 300x200")] {
            let replacement = ImageBytes.png(width: UInt32(width), height: UInt32(height), bitDepth: 16)
            let result = try Self.fitAfter(original: original) { path in try Data(replacement).write(to: URL(fileURLWithPath: path)) }
            let message = try #require(Self.message(result))
            #expect(message.hasSuffix("/image@3x.png changed while it was being read (\(reason)); run again once nothing else is writing it."))
        }
    }

    @Test func aJPEGReplacedByALargerOrSmallerOneIsRefused() throws {
        let original = Array(try Self.jpeg(width: 300, height: 200))
        for (width, height, reason) in [(640, 480, "it is now larger than 300x200"), (120, 80, "it is no longer 300x200")] {
            let replacement = try Self.jpeg(width: width, height: height)
            let result = try Self.fitAfter(original: original) { path in try replacement.write(to: URL(fileURLWithPath: path)) }
            let message = try #require(Self.message(result))
            #expect(message.hasSuffix("/image@3x.png changed while it was being read (\(reason)); run again once nothing else is writing it."))
        }
    }

    @Test func aFileCutShortIsRefusedAsTruncated() throws {
        let result = try Self.fitAfter { path in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let message = try #require(Self.message(result))
        #expect(message.hasSuffix("/image@3x.png is truncated: its PNG data ends before the image is complete."))
    }

    @Test func aFileRemovedIsReportedAsMissing() throws {
        let result = try Self.fitAfter { path in try FileManager.default.removeItem(atPath: path) }
        let message = try #require(Self.message(result))
        #expect(message.hasSuffix("/image@3x.png does not exist."))
    }
}
