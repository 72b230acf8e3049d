import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

@Suite struct ProbeTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    func probe(_ name: String, _ bytes: [UInt8], options: ImageProbe.Options = .init()) throws(ProbeError) -> ImageInfo {
        let path = try! folder.write(name, bytes)
        return try ImageProbe.probe(path: path, options: options)
    }

    func error(_ name: String, _ bytes: [UInt8], options: ImageProbe.Options = .init()) -> ProbeError? {
        do throws(ProbeError) {
            _ = try probe(name, bytes, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsAHandMadePNG() throws {
        let info = try probe("a.png", ImageBytes.png(width: 3, height: 2, colorType: 6))
        #expect(info == ImageInfo(format: .png, width: 3, height: 2, colorModel: .rgba, hasAlphaChannel: true,
                                  fileSize: ImageBytes.png(width: 3, height: 2).count))
    }

    @Test func readsPNGOrientationFromAnEXIFChunk() throws {
        let png = ImageBytes.png(width: 4, height: 2, colorType: 2,
                                 chunksBeforeIDAT: [("eXIf", ImageBytes.orientationTIFF(6, bigEndian: true))])
        let info = try probe("rotated.png", png)
        #expect(info.orientation == .right && info.displayWidth == 2 && info.displayHeight == 4)
    }

    /// Header reads take a PNG's eXIf chunk whole through the chunk callback; verification leaves it to
    /// libpng's own handler. Both must accept, refuse and warn alike.
    @Test(arguments: [
        ("big-endian", [[UInt8]](arrayLiteral: ImageBytes.orientationTIFF(6, bigEndian: true)), ExifOrientation.right, 0),
        ("little-endian", [ImageBytes.orientationTIFF(8)], .left, 0),
        ("after a thumbnail's worth", [ImageBytes.orientationTIFF(3) + [UInt8](repeating: 0xA5, count: 40_000)], .down, 0),
        ("duplicate", [ImageBytes.orientationTIFF(8), ImageBytes.orientationTIFF(3)], .left, 1),
        ("too short", [[0x4D]], .up, 1),
        ("mixed byte order", [[0x4D, 0x49] + ImageBytes.orientationTIFF(6).dropFirst(2)], .up, 1),
        ("refused, then a good one", [[0x49, 0x4D, 0, 42], ImageBytes.orientationTIFF(6)], .right, 1),
    ])
    func readsPNGEXIFChunksAsLibpngDoes(name: String, chunks: [[UInt8]], orientation: ExifOrientation, warnings: Int) throws {
        let png = ImageBytes.png(width: 4, height: 2, colorType: 2, chunksBeforeIDAT: chunks.map { ("eXIf", $0) })
        let header = try probe("\(name).png", png)
        let verified = try probe("\(name)-verified.png", png, options: .init(verifiesPixelData: true))
        #expect(header.orientation == orientation && header.warningCount == warnings)
        #expect(header.orientation == verified.orientation && header.warningCount == verified.warningCount
                && header.firstWarning == verified.firstWarning)
    }

    @Test func readsJPEGOrientationFromTheFirstEXIFSegment() throws {
        let jpeg = ImageBytes.jpegHeader(width: 640, height: 480, segments: [
            ImageBytes.marker(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + [1, 2, 3]),
            ImageBytes.exifSegment(ImageBytes.orientationTIFF(8)),
            ImageBytes.exifSegment(ImageBytes.orientationTIFF(3)),
        ])
        let info = try probe("photo.jpg", jpeg)
        #expect(info.orientation == .left && info.displayWidth == 480 && info.displayHeight == 640)
        #expect(info.colorModel == .ycbcr && info.bitDepth == 8)
    }

    @Test func sizesAMultiChunkICCProfile() throws {
        func icc(_ sequence: UInt8, _ count: UInt8, _ size: Int) -> [UInt8] {
            ImageBytes.marker(0xE2, Array("ICC_PROFILE\0".utf8) + [sequence, count] + [UInt8](repeating: 7, count: size))
        }
        let whole = try probe("icc.jpg", ImageBytes.jpegHeader(width: 8, height: 8, segments: [icc(2, 2, 50), icc(1, 2, 100)]))
        #expect(whole.iccProfileSize == 150 && whole.warningCount == 0)
        let partial = try probe("icc-partial.jpg", ImageBytes.jpegHeader(width: 8, height: 8, segments: [icc(1, 3, 100)]))
        #expect(partial.iccProfileSize == nil && partial.warningCount == 1)
    }

    @Test func reportsUnreadableEXIFAsAWarningAndUprightOrientation() throws {
        let jpeg = ImageBytes.jpegHeader(width: 10, height: 20, segments: [ImageBytes.exifSegment([0x41, 0x42, 0, 42])])
        let info = try probe("odd-exif.jpg", jpeg)
        #expect(info.orientation == .up && info.warningCount == 1)
        #expect(info.firstWarning?.hasPrefix("EXIF data is unreadable") == true)
    }

    @Test func refusesHugeDeclaredPNGDimensionsBeforeReadingOn() {
        // A 100,000 x 100,000 RGBA PNG would need 40 GB; the header alone must be refused.
        let bomb = ImageBytes.png(width: 100_000, height: 100_000, omitIDAT: true)
        #expect(error("bomb.png", bomb) == .tooLarge(file: folder.path("bomb.png"), format: .png, width: 100_000,
                                                       height: 100_000, limits: .default))
    }

    @Test func refusesHugeDeclaredJPEGDimensions() {
        let bomb = ImageBytes.jpegHeader(width: 65_000, height: 65_000)
        #expect(error("bomb.jpg", bomb) == .tooLarge(file: folder.path("bomb.jpg"), format: .jpeg, width: 65_000,
                                                       height: 65_000, limits: .default))
    }

    @Test func aChunkClaimingGigabytesCostsNoMemory() throws {
        // An iTXt chunk header declaring 0x6D000032 bytes (1.8 GB) in a file of a few hundred bytes: libpng
        // would allocate and clear a buffer of the declared size; the allocation cap refuses it.
        var png = Array(ImageBytes.png(width: 32, height: 32, colorType: 0).prefix(33))
        png += [0x6D, 0x00, 0x00, 0x32] + Array("iTXt".utf8) + [UInt8](repeating: 0x41, count: 200)
        var before = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        for verify in [false, true] {
            #expect(error("claims.png", png, options: .init(verifiesPixelData: verify))
                == .truncated(file: folder.path("claims.png"), format: .png, fileSize: png.count))
        }
        var after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &after)
        #expect(after.ru_maxrss - before.ru_maxrss < 200_000)  // kilobytes: far below the 1.8 GB claimed
    }

    @Test func appliesConfiguredLimitsOnEachAxisAndInPixels() throws {
        let png = ImageBytes.png(width: 200, height: 100, colorType: 0)
        let exact = ImageProbe.Options(limits: ImageLimits(maxPixels: 20_000, maxSide: 200))
        #expect(try probe("exact.png", png, options: exact).width == 200)
        let pixels = ImageLimits(maxPixels: 19_999, maxSide: 200)
        #expect(error("p.png", png, options: .init(limits: pixels))?.code == "too-large")
        let side = ImageLimits(maxPixels: 20_000, maxSide: 199)
        #expect(error("s.png", png, options: .init(limits: side))?.code == "too-large")
        let jpeg = ImageBytes.jpegHeader(width: 200, height: 100)
        #expect(try probe("exact.jpg", jpeg, options: exact).height == 100)
        #expect(error("p.jpg", jpeg, options: .init(limits: pixels))?.code == "too-large")
    }

    @Test func namesTheCauseOfEveryFileProblem() throws {
        let path = folder.path("x")
        #expect(error("x", []) == .emptyFile(file: path))
        #expect(error("x", Array("just text".utf8)) == .notAnImage(file: path, leadingBytes: Array("just tex".utf8)))
        #expect(error("x", Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 12))
            == .unsupportedFormat(file: path, format: .webp))
        // HEIF is read for its header: a file cut inside its first box describes no image.
        #expect(error("x", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0])
            == .truncated(file: path, format: .heif, fileSize: 16))
        #expect(error("x", Array(ImageFormat.pngSignature) + ImageBytes.chunk("CgBI", [0, 0, 0, 0]))
            == .appleCrushedPNG(file: path))
        #expect(error("x", Array(ImageBytes.png(width: 8, height: 8).prefix(40)))
            == .truncated(file: path, format: .png, fileSize: 40))
        #expect(error("x", [0xFF, 0xD8, 0xFF, 0xE1, 0x30, 0x30]) == .truncated(file: path, format: .jpeg, fileSize: 6))
        #expect(error("x", [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xD9])
            == .malformed(file: path, format: .jpeg, reason: "Bogus marker length"))
    }

    @Test func findsDamagedPixelDataOnlyWhenVerifying() throws {
        var png = ImageBytes.png(width: 16, height: 16, colorType: 2)
        png[png.count - 13] ^= 0xFF  // the last byte of the IDAT CRC, just before the 12-byte IEND
        #expect(try probe("crc.png", png).width == 16)
        #expect(error("crc.png", png, options: .init(verifiesPixelData: true))
            == .malformed(file: folder.path("crc.png"), format: .png, reason: "IDAT: CRC error"))
    }

    @Test func namesFileSystemProblems() throws {
        let missing = folder.path("missing.png")
        #expect(throws: ProbeError.fileNotFound(file: missing)) { try ImageProbe.probe(path: missing) }
        #expect(throws: ProbeError.isDirectory(file: folder.url.path)) { try ImageProbe.probe(path: folder.url.path) }
        let fifo = folder.path("pipe.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ProbeError.notARegularFile(file: fifo)) { try ImageProbe.probe(path: fifo) }
        #expect(throws: ProbeError.emptyFile(file: "image data")) { try ImageProbe.probe(data: Data()) }
    }

    @Test(.enabled(if: getuid() != 0, "skipped: root reads files whatever their permissions"))
    func namesAFileThatMayNotBeRead() throws {
        let path = try folder.write("secret.png", ImageBytes.png(width: 1, height: 1))
        #expect(chmod(path, 0) == 0)
        #expect(throws: ProbeError.permissionDenied(file: path)) { try ImageProbe.probe(path: path) }
    }

    @Test func errorMessagesAreOneSentenceNamingTheFile() {
        let errors: [ProbeError] = [
            .fileNotFound(file: "a.png"), .permissionDenied(file: "a.png"), .isDirectory(file: "a.png"),
            .notARegularFile(file: "a.png"), .readFailed(file: "a.png", errno: 5, reason: "Input/output error"),
            .emptyFile(file: "a.png"), .notAnImage(file: "a.png", leadingBytes: [1, 2]),
            .unsupportedFormat(file: "a.png", format: .pdf), .damagedPNGSignature(file: "a.png", leadingBytes: [0x89]),
            .appleCrushedPNG(file: "a.png"), .truncated(file: "a.png", format: .png, fileSize: 10),
            .tooLarge(file: "a.png", format: .png, width: 1, height: 2, limits: .default),
            .malformed(file: "a.png", format: .png, reason: "IHDR: CRC error."),
            .undecodable(file: "a.png", format: .jpeg, reason: "Unsupported JPEG data precision 12"),
            .outOfMemory(file: "a.png"),
        ]
        #expect(Set(errors.map(\.code)).count == errors.count)
        for error in errors {
            #expect(error.message.hasPrefix("a.png "))
            #expect(error.message.hasSuffix(".") && !error.message.hasSuffix(".."))
            #expect(!error.message.contains("\n"))
        }
        #expect(ProbeError.truncated(file: "a.png", format: .png, fileSize: 10).message
            == "a.png is truncated: its PNG data ends after 10 bytes, before the image is complete.")
    }
}
