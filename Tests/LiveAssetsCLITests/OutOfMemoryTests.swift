import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// `fit` in a child process whose address space is limited (RLIMIT_AS through the shell's `ulimit -v`):
/// an image whose pixels do not fit is that file's error, and the run goes on to the next file and prints
/// its summary. Linux only (macOS does not enforce RLIMIT_AS), and not under AddressSanitizer, whose
/// runtime cannot map its shadow memory in so small an address space.
@Suite struct OutOfMemoryTests {
    /// Whether the AddressSanitizer runtime is in this process (`swift test --sanitize=address`).
    static let underAddressSanitizer = dlsym(Platform.everyLoadedImage, "__asan_init") != nil

    #if os(Linux)
    static let enforcesAddressSpaceLimit = true
    #else
    static let enforcesAddressSpaceLimit = false
    #endif

    /// The child's address space: 300,000 KiB, as in the report (the binary itself runs in under 100 MB).
    static let limitKiB = 300_000

    /// A zlib stream of `count` zero bytes, about 13 bits per 258 of them: one fixed-Huffman block of a
    /// literal 0 and then matches of 258 bytes at distance 1.
    static func zlibZeros(_ count: Int) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var buffer: UInt32 = 0, bits = 0
        func put(_ value: UInt32, _ width: Int) {
            buffer |= value << UInt32(bits)
            bits += width
            while bits >= 8 {
                output.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        // Huffman codes go most significant bit first.
        func code(_ value: UInt32, _ width: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<width { reversed |= ((value >> UInt32(bit)) & 1) << UInt32(width - 1 - bit) }
            put(reversed, width)
        }
        put(1, 1)  // last block
        put(1, 2)  // fixed Huffman codes
        code(0x30, 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            code(0xC5, 8)  // length code 285: 258 bytes
            code(0, 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { code(0x30, 8) }
        code(0, 7)  // end of block
        if bits > 0 { output.append(UInt8(buffer & 0xFF)) }
        // Adler-32 of zeros: A stays 1, B adds 1 per byte.
        return output + ImageBytes.be32(UInt32(count % 65521) << 16 | 1)
    }

    /// A valid 10,000 x 10,000 palette PNG of 630 KB: 400 MB as RGBA, which a palette image decodes to.
    static func bigPNG() -> [UInt8] {
        let side: UInt32 = 10_000
        let header = ImageBytes.png(width: side, height: side, colorType: 3, chunksBeforeIDAT: [("PLTE", [0, 0, 0])],
                                    omitIDAT: true).dropLast(12)
        return Array(header) + ImageBytes.chunk("IDAT", zlibZeros(Int(side) * (Int(side) + 1))) + ImageBytes.chunk("IEND", [])
    }

    /// The release build of the binary, where the optimiser once removed the check for the memory that
    /// the debug build kept: `LIVEASSETS_RELEASE_BINARY` (`.ci/run` sets it to the self-contained release
    /// binary it builds first), else `.build/release/liveassets` when it exists.
    static let releaseBinary: URL? = {
        if let path = ProcessInfo.processInfo.environment["LIVEASSETS_RELEASE_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: Repository.root)
        }
        let built = Repository.root.appendingPathComponent(".build/release/liveassets")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }()

    @Test(.enabled(if: enforcesAddressSpaceLimit, "skipped: only Linux enforces RLIMIT_AS"),
          .enabled(if: !underAddressSanitizer, "skipped: AddressSanitizer cannot map its shadow memory under RLIMIT_AS"))
    func anImageTooLargeForTheMemoryIsThatFilesErrorAndTheRunGoesOn() throws {
        try fitUnderTheLimit(CLIRunner.executable)
    }

    @Test(.enabled(if: enforcesAddressSpaceLimit, "skipped: only Linux enforces RLIMIT_AS"),
          .enabled(if: releaseBinary != nil, "skipped: no release binary (set LIVEASSETS_RELEASE_BINARY or build with -c release)"))
    func inTheReleaseBuildTooAnImageTooLargeForTheMemoryIsThatFilesError() throws {
        try fitUnderTheLimit(#require(Self.releaseBinary))
    }

    func fitUnderTheLimit(_ binary: URL) throws {
        let folder = try TemporaryDirectory()
        let big = Self.bigPNG()
        #expect(big.count < 1_000_000)
        try folder.write("big.png", big)
        try folder.write("small.png", Array(try ImageEncoders.PNG().encode(.pattern(width: 900, height: 600, layout: .rgba))))
        // The shell lowers its own limit, then becomes the binary.
        let command = "ulimit -v \(Self.limitKiB) && exec \"$0\" \"$@\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command, binary.path, "fit", "--out", "o", "--jobs", "1",
                             "--devices", "iphone-430x932", "--presentation", "minimal", "big.png", "small.png"]
        process.currentDirectoryURL = folder.url
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reported = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(reported)")
        // The small file was fitted after the big one failed, and the summary printed.
        let before = try Data(contentsOf: folder.url.appendingPathComponent("small.png")).count
        let after = try Data(contentsOf: folder.url.appendingPathComponent("o/small.png")).count
        let sizes = "\(Self.grouped(before)) -> \(Self.grouped(after)) bytes"
        #expect(printed == "small.png: 900x600 -> 135x90 px (fits 135x110), \(sizes) in o/small.png\n")
        #expect(reported == """
            Error: big.png needs 400 MB for its pixels and the system refused it; run with fewer --jobs or more memory, then run again.
            1 fitted, 0 already fitting, 1 failed; \(sizes)

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.path("o/big.png")))
        // The file itself is whole: the refusal was the memory's.
        #expect(try ImageProbe.probe(path: folder.path("big.png")).truncation == nil)
    }

    /// `1,225,753`, as the CLI prints byte counts.
    static func grouped(_ value: Int) -> String { value.groupedDigits }

    /// A HEIF of 100x100 px whose ipma box lists 64,000 items with 255 property associations each (16.5
    /// MB): `ids` gives each entry's item id. Property 1 is the primary item's size.
    static func crowdedHEIF(ids: (Int) -> Int) -> [UInt8] {
        let ftyp = ImageBytes.box("ftyp", Array("heic".utf8) + ImageBytes.be32(0) + Array("mif1heic".utf8))
        let hdlr = ImageBytes.box("hdlr", [0, 0, 0, 0] + ImageBytes.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = ImageBytes.box("pitm", [0, 0, 0, 0] + ImageBytes.be16(1))
        let ispe = ImageBytes.box("ispe", [0, 0, 0, 0] + ImageBytes.be32(100) + ImageBytes.be32(100))
        var entries: [UInt8] = []
        entries.reserveCapacity(64_000 * 258)
        for index in 0..<64_000 {
            entries += ImageBytes.be16(UInt16(ids(index))) + [255] + [UInt8](repeating: 0x81, count: 255)
        }
        let ipma = ImageBytes.box("ipma", [0, 0, 0, 0] + ImageBytes.be32(64_000) + entries)
        let meta = ImageBytes.box("meta", [0, 0, 0, 0] + hdlr + pitm + ImageBytes.box("iprp", ImageBytes.box("ipco", ispe) + ipma))
        return ftyp + meta + ImageBytes.box("mdat", [UInt8](repeating: 0x42, count: 100))
    }

    /// `info` on `files` in `folder`, in an address space of ``limitKiB``.
    static func limitedInfo(_ files: [String], in folder: TemporaryDirectory) throws -> CLIRunner.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(Self.limitKiB) && exec \"$0\" \"$@\"", CLIRunner.executable.path, "info"] + files
        process.currentDirectoryURL = folder.url
        return try CLIRunner.outcome(of: process)
    }

    @Test(.enabled(if: enforcesAddressSpaceLimit, "skipped: only Linux enforces RLIMIT_AS"),
          .enabled(if: !underAddressSanitizer, "skipped: AddressSanitizer cannot map its shadow memory under RLIMIT_AS"))
    func aHEIFHeaderTakesTheMemoryItsBoxesHoldNotTheirAssociations() throws {
        let folder = try TemporaryDirectory()
        // Each item once, in order, as the standard asks: measured, in a few MB (it once took 572 MB).
        let distinct = Self.crowdedHEIF { $0 + 1 }
        try folder.write("distinct.heic", distinct)
        let measured = try Self.limitedInfo(["distinct.heic"], in: folder)
        #expect(measured.status == 0, "\(measured.error)")
        #expect(measured.output == "distinct.heic: HEIF/HEIC 100x100, 8-bit, measured from its header, never decoded, \(Self.grouped(distinct.count)) bytes\n")
        // The primary item listed 64,000 times, which the standard forbids: refused, never passed as 100x100.
        try folder.write("repeated.heic", Self.crowdedHEIF { _ in 1 })
        let refused = try Self.limitedInfo(["repeated.heic"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.error == "Error: repeated.heic is not a valid HEIF/HEIC: its ipma box lists item 1 more than once, which the format forbids.\n")
    }
}
