import CProbeBaseline
import Foundation
import LiveAssetsRun
import LiveAssetsCore

/// `liveassets-bench probe`: LiveAssets' header probe against a plain C loop making the same
/// libpng/libjpeg calls, over the same files, in one run.
enum ProbeBenchmark {
    /// Writes `count` small files (half PNG, half JPEG, 32-400 px, mixed kinds) into `directory`.
    static func generate(count: Int, into directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var random = SyntheticImages.Random(state: 2026)
        var paths: [String] = []
        for index in 0..<count {
            let width = 32 + random.next(below: 369), height = 32 + random.next(below: 369)
            let kind = random.next(below: 4)
            let data: Data
            let name: String
            if index % 2 == 0 {
                let layout: [PixelBuffer.Layout] = [.rgba, .rgb, .gray, .grayAlpha]
                let exif = kind == 1 ? SyntheticImages.orientationEXIF(.right) : nil
                data = try ImageEncoders.PNG(compressionLevel: 1, exif: exif).encode(
                    SyntheticImages.picture(width: width, height: height, layout: layout[kind], seed: UInt64(index)))
                name = String(format: "%04d.png", index)
            } else {
                let layout: PixelBuffer.Layout = kind == 2 ? .gray : .rgb
                let encoder = ImageEncoders.JPEG(
                    quality: 85, progressive: kind == 1,
                    exif: kind == 3 ? SyntheticImages.orientationEXIF(.left) : nil,
                    iccProfile: kind == 3 ? [UInt8](repeating: 0x11, count: 3000) : nil)
                data = try encoder.encode(
                    SyntheticImages.picture(width: width, height: height, layout: layout, seed: UInt64(index)))
                name = String(format: "%04d.jpg", index)
            }
            let path = directory + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    struct Timing {
        var wall: [Double] = []
        var cpu: [Double] = []
        var median: (wall: Double, cpu: Double) {
            (wall.sorted()[wall.count / 2], cpu.sorted()[cpu.count / 2])
        }
    }

    static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func measure(rounds: Int, _ body: () -> Void) -> Timing {
        body()  // warm-up: page cache, library state
        var timing = Timing()
        for _ in 0..<rounds {
            let wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID)
            body()
            timing.wall.append(seconds(CLOCK_MONOTONIC) - wall)
            timing.cpu.append(seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu)
        }
        return timing
    }

    static func run(paths: [String], rounds: Int, jobs: Int) {
        let count = paths.count
        let cPaths = paths.map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var checksum = (c: (UInt64(0), UInt64(0)), swift: (0, 0))

        let c = measure(rounds: rounds) {
            var widths: UInt64 = 0, heights: UInt64 = 0
            cPaths.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: count) { pointer in
                    _ = cpb_probe_files(pointer, count, &widths, &heights)
                }
            }
            checksum.c = (widths, heights)
        }
        let swift = measure(rounds: rounds) {
            var widths = 0, heights = 0
            for path in paths {
                if let info = try? ImageProbe.probe(path: path) {
                    widths += info.width
                    heights += info.height
                }
            }
            checksum.swift = (widths, heights)
        }
        let parallel = measure(rounds: rounds) { _ = ImageProbe.probe(paths: paths, jobs: jobs) }
        // The Swift header reader given each path: it reads the file only as far as the header and the
        // end-of-data check need, as `check` would; and the parse alone, on bytes already in memory.
        var checksumReader = (0, 0)
        let reader = measure(rounds: rounds) {
            var widths = 0, heights = 0
            for path in paths {
                guard let info = try? HeaderReader.read(contentsOf: path) else { continue }
                widths += info.width
                heights += info.height
            }
            checksumReader = (widths, heights)
        }
        // What an app pays for `Preflight` on a file: the header read above, and the answers on every
        // default device class for the two views of the documentation's example.
        let preflight = Preflight()
        var checksumPreflight = 0
        let preflighted = measure(rounds: rounds) {
            var answers = 0
            for path in paths {
                answers += (try? preflight.check(contentsOf: path, shownIn: [.compactLeading, .minimal]))?.answers.count ?? 0
            }
            checksumPreflight = answers
        }
        // As the documentation shows it: a Preflight made for the call, on the device's own screen.
        let screen = DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3)
        let oneOff = measure(rounds: rounds) {
            var answers = 0
            for path in paths {
                answers += (try? Preflight().check(contentsOf: path, shownIn: [.compactLeading, .minimal], on: screen))?.answers.count ?? 0
            }
            precondition(answers >= 0)
        }
        let loaded = paths.compactMap(Self.contents(of:))
        let parse = measure(rounds: rounds) {
            var widths = 0
            for bytes in loaded { widths += (try? HeaderReader.read(bytes))?.width ?? 0 }
            precondition(widths >= 0)
        }

        func perFile(_ seconds: Double) -> String { String(format: "%7.2f µs/file", seconds / Double(count) * 1e6) }
        func rate(_ seconds: Double) -> String { String(format: "%9.0f files/s", Double(count) / seconds) }
        print("probe: \(count) files, \(rounds) rounds (median), \(ImageProbe.codecVersions)")
        print("  checksums  C \(checksum.c.0)x\(checksum.c.1)  LiveAssets \(checksum.swift.0)x\(checksum.swift.1)"
            + (checksum.c.0 == UInt64(checksum.swift.0) && checksum.c.1 == UInt64(checksum.swift.1) ? " (agree)" : " (DIFFER)"))
        print("  checksums  Swift header reader \(checksumReader.0)x\(checksumReader.1)"
            + (checksumReader == checksum.swift ? " (agrees with the codec probe)" : " (DIFFERS from the codec probe)"))
        for (name, timing) in [("C loop, 1 thread", c), ("LiveAssets, 1 thread", swift), ("LiveAssets, \(jobs) jobs", parallel),
                               ("Swift reader, 1 thread", reader), ("Swift reader, parse only", parse),
                               ("Preflight, 1 thread", preflighted), ("Preflight() on a screen", oneOff)] {
            let (wall, cpu) = timing.median
            print("  \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) wall \(perFile(wall)) \(rate(wall))   cpu \(perFile(cpu))")
        }
        let ratioWall = swift.median.wall / c.median.wall, ratioCPU = swift.median.cpu / c.median.cpu
        print(String(format: "  LiveAssets / C, 1 thread: %.2fx wall, %.2fx cpu (goal <= 1.20x)", ratioWall, ratioCPU))
        print(String(format: "  %d jobs vs 1 thread: %.2fx faster (wall)", jobs, swift.median.wall / parallel.median.wall))
        print(String(format: "  Swift reader / codec probe, 1 thread: %.2fx wall, %.2fx cpu (goal <= 1.00x)",
                     reader.median.wall / swift.median.wall, reader.median.cpu / swift.median.cpu))
        print(String(format: "  Preflight (%d answers) / codec probe, 1 thread: %.2fx wall (goal < 1.00x)",
                     checksumPreflight, preflighted.median.wall / swift.median.wall))
        // The same two, timed in turns round after round: the machine's speed drifts between the blocks above.
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let codec = measure(rounds: 1) { for path in paths { _ = try? ImageProbe.probe(path: path) } }.median.wall
            let swiftReader = measure(rounds: 1) { for path in paths { _ = try? HeaderReader.read(contentsOf: path) } }.median.wall
            ratios.append(swiftReader / codec)
        }
        print(String(format: "  Swift reader / codec probe, in alternation: %.2fx wall (median of %d rounds' ratios; goal <= 1.00x)",
                     ratios.sorted()[ratios.count / 2], rounds))
    }

    /// A file's bytes, read whole with one read (nil when it cannot be read).
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = read(descriptor, buffer.baseAddress! + count, size - count)
                if n <= 0 { break }
                count += n
            }
        }
        return bytes.count == size ? bytes : nil
    }
}
