import Foundation
import LiveAssets
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The Swift header reader against the libpng/libjpeg probe, file by file, on every image file of the
/// corpus (`$LIVEASSETS_CORPUS`, else `../shared/corpus`): the same accept or refuse (and the same kind
/// of refusal), and the same value of every field `check` uses. The Swift reader given the file, which
/// reads only the parts it needs, must answer exactly as it does given all the bytes.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"),
       .enabled(if: !Corpus.images.isEmpty, "skipped: the corpus holds no PNG or JPEG file to compare"))
struct DifferentialTests {
    /// The fields `check` reads, and those that say what the file is, in a form that compares whole.
    static func facts(_ info: ImageInfo) -> String {
        "\(info.format) \(info.width)x\(info.height) orientation \(info.orientation) bits \(info.bitDepth) \(info.colorModel)"
            + " alpha \(info.hasAlphaChannel) tRNS \(info.hasTransparencyChunk) interlaced \(info.isInterlaced)"
            + " frames \(info.frameCount) truncation \(String(describing: info.truncation))"
            + " progressive \(info.isProgressive) arithmetic \(info.isArithmeticCoded) decodable \(info.isDecodable)"
            + " icc \(String(describing: info.iccProfileSize)) sRGB \(String(describing: info.sRGBRenderingIntent))"
    }

    /// Where the Swift reader, given the file's path, read only part of it and answered otherwise than
    /// from all its bytes in memory (every fact and warning, or the whole refusal), else nil.
    /// And the same through blocks of 7 bytes, where most reads cross a block's end (the reader asks for
    /// 16 bytes first, to tell the format).
    static func partialReadDifference(path: String, bytes: [UInt8], memory: Result<ImageInfo, ProbeError>) -> String? {
        let file = Result { () throws(ProbeError) in try HeaderReader.read(contentsOf: path) }
        let small = Result { () throws(ProbeError) in
            var window = ByteWindow(source: ArraySource(bytes, path: path), blockSize: 7)
            return try HeaderReader.read(&window, name: path, limits: .default, findsTruncation: true)
        }
        let whole = String(describing: memory)
        for (how, partial) in [("the file", file), ("7-byte blocks", small)] where String(describing: partial) != whole {
            return "read from \(how) \(partial); from memory \(whole)"
        }
        return nil
    }

    static func outcome(_ result: Result<ImageInfo, ProbeError>) -> String {
        switch result {
        case .success(let info): facts(info)
        case .failure(let error): "refused: \(error.code)"
        }
    }

    @Test func theSwiftReaderAgreesWithTheCodecProbeOnEveryCorpusFile() throws {
        let root = try #require(Corpus.root)
        let files = Corpus.images
        var compared = 0, refused = 0, jpegs = 0
        var differences: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let codec = Result { () throws(ProbeError) in try ImageProbe.probe(path: file.path) }
            let swift = Result { () throws(ProbeError) in
                try HeaderReader.read(bytes, name: file.path)
            }
            compared += 1
            if case .failure = codec { refused += 1 }
            if ImageFormat(sniffing: bytes) == .jpeg { jpegs += 1 }
            let (expected, found) = (Self.outcome(codec), Self.outcome(swift))
            if expected != found {
                differences.append("\(file.path.dropFirst(root.path.count + 1)): codec \(expected); Swift \(found)")
            }
            if let difference = Self.partialReadDifference(path: file.path, bytes: bytes, memory: swift) {
                differences.append("\(file.path.dropFirst(root.path.count + 1)): \(difference)")
            }
        }
        print("\(compared) files compared, \(differences.count) differences (\(jpegs) JPEG, \(compared - jpegs) other; \(refused) refused by the codec probe)")
        for difference in differences { print("  " + difference) }
        // The shared corpus holds files the codec refuses and JPEGs: both were compared. A corpus given
        // through $LIVEASSETS_CORPUS may hold neither.
        let manifest = try Corpus.manifestFiles()
        if manifest.contains(where: { $0.expected == "error" && Corpus.has($0.file) }) { #expect(refused > 0) }
        if manifest.contains(where: { $0.format == "jpeg" && Corpus.has($0.file) }) { #expect(jpegs > 0) }
        #expect(compared == files.count && differences.isEmpty)
    }

    /// Corpus files changed the ways damage changes files (cut short, bytes overwritten, a bit flipped,
    /// bytes inserted or removed near the header), with a fixed seed: both readers give the same answer.
    @Test func mutatedCorpusFilesGetTheSameAnswerFromBothReaders() throws {
        let files = Corpus.images
        var state: UInt64 = 0x5EED
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(bound, 1)
        }
        let folder = try TemporaryDirectory()
        var differences: [String] = []
        let count = 3000
        for index in 0..<count {
            let file = files[random(files.count)]
            var bytes = try [UInt8](Data(contentsOf: file))
            let near = min(bytes.count, 4096)
            // An empty file has no byte to change or remove: it can only grow.
            switch bytes.isEmpty ? 3 : random(5) {
            case 0: bytes = Array(bytes.prefix(1 + random(bytes.count - 1)))
            case 1: for _ in 0...random(4) { bytes[random(near)] = UInt8(random(256)) }
            case 2: bytes[random(bytes.count)] ^= UInt8(1 << random(8))
            case 3: bytes.insert(contentsOf: (0...random(8)).map { _ in UInt8(random(256)) }, at: random(near))
            default:
                let start = random(near)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random(8)))
                if bytes.isEmpty { bytes = [0] }
            }
            let path = try folder.write("mutant-\(index)", bytes)
            let codec = Result { () throws(ProbeError) in try ImageProbe.probe(path: path) }
            let swift = Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) }
            let (expected, found) = (Self.outcome(codec), Self.outcome(swift))
            if expected != found { differences.append("mutant \(index) of \(file.lastPathComponent): codec \(expected); Swift \(found)") }
            if let difference = Self.partialReadDifference(path: path, bytes: bytes, memory: swift) {
                differences.append("mutant \(index) of \(file.lastPathComponent): \(difference)")
            }
        }
        print("\(count) mutated files compared, \(differences.count) differences")
        for difference in differences.prefix(20) { print("  " + difference) }
        #expect(differences.isEmpty)
    }

    /// Inputs the header fuzzer found the readers disagreeing on, kept once fixed.
    @Test func fuzzerFindsGetTheSameAnswerFromBothReaders() throws {
        // A DQT whose second table is declared 16-bit with only 64 bytes left in the segment: libjpeg-turbo
        // reads 128 bytes anyway, past the segment, and then refuses the length.
        let dqt = ImageBytes.marker(0xDB, [0x00] + [UInt8](repeating: 1, count: 64) + [0x20] + [UInt8](repeating: 1, count: 64))
        let comment = ImageBytes.marker(0xFE, [UInt8](repeating: 0x41, count: 100))
        // A scan naming the frame's components out of the frame's order: refused.
        var outOfOrder = ImageBytes.jpegHeader(width: 100, height: 100)
        let sos = try #require(outOfOrder.indices.first { outOfOrder[$0] == 0xFF && outOfOrder[$0 + 1] == 0xDA })
        outOfOrder.swapAt(sos + 5, sos + 7)  // component ids 1, 2, 3 -> 2, 1, 3
        // Two frame components with one id, named twice by the scan: each scan position takes the next.
        var twice = ImageBytes.jpegHeader(width: 100, height: 100, components: 4)
        let sof = try #require(twice.indices.first { twice[$0] == 0xFF && twice[$0 + 1] == 0xC0 })
        let scan = try #require(twice.indices.first { twice[$0] == 0xFF && twice[$0 + 1] == 0xDA })
        twice[sof + 10 + 9] = 3  // the fourth component's id: 4 -> 3
        twice[scan + 5 + 6] = 3  // and the scan's fourth: 4 -> 3
        let cases: [(String, [UInt8], String)] = [
            ("short 16-bit DQT", ImageBytes.jpegHeader(width: 100, height: 100, segments: [dqt, comment]), "refused: malformed"),
            ("scan out of frame order", outOfOrder, "refused: malformed"),
            ("a repeated component id", twice, "jpeg"),
        ]
        let folder = try TemporaryDirectory()
        for (name, bytes, start) in cases {
            let path = try folder.write(name, bytes)
            let codec = Self.outcome(Result { () throws(ProbeError) in try ImageProbe.probe(path: path) })
            let swift = Self.outcome(Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) })
            #expect(codec.hasPrefix(start), "\(name): \(codec)")
            #expect(swift == codec, "\(name)")
        }
    }
}
