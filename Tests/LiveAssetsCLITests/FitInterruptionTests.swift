import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// `fit --in-place` killed with SIGKILL at a random moment, 20 times: every image is afterwards either
/// its original bytes or the complete fitted result, never a mix. Interrupted with SIGINT or SIGTERM
/// while a temporary file exists, it also leaves none behind, and still ends as killed by the signal.
@Suite struct FitInterruptionTests {
    static let names = (0..<6).map { $0 % 2 == 0 ? "img\($0).png" : "img\($0).jpg" }

    /// Noisy images big enough that fitting them takes a while, made with the project's encoders.
    static func originals() throws -> [String: Data] {
        var random: UInt64 = 99
        var files: [String: Data] = [:]
        for name in names {
            let png = name.hasSuffix(".png")
            var pixels = PixelBuffer(width: 700, height: 500, layout: png ? .rgba : .rgb)
            for index in 0..<pixels.samples.count {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixels.samples[index] = UInt8(truncatingIfNeeded: random >> 40) | (png && index % 4 == 3 ? 0x80 : 0)
            }
            files[name] = png ? try ImageEncoders.PNG(compressionLevel: 1).encode(pixels) : try ImageEncoders.JPEG().encode(pixels)
        }
        return files
    }

    static let arguments = ["fit", "--in-place", "--jobs", "1", "--devices", "iphone-430x932", "--presentation", "minimal", "."]

    static func lay(_ files: [String: Data], in folder: TemporaryDirectory) throws {
        for (name, data) in files { try data.write(to: folder.url.appendingPathComponent(name)) }
    }

    @Test func aKilledInPlaceFitLeavesEachFileOldOrNew() throws {
        let originals = try Self.originals()
        // The complete result, from an uninterrupted run.
        let reference = try TemporaryDirectory()
        try Self.lay(originals, in: reference)
        let started = Date()
        #expect(try CLIRunner.run(Self.arguments, in: reference.url).status == 0)
        let fullRun = Date().timeIntervalSince(started)
        let fitted = try Dictionary(uniqueKeysWithValues: Self.names.map { ($0, try Data(contentsOf: reference.url.appendingPathComponent($0))) })
        #expect(Self.names.allSatisfy { fitted[$0] != originals[$0] })

        var random: UInt64 = 2026
        var outcomes = (untouched: 0, replaced: 0)
        for _ in 0..<20 {
            let folder = try TemporaryDirectory()
            try Self.lay(originals, in: folder)
            let process = CLIRunner.process(Self.arguments, in: folder.url)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let delay = fullRun * Double(random >> 11) / Double(1 << 53)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for name in Self.names {
                let now = try Data(contentsOf: folder.url.appendingPathComponent(name))
                if now == originals[name] {
                    outcomes.untouched += 1
                } else {
                    #expect(now == fitted[name], "\(name) is neither the original nor the fitted image")
                    outcomes.replaced += 1
                }
            }
        }
        // The kills landed at different moments: some files were replaced, others not yet.
        #expect(outcomes.untouched > 0 && outcomes.replaced > 0, "\(outcomes)")
    }

    /// The temporary files in `folder`.
    static func temporaries(in folder: TemporaryDirectory) -> [String] {
        FileTree.entries(of: folder.url.path, includingHidden: true).filter { $0.contains(".liveassets-") }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedInPlaceFitLeavesEachFileOldOrNewAndNoTemporaryFile(_ signal: Int32) throws {
        let originals = try Self.originals()
        let reference = try TemporaryDirectory()
        try Self.lay(originals, in: reference)
        #expect(try CLIRunner.run(Self.arguments, in: reference.url).status == 0)
        let fitted = try Dictionary(uniqueKeysWithValues: Self.names.map { ($0, try Data(contentsOf: reference.url.appendingPathComponent($0))) })

        var random: UInt64 = UInt64(signal)
        var outcomes = (untouched: 0, replaced: 0, signalledWithTemporaryFile: 0)
        for _ in 0..<10 {
            let folder = try TemporaryDirectory()
            try Self.lay(originals, in: folder)
            let process = CLIRunner.process(Self.arguments, in: folder.url)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Signalled as soon as the k-th file's temporary file is seen: while one exists.
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let k = Int(random >> 33) % Self.names.count + 1
            var seen = Set<String>()
            while process.isRunning && seen.count < k { seen.formUnion(Self.temporaries(in: folder)) }
            if seen.count == k {
                kill(process.processIdentifier, signal)
                outcomes.signalledWithTemporaryFile += 1
            }
            process.waitUntilExit()
            let ended = (process.terminationReason, process.terminationStatus)
            #expect(ended == (.uncaughtSignal, signal) || ended == (.exit, 0), "\(ended)")
            #expect(Self.temporaries(in: folder) == [])
            for name in Self.names {
                let now = try Data(contentsOf: folder.url.appendingPathComponent(name))
                if now == originals[name] {
                    outcomes.untouched += 1
                } else {
                    #expect(now == fitted[name], "\(name) is neither the original nor the fitted image")
                    outcomes.replaced += 1
                }
            }
        }
        #expect(outcomes.signalledWithTemporaryFile > 0 && outcomes.untouched > 0 && outcomes.replaced > 0, "\(outcomes)")
    }
}
