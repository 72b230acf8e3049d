import Foundation
import LiveAssets
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

/// The ImageIO decoder's decisions on a file's bytes and on ImageIO's statuses, run here with the inputs the
/// Apple path would see, against what the Linux decoder (libpng, libjpeg) does with the same file.
@Suite struct ImageIOInputTests {
    static let png = [UInt8](try! ImageEncoders.PNG().encode(.pattern(width: 64, height: 48, layout: .rgb)))
    static let jpeg = [UInt8](try! ImageEncoders.JPEG(quality: 90).encode(.pattern(width: 64, height: 48, layout: .rgb)))

    /// The header as the Apple path reads it (the Swift reader), and the Linux decoder's error for `bytes`.
    static func headerAndLinuxError(_ bytes: [UInt8], name: String) throws -> (ImageInfo, DecodeError?) {
        let info = try HeaderReader.read(bytes, name: name)
        do {
            _ = try ImageDecoder.decode(data: Data(bytes), name: name)
            return (info, nil)
        } catch {
            return (info, error)
        }
    }

    /// The Apple path's error for `bytes`: its checks of the bytes before ImageIO reads them.
    static func appleError(_ bytes: [UInt8], info: ImageInfo, name: String) -> DecodeError? {
        do {
            _ = try ImageIOInput(bytes: Data(bytes), info: info, file: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTruncatedPNGIsRefusedAsTruncatedOnBothPaths() throws {
        let cut = Array(Self.png.prefix(Self.png.count / 2))
        let (info, linux) = try Self.headerAndLinuxError(cut, name: "cut.png")
        #expect(linux == .truncated(file: "cut.png", format: .png))
        #expect(Self.appleError(cut, info: info, name: "cut.png") == linux)
    }

    @Test func aPNGWithoutItsIENDChunkIsRefusedAsTruncatedOnBothPaths() throws {
        let cut = Array(Self.png.dropLast(12))
        let (info, linux) = try Self.headerAndLinuxError(cut, name: "no-iend.png")
        #expect(linux == .truncated(file: "no-iend.png", format: .png))
        #expect(Self.appleError(cut, info: info, name: "no-iend.png") == linux)
    }

    @Test func aJPEGWithoutItsEndMarkerIsRefusedAsTruncatedOnBothPaths() throws {
        let cut = Array(Self.jpeg.dropLast(2))
        let (info, linux) = try Self.headerAndLinuxError(cut, name: "no-eoi.jpg")
        #expect(linux == .truncated(file: "no-eoi.jpg", format: .jpeg))
        #expect(Self.appleError(cut, info: info, name: "no-eoi.jpg") == linux)
    }

    @Test func aDamagedImageDataCRCIsRefusedAsDamagedOnBothPaths() throws {
        var damaged = Self.png
        damaged[damaged.count - 13] ^= 0xFF  // the IDAT chunk's CRC, just before IEND
        let (info, linux) = try Self.headerAndLinuxError(damaged, name: "crc.png")
        #expect(linux == .malformed(file: "crc.png", format: .png, reason: "IDAT: CRC error"))
        #expect(Self.appleError(damaged, info: info, name: "crc.png") == linux)
    }

    @Test func aDamagedAncillaryChunkAfterTheImageDataIsNotRefused() throws {
        // libpng checks an ancillary chunk's CRC only to skip the chunk; the file decodes.
        let bytes = Array(Self.png.dropLast(12)) + ImageBytes.chunk("tEXt", Array("a\0b".utf8)) + Array(Self.png.suffix(12))
        var damaged = bytes
        damaged[damaged.count - 13] ^= 0xFF
        let (info, linux) = try Self.headerAndLinuxError(damaged, name: "text.png")
        #expect(linux == nil)
        #expect(Self.appleError(damaged, info: info, name: "text.png") == nil)
    }

    @Test func anIntactFileIsAcceptedOnBothPaths() throws {
        for (bytes, name) in [(Self.png, "a.png"), (Self.jpeg, "a.jpg")] {
            let (info, linux) = try Self.headerAndLinuxError(bytes, name: name)
            #expect(linux == nil)
            #expect(Self.appleError(bytes, info: info, name: name) == nil)
        }
    }

    @Test func bytesThatAreNoLongerTheFileWhoseHeaderWasReadAreRefusedAsChanged() throws {
        let info = try HeaderReader.read(Self.png, name: "a.png")
        #expect(Self.appleError(Self.png + [0], info: info, name: "a.png")
                    == .changed(file: "a.png", reason: "it is no longer \(Self.png.count.groupedDigits) bytes"))
        let jpegOfTheSameSize = Array((Self.jpeg + [UInt8](repeating: 0, count: Self.png.count)).prefix(Self.png.count))
        #expect(Self.appleError(jpegOfTheSameSize, info: info, name: "a.png")
                    == .changed(file: "a.png", reason: "it is no longer a PNG file"))
    }

    @Test func eachImageIOStatusIsRefusedAsTheLinuxDecoderRefusesTheSameCause() {
        let expected: [ImageIOStatus: DecodeError?] = [
            .complete: nil,
            .incomplete: .truncated(file: "a.png", format: .png),
            .readingHeader: .truncated(file: "a.png", format: .png),
            .unexpectedEOF: .truncated(file: "a.png", format: .png),
            .invalidData: .malformed(file: "a.png", format: .png, reason: "ImageIO found its data invalid"),
            .unknownType: .malformed(file: "a.png", format: .png, reason: "ImageIO does not read it as a PNG image"),
        ]
        for status in ImageIOStatus.allCases {
            #expect(ImageIOStatus.refusal(source: status, image: .complete, format: .png, file: "a.png") == expected[status]!, "\(status)")
            #expect(ImageIOStatus.refusal(source: .complete, image: status, format: .png, file: "a.png") == expected[status]!, "\(status)")
        }
        // The raw values are CGImageSourceStatus's; one this build does not know is invalid data.
        #expect(ImageIOStatus.allCases.map(\.rawValue) == [-5, -4, -3, -2, -1, 0])
        #expect(ImageIOStatus(reported: -9) == .invalidData)
        #expect(ImageIOStatus(reported: -1) == .incomplete)
    }

    @Test func aTruncatedFileVerifiedByDecodingGivesTheLinuxProbesError() throws {
        let cut = Array(Self.png.prefix(Self.png.count / 2))
        let linux: ProbeError
        do {
            _ = try ImageProbe.probe(data: Data(cut), name: "cut.png", options: .init(verifiesPixelData: true))
            Issue.record("the Linux probe accepted a truncated file")
            return
        } catch {
            linux = error
        }
        #expect(linux == .truncated(file: "cut.png", format: .png, fileSize: cut.count))
        #expect(DecodeError.truncated(file: "cut.png", format: .png).asProbeError(fileSize: cut.count) == linux)
        #expect(DecodeError.malformed(file: "a.png", format: .png, reason: "IDAT: CRC error").asProbeError(fileSize: 9)
                    == .malformed(file: "a.png", format: .png, reason: "IDAT: CRC error"))
    }

    @Test func theICCProfileIsTheFilesOwnAsTheLinuxDecoderHandsItOver() throws {
        let profile = ColorChunkDifferentialTests.profile(dataLength: 900)
        let png = [UInt8](try ImageEncoders.PNG(iccProfile: profile).encode(.pattern(width: 8, height: 8, layout: .rgb)))
        // A JPEG profile in two APP2 segments, written out of order.
        let first = Array(profile.prefix(500)), second = Array(profile.dropFirst(500))
        let jpeg = [UInt8](JPEGICCProfileTests.with([JPEGICCProfileTests.chunk(2, of: 2, second), JPEGICCProfileTests.chunk(1, of: 2, first)]))
        for (bytes, name) in [(png, "p.png"), (jpeg, "p.jpg")] {
            let info = try HeaderReader.read(bytes, name: name)
            let linux = try ImageDecoder.decode(data: Data(bytes), name: name).iccProfile
            #expect(linux == profile, "\(name)")
            #expect(try ImageIOInput(bytes: Data(bytes), info: info, file: name).iccProfile == linux, "\(name)")
        }
    }

    @Test func aProfileWhoseStreamEndsInAWrongChecksumIsKeptAsLibpngKeepsIt() throws {
        // libpng reads the profile's declared length and ignores the rest of the stream (found by the
        // imageio fuzz target).
        let profile = ColorChunkDifferentialTests.profile(dataLength: 600)
        var stream = try ColorChunkDifferentialTests.deflated(profile, gray: false)
        stream[stream.count - 1] ^= 0xFF  // the Adler-32
        let png = ImageBytes.png(width: 2, height: 2, colorType: 2, chunksBeforeIDAT: [("iCCP", ColorChunkDifferentialTests.iccp(stream))])
        let linux = try ImageDecoder.decode(data: Data(png)).iccProfile
        #expect(linux == profile)
        #expect(try ImageIOInput(bytes: Data(png), info: HeaderReader.read(png, name: "p.png"), file: "p.png").iccProfile == linux)
    }

    @Test func aProfileAfterStrayBytesIsFoundAsLibjpegFindsIt() throws {
        // libjpeg skips bytes before a marker with a warning (found by the imageio fuzz target).
        let first = [UInt8](repeating: 0x44, count: 300), second = [UInt8](repeating: 0x55, count: 200)
        let profile = first + second
        let jpeg = [UInt8](JPEGICCProfileTests.with([JPEGICCProfileTests.chunk(1, of: 2, first), [0x13],
                                                     JPEGICCProfileTests.chunk(2, of: 2, second)]))
        let linux = try ImageDecoder.decode(data: Data(jpeg)).iccProfile
        #expect(linux == profile)
        #expect(try ImageIOInput(bytes: Data(jpeg), info: HeaderReader.read(jpeg, name: "p.jpg"), file: "p.jpg").iccProfile == linux)
    }

    @Test func aFileWithoutAProfileKeepsNone() throws {
        let info = try HeaderReader.read(Self.png, name: "a.png")
        #expect(try ImageIOInput(bytes: Data(Self.png), info: info, file: "a.png").iccProfile == nil)
    }

    @Test func theWholeFileIsReadOnceAndARefusedFileNamesItsCause() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("a.png", Self.png)
        #expect(try ImageIOInput.contents(of: path) == Data(Self.png))
        #expect(throws: DecodeError.unreadable(.fileNotFound(file: path + "x"))) { try ImageIOInput.contents(of: path + "x") }
    }
}
