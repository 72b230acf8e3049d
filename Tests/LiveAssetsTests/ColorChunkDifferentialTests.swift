import Foundation
import LiveAssets
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// A PNG's gAMA, cHRM, sRGB and iCCP chunks decide together whether libpng reports an ICC profile and an
/// sRGB mark: the Swift reader and the libpng probe, on thousands of PNGs whose colour chunks come in
/// random kinds, values, damage and order, give the same answer.
@Suite struct ColorChunkDifferentialTests {
    /// A small deterministic generator (the same PCG step as the corpus mutants).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(bound, 1)
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
        mutating func chance(_ percent: Int) -> Bool { next(100) < percent }
    }

    static func be32(_ value: Int) -> [UInt8] { ImageBytes.be32(UInt32(truncatingIfNeeded: value)) }

    /// An ICC profile: a 132-byte header with the given fields, a tag table, and `dataLength` bytes of
    /// tag data that repeat themselves at distances up to 20,000 bytes (so deflate writes long matches).
    static func profile(space: String = "RGB ", profileClass: String = "mntr", pcs: String = "XYZ ", version: UInt8 = 2,
                        intent: Int = 0, dataLength: Int = 600, declaredLength: Int? = nil, tagCount: Int? = nil,
                        tagOutside: Bool = false, signature: String = "acsp", seed: UInt64 = 1, zeroData: Bool = false) -> [UInt8] {
        let tags = 3
        let length = 132 + 12 * tags + dataLength
        var header = be32(declaredLength ?? length) + Array("lcms".utf8) + [version, 0x10, 0, 0]
        header += Array(profileClass.utf8) + Array(space.utf8) + Array(pcs.utf8) + [UInt8](repeating: 0, count: 12)
        header += Array(signature.utf8) + Array("APPL".utf8) + [UInt8](repeating: 0, count: 20) + be32(intent)
        header += [0x00, 0x00, 0xF6, 0xD6, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0xD3, 0x2D] + Array("lcms".utf8)
        header += [UInt8](repeating: 0, count: 44) + be32(tagCount ?? tags)
        let third = dataLength / 3 & ~3
        var table = Array("desc".utf8) + be32(168) + be32(third)
        table += Array("wtpt".utf8) + be32(168 + third) + be32(third)
        table += Array("cprt".utf8) + be32(168 + 2 * third) + be32(tagOutside ? dataLength : dataLength - 2 * third)
        var random = Random(state: seed)
        var data: [UInt8] = zeroData ? [UInt8](repeating: 0, count: dataLength) : []
        while data.count < dataLength {
            let distance = random.pick([0, 7, 300, 3_000, 9_000, 20_000])
            if distance > 0, data.count >= distance {
                let start = data.count - distance
                for index in 0..<min(20 + random.next(200), dataLength - data.count) { data.append(data[start + index]) }
            } else {
                data.append(UInt8(random.next(40)))
            }
        }
        return header + table + data
    }

    /// An iCCP chunk's data: keyword, NUL, compression method, zlib stream.
    static func iccp(_ stream: [UInt8], keyword: [UInt8] = Array("ICC profile".utf8), method: UInt8 = 0) -> [UInt8] {
        keyword + [0, method] + stream
    }

    /// The zlib stream libpng (and so zlib's deflate) writes for `profile`, taken from an encoded PNG's
    /// iCCP chunk.
    static func deflated(_ profile: [UInt8], gray: Bool) throws -> [UInt8] {
        let pixels = PixelBuffer(width: 2, height: 2, layout: gray ? .gray : .rgba)
        let png = [UInt8](try ImageEncoders.PNG(iccProfile: profile).encode(pixels))
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            if png[offset + 4..<offset + 8].elementsEqual("iCCP".utf8) {
                let data = Array(png[offset + 8..<offset + 8 + length])
                let keywordEnd = try #require(data.firstIndex(of: 0))
                return Array(data[(keywordEnd + 2)...])
            }
            offset += 12 + length
        }
        Issue.record("the encoder wrote no iCCP chunk")
        return []
    }

    /// `stream` with its window size set to 2^(8 + `bits`) bytes and the header check recomputed, with
    /// a preset dictionary asked for when `dictionary`.
    static func withHeader(_ stream: [UInt8], windowBits bits: Int, dictionary: Bool = false) -> [UInt8] {
        var copy = stream
        copy[0] = UInt8(bits << 4 | 8)
        var flags = (copy[1] & 0xC0) | (dictionary ? 0x20 : 0)
        flags += UInt8(31 - (Int(copy[0]) << 8 | Int(flags)) % 31) % 31
        copy[1] = flags
        return copy
    }

    /// Profiles deflated once for the whole run: (profile, stream, for gray images).
    static func deflatedProfiles() throws -> [(profile: [UInt8], stream: [UInt8], gray: Bool)] {
        try [(600, false, 2), (600, true, 2), (4_000, false, 4), (40_000, false, 2), (24_000, true, 4)].enumerated().map { index, item in
            let (length, gray, version) = item
            let profile = Self.profile(space: gray ? "GRAY" : "RGB ", version: UInt8(version), dataLength: length,
                                       seed: UInt64(index + 7))
            return (profile, try deflated(profile, gray: gray), gray)
        }
    }

    static func colorChunk(_ random: inout Random, deflated: [(profile: [UInt8], stream: [UInt8], gray: Bool)],
                           sRGBProfile: [UInt8]?) -> (String, [UInt8]) {
        switch random.next(5) {
        case 0:
            if random.chance(5) { return ("gAMA", [0, 0, 0]) }
            return ("gAMA", be32(random.pick([45_455, 45_000, 47_000, 100_000, 22_000, 0, 15, 16, 625_000_000, 625_000_001,
                                              0x8000_0000, random.next(700_000_000)])))
        case 1:
            if random.chance(5) { return ("cHRM", [UInt8](repeating: 0, count: 31)) }
            let sRGB = [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000]
            let values: [Int] = switch random.next(6) {
            case 0: sRGB
            case 1: sRGB.map { $0 + random.pick([-150, -50, 0, 50, 99, 101]) }
            case 2: [31_270, 32_900, 64_000, 33_000, 21_000, 71_000, 15_000, 6_000]  // Adobe RGB
            case 3: (0..<8).map { _ in random.next(100_001) }
            case 4: [Int](repeating: random.next(50_000), count: 8)
            default: (0..<8).map { _ in random.pick([0, 5, 100_000, 0x8000_0000, random.next(110_000)]) }
            }
            return ("cHRM", values.flatMap(be32))
        case 2:
            if random.chance(5) { return ("sRGB", random.chance(50) ? [] : [0, 0]) }
            return ("sRGB", [UInt8(random.pick([0, 1, 2, 3, 0, 1, 4, 255]))])
        default:
            return ("iCCP", iccp(&random, deflated: deflated, sRGBProfile: sRGBProfile))
        }
    }

    static func iccp(_ random: inout Random, deflated: [(profile: [UInt8], stream: [UInt8], gray: Bool)],
                     sRGBProfile: [UInt8]?) -> [UInt8] {
        let keyword: [UInt8] = switch random.next(20) {
        case 0: []
        case 1: [UInt8](repeating: 0x41, count: 79)
        case 2: [UInt8](repeating: 0x41, count: 80)
        case 3: [UInt8](repeating: 0x41, count: 78)
        default: Array("ICC profile".utf8)
        }
        let method: UInt8 = random.chance(4) ? 1 : 0
        if let sRGBProfile, random.chance(15) {
            return iccp(ImageBytes.zlibStored(sRGBProfile), keyword: keyword, method: method)
        }
        switch random.next(3) {
        case 0:
            // A profile whose header breaks (or keeps) one of libpng's rules, stored uncompressed.
            let gray = random.chance(40)
            let profile: [UInt8] = switch random.next(14) {
            case 0: Self.profile(space: random.pick(["CMYK", gray ? "RGB " : "GRAY"]))
            case 1: Self.profile(profileClass: random.pick(["abst", "link", "nmcl", "scnr", "prtr", "spac", "xxxx"]))
            case 2: Self.profile(pcs: random.pick(["Lab ", "RGB ", "    "]))
            case 3: Self.profile(version: 4, dataLength: 601 + random.next(3))
            case 4: Self.profile(version: 2, dataLength: 601 + random.next(3))
            case 5: Self.profile(intent: random.pick([0, 1, 3, 4, 0xFFFE, 0xFFFF, 0x10000]))
            case 6: Self.profile(declaredLength: random.pick([0, 131, 132, 700, 900, 9_000_000, 768]))
            case 7: Self.profile(tagCount: random.pick([0, 1, 4, 100, 357_913_931]))
            case 8: Self.profile(tagOutside: true)
            case 9: Self.profile(signature: "acsq")
            default: Self.profile(space: gray ? "GRAY" : "RGB ", seed: UInt64(random.next(1_000)))
            }
            var stream = ImageBytes.zlibStored(profile)
            if random.chance(10) { stream.removeLast(random.next(stream.count)) }
            if random.chance(10) { stream += [UInt8](repeating: 0, count: random.next(40)) }
            return iccp(stream, keyword: keyword, method: method)
        default:
            // A profile deflated by zlib, maybe with another window size, a dictionary, or damage.
            let item = random.pick(deflated)
            var stream = item.stream
            switch random.next(8) {
            case 0: stream = withHeader(stream, windowBits: random.next(9))
            case 1: stream = withHeader(stream, windowBits: 7, dictionary: true)
            case 2: stream[2 + random.next(stream.count - 2)] ^= UInt8(1 << random.next(8))
            case 3: stream[random.next(stream.count)] = UInt8(random.next(256))
            case 4: stream.removeLast(1 + random.next(stream.count - 1))
            default: break
            }
            return iccp(stream, keyword: keyword, method: method)
        }
    }

    static func outcome(_ result: Result<ImageInfo, ProbeError>) -> String {
        switch result {
        case .success(let info):
            "\(info.width)x\(info.height) icc \(String(describing: info.iccProfileSize)) sRGB \(String(describing: info.sRGBRenderingIntent))"
        case .failure(let error): "refused: \(error.code)"
        }
    }

    /// The HP/Microsoft sRGB profile libpng knows, from the corpus JPEG that embeds it.
    static func knownSRGBProfile() -> [UInt8]? {
        guard let root = Corpus.root,
              let jpeg = try? [UInt8](Data(contentsOf: root.appendingPathComponent("pillow/pil_sample_rgb.jpg")))
        else { return nil }
        var chunks: [Int: [UInt8]] = [:]
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if jpeg[offset + 1] == 0xE2, offset + 18 <= jpeg.count, jpeg[offset + 4..<offset + 16].elementsEqual("ICC_PROFILE\0".utf8) {
                chunks[Int(jpeg[offset + 16])] = Array(jpeg[offset + 18..<offset + 2 + length])
            }
            offset += 2 + length
        }
        let profile = chunks.keys.sorted().flatMap { chunks[$0]! }
        return profile.count == 3_144 ? profile : nil
    }

    @Test func colourChunksInManyCombinationsGetTheSameAnswerFromBothReaders() throws {
        let deflated = try Self.deflatedProfiles()
        let sRGBProfile = Self.knownSRGBProfile()
        var random = Random(state: 0xC0_10A5)
        let folder = try TemporaryDirectory()
        var differences: [String] = []
        var kept = (profiles: 0, sRGB: 0, refused: 0)
        let count = 2_000
        for index in 0..<count {
            let colorType = random.pick([0, 2, 3, 4, 6])
            var chunks = (0..<1 + random.next(3)).map { _ in Self.colorChunk(&random, deflated: deflated, sRGBProfile: sRGBProfile) }
            if colorType == 3 || (colorType & 2 != 0 && random.chance(20)) {
                chunks.insert(("PLTE", [0, 0, 0, 255, 255, 255]), at: random.next(chunks.count + 1))
            }
            let bytes = ImageBytes.png(width: 3, height: 2, colorType: UInt8(colorType), chunksBeforeIDAT: chunks)
            let path = try folder.write("colour-\(index).png", bytes)
            let codec = Result { () throws(ProbeError) in try ImageProbe.probe(path: path) }
            let swift = Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) }
            if case .success(let info) = codec {
                if info.iccProfileSize != nil { kept.profiles += 1 }
                if info.hasSRGBChunk { kept.sRGB += 1 }
            } else {
                kept.refused += 1
            }
            let (expected, found) = (Self.outcome(codec), Self.outcome(swift))
            if expected != found {
                differences.append("case \(index) (\(chunks.map(\.0).joined(separator: " "))): libpng \(expected); Swift \(found)")
            }
            var window = ByteWindow(source: ArraySource(bytes, path: path), blockSize: 7)
            let small = Result { () throws(ProbeError) in try HeaderReader.read(&window, name: path, limits: .default, findsTruncation: true) }
            if String(describing: small) != String(describing: swift) { differences.append("case \(index): read through 7-byte blocks \(small)") }
        }
        print("\(count) PNGs with colour chunks compared, \(differences.count) differences;"
              + " libpng kept a profile in \(kept.profiles), marked \(kept.sRGB) sRGB, refused \(kept.refused)")
        for difference in differences.prefix(20) { print("  " + difference) }
        #expect(differences.isEmpty)
        // The cases reach every outcome: a kept profile, an sRGB mark, and both dropped.
        #expect(kept.profiles > 100 && kept.sRGB > 150 && kept.profiles + kept.sRGB < count)
    }

    /// zlib keeps a window of the size the stream's header declares between its calls, and libpng calls
    /// it per 1,024 bytes of chunk data (after the keyword's 81) and per part of the profile: a match
    /// farther back than that window is damage or not depending on where those calls fall.
    @Test func everyWindowSizeAndKeywordLengthGetTheSameAnswerFromBothReaders() throws {
        let folder = try TemporaryDirectory()
        var outcomes: [String: Int] = [:]
        for (profile, stream, gray) in try Self.deflatedProfiles() {
            for bits in 0...7 {
                for keywordLength in [1, 11, 40, 79] {
                    let data = Self.iccp(Self.withHeader(stream, windowBits: bits), keyword: [UInt8](repeating: 0x4B, count: keywordLength))
                    let bytes = ImageBytes.png(width: 3, height: 2, colorType: gray ? 0 : 2, chunksBeforeIDAT: [("iCCP", data)])
                    let path = try folder.write("window.png", bytes)
                    let codec = Self.outcome(Result { () throws(ProbeError) in try ImageProbe.probe(path: path) })
                    let swift = Self.outcome(Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) })
                    #expect(swift == codec, "\(profile.count)-byte profile, window 2^\(bits + 8), keyword of \(keywordLength)")
                    outcomes[codec, default: 0] += 1
                }
            }
        }
        // Both outcomes occur: some windows hold every match, some do not.
        #expect(outcomes.keys.contains { $0.contains("icc nil") } && outcomes.keys.contains { $0.contains("icc Optional(40168)") })
    }

    /// libpng reads a profile of up to 8 MiB (the probe's chunk allocation limit) and drops a longer one.
    @Test func aProfileOfEightMebibytesIsKeptAndOneWordLongerIsDropped() throws {
        let folder = try TemporaryDirectory()
        for (length, expected) in [(8_388_608, "3x2 icc Optional(8388608) sRGB nil"), (8_388_612, "3x2 icc nil sRGB nil")] {
            let profile = Self.profile(dataLength: length - 168, zeroData: true)
            let bytes = ImageBytes.png(width: 3, height: 2, colorType: 2,
                                       chunksBeforeIDAT: [("iCCP", Self.iccp(try Self.deflated(profile, gray: false)))])
            let path = try folder.write("\(length).png", bytes)
            #expect(Self.outcome(Result { () throws(ProbeError) in try ImageProbe.probe(path: path) }) == expected, "\(length)")
            #expect(Self.outcome(Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) }) == expected, "\(length)")
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"),
          .enabled(if: Corpus.has("pillow/pil_sample_rgb.jpg"), "skipped: the corpus lacks pillow/pil_sample_rgb.jpg, whose sRGB profile this test embeds"))
    func aKnownSRGBProfileMarksThePNGSRGBUnlessAnotherChunkContradictsIt() throws {
        let profile = try #require(Self.knownSRGBProfile(), "pillow/pil_sample_rgb.jpg embeds the HP/Microsoft sRGB profile")
        let chunk = ("iCCP", Self.iccp(ImageBytes.zlibStored(profile)))
        let cHRM = [31_270, 32_900, 64_000, 33_000, 21_000, 71_000, 15_000, 6_000].flatMap(Self.be32)
        let cases: [(String, [(String, [UInt8])], String)] = [
            ("the profile alone", [chunk], "3x2 icc Optional(3144) sRGB Optional(0)"),
            ("then an sRGB chunk", [chunk, ("sRGB", [0])], "3x2 icc nil sRGB nil"),
            ("then a gamma of 1.0", [chunk, ("gAMA", Self.be32(100_000))], "3x2 icc Optional(3144) sRGB Optional(0)"),
            ("then Adobe RGB chromaticities", [chunk, ("cHRM", cHRM)], "3x2 icc nil sRGB nil"),
        ]
        let folder = try TemporaryDirectory()
        for (name, chunks, expected) in cases {
            let bytes = ImageBytes.png(width: 3, height: 2, colorType: 2, chunksBeforeIDAT: chunks)
            let path = try folder.write("\(name).png", bytes)
            #expect(Self.outcome(Result { () throws(ProbeError) in try ImageProbe.probe(path: path) }) == expected, "\(name)")
            #expect(Self.outcome(Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: path) }) == expected, "\(name)")
        }
    }
}
