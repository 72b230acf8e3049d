import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Every file of the shared corpus against `manifest.json`: header facts and valid-vs-error.
///
/// Valid-vs-error is judged with pixel verification on (a header read cannot see a CRC error in IDAT
/// or a truncated scan); header facts are compared for every file whose header can be read.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct CorpusConformanceTests {
    struct Disagreement: CustomStringConvertible {
        let file: String
        let field: String
        let expected: String
        let actual: String
        var description: String { "\(file): \(field) expected \(expected), got \(actual)" }
    }

    /// (field, expected, actual) for every fact the manifest states.
    static func comparisons(_ entry: Corpus.Entry, _ info: ImageInfo) -> [(String, String?, String)] {
        func text<T>(_ value: T?) -> String? { value.map { "\($0)" } }
        let frames = entry.isApng == true ? entry.apngFrames : 1
        return [
            ("format", entry.format, info.format.rawValue), ("width", text(entry.width), "\(info.width)"),
            ("height", text(entry.height), "\(info.height)"),
            ("orientation", text(entry.orientation), "\(info.orientation.rawValue)"),
            ("display_width", text(entry.displayWidth), "\(info.displayWidth)"),
            ("display_height", text(entry.displayHeight), "\(info.displayHeight)"),
            ("bit_depth", text(entry.bitDepth), "\(info.bitDepth)"),
            ("color_type", entry.colorType, info.colorModel.rawValue),
            ("has_alpha", text(entry.hasAlpha), "\(info.hasAlpha)"),
            ("interlaced", text(entry.interlaced), "\(info.isInterlaced)"),
            ("progressive", text(entry.progressive), "\(info.isProgressive)"),
            ("has_icc", text(entry.hasIcc), "\(info.hasICCProfile)"),
            ("icc_bytes", entry.hasIcc == true ? text(entry.iccBytes) : nil, text(info.iccProfileSize) ?? "nil"),
            ("frame_count", text(frames), "\(info.frameCount)"),
        ]
    }

    @Test func headerFactsAndValidityAgreeWithTheManifest() throws {
        let entries = try Corpus.manifestFiles()
        #expect(entries.count == 214)
        var disagreements: [Disagreement] = []
        var compared = 0
        for entry in entries {
            let path = Corpus.path(entry.file)
            let header = Result { () throws(ProbeError) in try ImageProbe.probe(path: path) }
            let verified = Result { () throws(ProbeError) in
                try ImageProbe.probe(path: path, options: .init(verifiesPixelData: true))
            }

            switch (entry.expected, verified) {
            case ("valid", .failure(let error)):
                disagreements.append(.init(file: entry.file, field: "validity", expected: "valid", actual: error.message))
            case ("error", .success):
                disagreements.append(.init(file: entry.file, field: "validity", expected: "error", actual: "decoded"))
            default: break
            }

            guard case .success(let info) = header, entry.width != nil else { continue }
            compared += 1
            for (field, expected, actual) in Self.comparisons(entry, info) {
                if let expected, expected != actual {
                    disagreements.append(.init(file: entry.file, field: field, expected: expected, actual: actual))
                }
            }
        }
        // 214 files: 6 are not PNG/JPEG at all and 10 fail in their header; the rest are compared.
        #expect(compared == 198)
        #expect(disagreements.isEmpty, "\(disagreements.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyUnreadableFileGetsATypedErrorNamingIt() throws {
        for entry in try Corpus.manifestFiles() where entry.expected == "error" {
            let path = Corpus.path(entry.file)
            do {
                _ = try ImageProbe.probe(path: path, options: .init(verifiesPixelData: true))
                Issue.record("\(path) was read")
            } catch {
                #expect(error.file == path)
                #expect(error.message.hasPrefix(path + " "))
                #expect(error.message.hasSuffix("."))
                #expect(!error.message.dropLast().contains("\n"))
            }
        }
    }

    @Test func probingDataGivesWhatProbingTheFileGives() throws {
        for name in ["pngsuite/basn6a08.png", "exif-orientation-examples/Landscape_6.jpg", "pillow/apng/num_plays.png",
                     "libjpeg-turbo/testimgp.jpg", "pillow/pil_sample_cmyk.jpg"] {
            let path = Corpus.path(name)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try ImageProbe.probe(data: data, name: path) == ImageProbe.probe(path: path))
        }
    }

    @Test func batchResultsDoNotDependOnTheNumberOfJobs() throws {
        let paths = try Corpus.manifestFiles().map { Corpus.path($0.file) }
        let serial = ImageProbe.probe(paths: paths, jobs: 1)
        let parallel = ImageProbe.probe(paths: paths, jobs: 4)
        #expect(serial.count == paths.count)
        #expect(zip(serial, parallel).allSatisfy { $0 == $1 })
    }

    @Test func readsExactFactsOfKnownFiles() throws {
        let rotated = try ImageProbe.probe(path: Corpus.path("exif-orientation-examples/Landscape_6.jpg"))
        #expect(rotated.width == 1200 && rotated.height == 1800)
        #expect(rotated.orientation == .right && rotated.orientationTagValue == 6)
        #expect(rotated.displayWidth == 1800 && rotated.displayHeight == 1200)

        let invalidTag = try ImageProbe.probe(path: Corpus.path("exif-orientation-examples/Landscape_0.jpg"))
        #expect(invalidTag.orientationTagValue == 0 && invalidTag.orientation == .up)

        let apng = try ImageProbe.probe(path: Corpus.path("pillow/apng/dispose_op_previous.png"))
        #expect(apng.frameCount == 3 && apng.loopCount == 1 && apng.hasAlphaChannel)

        let twelveBit = try ImageProbe.probe(path: Corpus.path("libjpeg-turbo/testorig12.jpg"))
        #expect(twelveBit.bitDepth == 12 && !twelveBit.isDecodable && twelveBit.colorModel == .ycbcr)

        let ycck = try ImageProbe.probe(path: Corpus.path("pillow/pil_sample_cmyk.jpg"))
        #expect(ycck.colorModel == .ycck)

        let icc = try ImageProbe.probe(path: Corpus.path("libjpeg-turbo/monkey16.png"))
        #expect(icc.iccProfileSize == 3024 && icc.bitDepth == 16 && icc.colorModel == .rgb)
    }
}
