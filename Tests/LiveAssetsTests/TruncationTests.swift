import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Where an image's data ends, as the probe finds it without decoding: PNG chunk lengths walked to IEND,
/// a JPEG's EOI looked for in its last 64 KiB (then in its image data, read forward). Each cut file is probed from a file (prefix and pread) and
/// from memory, with the same answer.
@Suite struct TruncationTests {
    /// The facts of `bytes` probed from a file and from memory; both must agree.
    static func truncation(_ bytes: [UInt8], name: String = "image") throws -> Truncation? {
        let folder = try TemporaryDirectory()
        let path = try folder.write(name, bytes)
        let fromFile = try ImageProbe.probe(path: path).truncation
        let fromData = try ImageProbe.probe(data: Data(bytes)).truncation
        #expect(fromFile == fromData)
        return fromFile
    }

    // MARK: PNG

    /// An 8x8 RGBA PNG: signature (8), IHDR (25) from 8, IDAT from 33, IEND last.
    static let png = ImageBytes.png(width: 8, height: 8)
    static var idatLength: Int { png.count - 33 - 12 - 12 }
    static var iendOffset: Int { 33 + 12 + idatLength }

    @Test func aWholePNGAndOneWithBytesAfterIENDAreNotTruncated() throws {
        #expect(try Self.truncation(Self.png) == nil)
        #expect(try Self.truncation(Self.png + [1, 2, 3]) == nil)
        #expect(try Self.truncation(Self.png + [UInt8](repeating: 0, count: 10_000)) == nil)
    }

    @Test func aPNGCutInsideItsImageDataNamesTheChunkItsOffsetAndItsDeclaredLength() throws {
        for cut in [33 + 8 + 1, 33 + 8 + Self.idatLength / 2, 33 + 12 + Self.idatLength - 1] {
            #expect(try Self.truncation(Array(Self.png.prefix(cut)))
                    == .pngChunkCut(type: "IDAT", offset: 33, declaredLength: Self.idatLength), "cut at \(cut)")
        }
    }

    @Test func theEndIsLookedForOnlyWhenAsked() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("cut.png", Array(Self.png.prefix(33 + 8 + 1)))
        #expect(try ImageProbe.probe(path: path).truncation == .pngChunkCut(type: "IDAT", offset: 33, declaredLength: Self.idatLength))
        #expect(try ImageProbe.probe(path: path, options: .init(findsTruncation: false)).truncation == nil)
    }

    @Test func aPNGCutBetweenChunksOrInsideIENDHasNoIEND() throws {
        let iend = Self.iendOffset
        #expect(try Self.truncation(Array(Self.png.prefix(iend))) == .pngMissingIEND(offset: iend))
        #expect(try Self.truncation(Array(Self.png.prefix(iend + 5))) == .pngMissingIEND(offset: iend))
        // The header is whole but the CRC is cut: IEND's 12 bytes run past the end.
        #expect(try Self.truncation(Array(Self.png.prefix(iend + 10)))
                == .pngChunkCut(type: "IEND", offset: iend, declaredLength: 0))
    }

    @Test func aPNGCutBeforeItsFirstImageDataIsAnUnreadableHeader() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("cut.png", Array(Self.png.prefix(36)))
        #expect(throws: ProbeError.truncated(file: path, format: .png, fileSize: 36)) { try ImageProbe.probe(path: path) }
    }

    /// A 64x64 PNG whose image data is split into 10-byte IDAT chunks (over 1,600, most past the first
    /// page the probe reads), with `trailing` bytes after IEND so that the walk, not the last 12 bytes,
    /// decides.
    static func manyChunks(trailing: [UInt8]) -> (bytes: [UInt8], lastIDAT: Int, lastLength: Int) {
        let single = ImageBytes.png(width: 64, height: 64)
        let data = Array(single[(33 + 8)..<(single.count - 12 - 4)])
        var bytes = Array(single.prefix(33))
        var lastIDAT = 0, lastLength = 0
        for start in stride(from: 0, to: data.count, by: 10) {
            lastIDAT = bytes.count
            let part = Array(data[start..<min(start + 10, data.count)])
            lastLength = part.count
            bytes += ImageBytes.chunk("IDAT", part)
        }
        return (bytes + ImageBytes.chunk("IEND", []) + trailing, lastIDAT, lastLength)
    }

    @Test func theWalkReachesIENDAcrossThousandsOfChunksAndBytesAfterIt() throws {
        let (bytes, lastIDAT, lastLength) = Self.manyChunks(trailing: Array("appended".utf8))
        #expect(bytes.count > 20_000 && lastIDAT > 4096)
        #expect(try Self.truncation(bytes) == nil)
        #expect(try Self.truncation(Array(bytes.prefix(lastIDAT + 8 + 3)))
                == .pngChunkCut(type: "IDAT", offset: lastIDAT, declaredLength: lastLength))
        #expect(try Self.truncation(Array(bytes.prefix(lastIDAT + 12 + lastLength))) == .pngMissingIEND(offset: lastIDAT + 12 + lastLength))
    }

    @Test func anAnimatedPNGCutInAFrameNamesTheFrameDataChunk() throws {
        let actl = ImageBytes.be32(2) + ImageBytes.be32(0)
        let fctl = ImageBytes.be32(0) + ImageBytes.be32(8) + ImageBytes.be32(8) + [UInt8](repeating: 0, count: 8)
            + [0, 1, 0, 1, 0, 0]
        let first = ImageBytes.png(width: 8, height: 8, chunksBeforeIDAT: [("acTL", actl), ("fcTL", fctl)])
        let frame = ImageBytes.chunk("fdAT", ImageBytes.be32(2) + [UInt8](repeating: 7, count: 300))
        let apng = Array(first.dropLast(12)) + frame + ImageBytes.chunk("IEND", [])
        #expect(try ImageProbe.probe(data: Data(apng)).frameCount == 2)
        #expect(try Self.truncation(apng) == nil)
        let fdAT = first.count - 12
        #expect(try Self.truncation(Array(apng.prefix(fdAT + 100))) == .pngChunkCut(type: "fdAT", offset: fdAT, declaredLength: 304))
    }

    @Test func anIDATDeclaringTwoGigabytesIsCutWithoutReadingThem() throws {
        let header = Array(Self.png.prefix(33))
        let huge = header + ImageBytes.be32(0x7FFF_FFFF) + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 100)
        #expect(try Self.truncation(huge) == .pngChunkCut(type: "IDAT", offset: 33, declaredLength: 0x7FFF_FFFF))
    }

    // MARK: JPEG

    static let jpeg = [UInt8](try! ImageEncoders.JPEG(quality: 90).encode(.pattern(width: 160, height: 120, layout: .rgb, multiplier: 13)))

    /// Where the first scan's data starts: after the SOS segment.
    static func scanStart(_ bytes: [UInt8]) -> Int {
        var at = 2
        while !(bytes[at] == 0xFF && bytes[at + 1] == 0xDA) { at += 2 + Int(bytes[at + 2]) << 8 + Int(bytes[at + 3]) }
        return at + 2 + Int(bytes[at + 2]) << 8 + Int(bytes[at + 3])
    }

    @Test func aWholeJPEGAndOneWithBytesAfterEOIAreNotTruncated() throws {
        #expect(Self.jpeg.suffix(2) == [0xFF, 0xD9])
        #expect(try Self.truncation(Self.jpeg) == nil)
        #expect(try Self.truncation(Self.jpeg + [0, 0, 0, 0]) == nil)
        // Past the last 256 bytes read first: the whole 64 KiB window is read too.
        #expect(try Self.truncation(Self.jpeg + [UInt8](repeating: 0x20, count: 20_000)) == nil)
    }

    @Test func aJPEGCutAnywhereInItsScanHasNoEOIInTheBytesSearched() throws {
        let start = Self.scanStart(Self.jpeg)
        for cut in [start + 1, start + 100, Self.jpeg.count / 2, Self.jpeg.count - 2, Self.jpeg.count - 1] {
            #expect(try Self.truncation(Array(Self.jpeg.prefix(cut))) == .jpegMissingEOI(searched: cut), "cut at \(cut)")
        }
    }

    @Test func aJPEGWithMoreThan64KiBAfterItsEOIIsNotTruncatedAndACutOneIs() throws {
        // A Motion Photo appends a whole MP4: past the last 64 KiB, the image data is read to its EOI.
        let appended = [UInt8](repeating: 0x20, count: 200 * 1024)
        #expect(try Self.truncation(Self.jpeg + appended) == nil)
        let cut = Array(Self.jpeg.prefix(Self.jpeg.count / 2)) + appended
        #expect(try Self.truncation(cut) == .jpegMissingEOI(searched: cut.count - Self.scanStart(Self.jpeg)))
    }

    @Test func anEOISplitAcrossTheFirst256BytesIsFoundInTheWindow() throws {
        // 255 bytes after EOI: its D9 is the first of the last 256 bytes, its FF just before them.
        let split = Self.jpeg + [UInt8](repeating: 0x20, count: 255)
        #expect(split[split.count - 257] == 0xFF && split[split.count - 256] == 0xD9)
        #expect(try Self.truncation(split) == nil)
        // Nothing at all is found past the scan when the FF D9 is cut in two.
        let cut = Array(Self.jpeg.dropLast()) + [UInt8](repeating: 0x20, count: 255)
        #expect(try Self.truncation(cut) == .jpegMissingEOI(searched: cut.count))
    }

    /// A progressive JPEG with a comment holding FF D9 before its last scan.
    static func progressiveWithEOIInAComment() throws -> (bytes: [UInt8], lastScan: Int) {
        let jpeg = [UInt8](try ImageEncoders.JPEG(quality: 90, progressive: true)
            .encode(.pattern(width: 160, height: 120, layout: .rgb, multiplier: 13)))
        let lastSOS = (0..<(jpeg.count - 1)).last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }!
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x06, 0xFF, 0xD9, 0xFF, 0xD9]
        return (Array(jpeg.prefix(lastSOS)) + comment + Array(jpeg.suffix(from: lastSOS)), lastSOS + comment.count)
    }

    @Test func theForwardReadStepsOverTheSegmentsBetweenProgressiveScans() throws {
        let (jpeg, lastScan) = try Self.progressiveWithEOIInAComment()
        let appended = [UInt8](repeating: 0x20, count: 200 * 1024)
        #expect(try ImageDecoder.decode(data: Data(jpeg)).pixels.width == 160)
        #expect(try Self.truncation(jpeg + appended) == nil)
        // Cut in the last scan: the comment's FF D9 is not the end of the image.
        let cut = Array(jpeg.prefix((lastScan + jpeg.count) / 2)) + appended
        #expect(try Self.truncation(cut) == .jpegMissingEOI(searched: cut.count - Self.scanStart(jpeg)))
    }

    @Test func theEOIOfAThumbnailBeforeTheScanDoesNotCount() throws {
        // EXIF carrying a whole thumbnail JPEG, with its own FF D9, before the main image's scan.
        let thumbnail = [UInt8](try ImageEncoders.JPEG(quality: 50).encode(.pattern(width: 16, height: 16, layout: .rgb)))
        let withThumbnail = [UInt8](try ImageEncoders.JPEG(quality: 90, exif: ImageBytes.orientationTIFF(1) + thumbnail)
            .encode(.pattern(width: 160, height: 120, layout: .rgb, multiplier: 13)))
        #expect(try Self.truncation(withThumbnail) == nil)
        let cut = Self.scanStart(withThumbnail) + 50
        #expect(try Self.truncation(Array(withThumbnail.prefix(cut))) == .jpegMissingEOI(searched: cut))
    }

    // MARK: The finding

    @Test func checkReportsACutImageAsATruncatedError() throws {
        let info = try ImageProbe.probe(data: Data(Self.png.prefix(50)))
        let asset = Asset(name: "badge", variants: [AssetVariant(path: "art/badge.png", content: .image(info))])
        let findings = AssetChecker.findings(for: asset, presentations: nil, devices: [])
        #expect(findings.map(\.rule) == [.truncated, .notChecked])  // no device: no limit was checked
        #expect(findings.first?.message
                == "badge.png is cut short: its IDAT chunk at byte 33 needs \(Self.idatLength + 12) bytes but the file ends at byte 50, so it may not load; export it again from its source.")
        #expect(Rule.truncated.defaultSeverity == .error)
    }
}

/// The shared corpus's damaged files: the probe calls truncated exactly those whose manifest says the
/// data ends early (a PNG with no IEND in its chunk list, a JPEG with no EOI), among those whose header
/// can be read at all.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct CorpusTruncationTests {
    struct Entry: Decodable {
        struct PNG: Decodable { let chunks: [String]? }
        struct JPEG: Decodable { let eoiFound: Bool? }
        let file: String
        let format: String
        let png: PNG?
        let jpeg: JPEG?
    }

    struct Manifest: Decodable { let files: [Entry] }

    @Test func exactlyTheFilesWhoseDataEndsEarlyAreReportedTruncated() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("manifest.json")))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var reported: [String] = [], expected: [String] = []
        for entry in try decoder.decode(Manifest.self, from: data).files where entry.format == "png" || entry.format == "jpeg" {
            guard let info = try? ImageProbe.probe(path: Corpus.path(entry.file)) else { continue }
            if info.truncation != nil { reported.append(entry.file) }
            let endsEarly = entry.format == "png" ? !(entry.png?.chunks ?? []).contains("IEND") : entry.jpeg?.eoiFound == false
            if endsEarly { expected.append(entry.file) }
        }
        #expect(reported == expected)
        #expect(reported == ["pillow/broken_data_stream.png", "pillow/truncated_image.png", "pillow/truncated_jpeg.jpg"])
    }
}
