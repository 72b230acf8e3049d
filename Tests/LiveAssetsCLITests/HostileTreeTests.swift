import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// `check` and `fit` over a tree built to trip a batch tool: a symbolic-link loop, a link to a folder
/// outside the inputs, a pipe named like an image, names with spaces, a newline and non-ASCII letters,
/// a Contents.json that is not JSON and one that lists a file outside its catalog.
@Suite struct HostileTreeTests {
    struct Tree {
        let folder: TemporaryDirectory
        let outside: String

        init() throws {
            folder = try TemporaryDirectory()
            let png = Array(try ImageEncoders.PNG().encode(.pattern(width: 300, height: 200, multiplier: 7)))
            for name in ["in/a b@3x.png", "in/ünï cødé@2x.png", "in/new\nline@3x.png", "in/deep/1/2/3/x@3x.png", "outside/secret@3x.png"] {
                try folder.write(name, png)
            }
            outside = folder.path("outside/secret@3x.png")
            #expect(symlink(".", folder.path("in/loop")) == 0)
            #expect(symlink("../outside", folder.path("in/escape")) == 0)
            #expect(mkfifo(folder.path("in/pipe@3x.png"), 0o644) == 0)
            try folder.write("in/A.xcassets/Bad.imageset/Contents.json", Array("not json".utf8))
            try folder.write("in/A.xcassets/Out.imageset/Contents.json", Array(
                #"{"images": [{"filename": "../../../outside/secret@3x.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        }

        func run(_ arguments: [String]) throws -> CLIRunner.Outcome {
            try CLIRunner.run(arguments + ["--devices", "iphone-430x932", "--presentation", "compact-leading", "in"], in: folder.url)
        }

        /// Every regular file under the temporary folder, with its bytes.
        func files() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let root = folder.url.path
            FileTree.walk(root) { entry in
                if case .file(let path) = entry, FileBytes.isRegularFile(path) {
                    files[String(path.dropFirst(root.count + 1))] = FileManager.default.contents(atPath: path)
                }
                return true
            }
            return files
        }
    }

    @Test func checkEndsAndReportsTheSameWhateverTheJobs() throws {
        let tree = try Tree()
        let one = try tree.run(["check", "--jobs", "1"])
        let many = try tree.run(["check", "--jobs", "4"])
        #expect(one.status == 2 && many.status == 2)
        #expect(one.output == many.output && one.error == many.error)
        let lines = one.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // One finding a line, even for a name with a newline in it.
        #expect(lines.allSatisfy { $0.hasPrefix("in/") })
        #expect(one.output.contains("in/new line@3x.png:1:1: error: new line@3x.png (300x200 px"))
        #expect(one.output.contains("in/ünï cødé@2x.png:1:1: error: ünï cødé@2x.png (300x200 px"))
        #expect(one.output.contains("in/pipe@3x.png:1:1: error: in/pipe@3x.png is not a regular file (a device, socket or pipe). [unreadable]"))
        #expect(one.output.contains("in/A.xcassets/Bad.imageset/Contents.json:1:2: error:"))
        #expect(one.output.contains(#"lists "../../../outside/secret@3x.png", a path outside the Out image set"#))
        // Neither the loop nor the links lead anywhere: every image once, nothing from outside.
        #expect(lines.filter { $0.contains("x@3x.png (300x200 px") }.count == 1)
        #expect(!one.output.contains("loop/") && !one.output.contains("escape/") && !one.output.contains("secret@3x.png is"))
    }

    @Test func fitWritesOnlyUnderOutTheSameBytesWhateverTheJobs() throws {
        let tree = try Tree()
        let before = try tree.files()
        let one = try tree.run(["fit", "--jobs", "1", "--out", "one"])
        let many = try tree.run(["fit", "--jobs", "4", "--out", "many"])
        // The pipe is reported; the rest is fitted.
        #expect(one.status == 1 && many.status == 1)
        // The same lines but for the folder written to; one line a file, even for a name with a newline.
        #expect(one.output.replacing(" in one/", with: " in many/") == many.output)
        #expect(one.output.split(separator: "\n").count == 4)
        #expect(one.output.contains("in/new line@3x.png: 300x200 -> 165x110 px (fits 187x110)"))
        #expect(one.error.contains("in/pipe@3x.png is not a regular file"))
        let after = try tree.files()
        var written = after
        for (path, bytes) in before { #expect(written.removeValue(forKey: path) == bytes, "\(path) changed") }
        // Only new files under --out, the same in both, and each a fitted image.
        #expect(written.keys.allSatisfy { $0.hasPrefix("one/") || $0.hasPrefix("many/") })
        let oneFiles = written.filter { $0.key.hasPrefix("one/") }
        #expect(oneFiles.count == 4, "\(oneFiles.keys.sorted())")
        for (path, bytes) in oneFiles {
            #expect(written["many/" + path.dropFirst("one/".count)] == bytes, "\(path)")
            let info = try ImageProbe.probe(data: bytes)
            #expect(info.width <= 187 && info.height <= 110, "\(path): \(info.width)x\(info.height)")
        }
        #expect(after["outside/secret@3x.png"] == before["outside/secret@3x.png"])
    }

    @Test func checkAndFitRefuseImagesOverTheGivenLimits() throws {
        let tree = try Tree()
        // 300x200 = 60,000 pixels: over a 50,000-pixel limit, refused by the header before any decoding.
        let check = try tree.run(["check", "--jobs", "2", "--max-pixels", "50000"])
        #expect(check.status == 2)
        #expect(check.output.contains("in/a b@3x.png:1:1: error: in/a b@3x.png declares a 300x200 PNG, over the limit of 50000 pixels and 65535 per side, so it was not read further. [unreadable]"))
        let before = try tree.files()
        let fit = try tree.run(["fit", "--jobs", "2", "--max-side", "250", "--in-place"])
        #expect(fit.status == 1 && fit.output == "")
        #expect(fit.error.contains("Error: in/a b@3x.png declares a 300x200 PNG, over the limit of 100000000 pixels and 250 per side, so it was not read further."))
        #expect(try tree.files() == before)
    }

    /// Rewrites, cuts, replaces by garbage, removes and adds files under `folder/in` until stopped, in a
    /// fixed order of changes.
    final class Vandal: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private(set) var changes = 0
        private let done = DispatchSemaphore(value: 0)

        init(folder: TemporaryDirectory, count: Int, big: [UInt8], small: [UInt8]) {
            Thread.detachNewThread { [self] in
                var state: UInt64 = 0x9E37_79B9_7F4A_7C15
                while !lock.withLock({ stopped }) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let path = folder.path("in/f\(Int(state >> 33) % count)@3x.png")
                    switch (state >> 20) % 6 {
                    case 0: unlink(path)
                    case 1: try? Data(big).write(to: URL(fileURLWithPath: path))
                    case 2: try? Data(small).write(to: URL(fileURLWithPath: path))
                    case 3: try? Data(big.prefix(big.count / 2)).write(to: URL(fileURLWithPath: path))
                    case 4: try? Data(repeating: 0x89, count: 100).write(to: URL(fileURLWithPath: path))
                    default: rename(path, path + ".moved.png")
                    }
                    lock.withLock { changes += 1 }
                }
                done.signal()
            }
        }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }
    }

    @Test func filesChangingAndVanishingDuringARunEndInErrorsNamingThem() throws {
        let folder = try TemporaryDirectory()
        func png(_ width: Int, _ height: Int) throws -> [UInt8] {
            Array(try ImageEncoders.PNG().encode(.pattern(width: width, height: height, multiplier: 11, modulus: 241)))
        }
        let small = try png(300, 200), big = try png(600, 400)
        let count = 200
        for index in 0..<count { try folder.write("in/f\(index)@3x.png", small) }
        let vandal = Vandal(folder: folder, count: count, big: big, small: small)
        let arguments = ["--devices", "iphone-430x932", "--presentation", "compact-leading", "--jobs", "2", "in"]
        let check = try CLIRunner.run(["check"] + arguments, in: folder.url)
        let fit = try CLIRunner.run(["fit", "--out", "out"] + arguments, in: folder.url)
        vandal.stop()
        #expect(vandal.changes > 0)
        // Exit statuses, not signals: 2 errors found (the files are oversized), 1 some fit failed.
        #expect(check.status == 2, "\(check.error)")
        #expect(check.output.split(separator: "\n").allSatisfy { $0.hasPrefix("in/f") }, "\(check.output)")
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
        #expect([0, 1].contains(fit.status), "\(fit.error)")
        let errors = fit.error.split(separator: "\n")
        #expect(errors.dropLast().allSatisfy { $0.hasPrefix("Error: in/f") }, "\(fit.error)")
        #expect(errors.last?.contains(" fitted, ") == true, "\(fit.error)")
        // Whatever was written is a whole image that fits; no temporary file is left.
        for name in FileTree.entries(of: folder.path("out/in"), includingHidden: true) {
            #expect(!name.hasPrefix("."), "\(name)")
            let info = try ImageProbe.probe(path: folder.path("out/in/\(name)"))
            #expect(info.width <= 187 && info.height <= 110, "\(name): \(info.width)x\(info.height)")
        }
    }

    @Test func aHundredThousandTinyFilesAreAllChecked() throws {
        let folder = try TemporaryDirectory()
        // A 1x1 RGBA PNG, written 100,000 times into 100 folders.
        let png = Data(ImageBytes.png(width: 1, height: 1))
        for directory in 0..<100 {
            let path = folder.path("in/d\(directory)")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for file in 0..<1000 {
                let descriptor = open(path + "/f\(file)@3x.png", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                #expect(descriptor >= 0)
                _ = png.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
        }
        let outcome = try CLIRunner.run(["check", "--jobs", "2", "in"], in: folder.url)
        #expect(outcome.status == 0 && outcome.diagnostics.isEmpty)
        // Every file is read and has its one finding (no @2x variant for the @2x devices), one a line.
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 100_000)
        #expect(lines.allSatisfy { $0.hasPrefix("in/d") && $0.hasSuffix(" [missing-scale-variant]") })
        #expect(lines.first == "in/d0/f0@3x.png:1:1: warning: f0@3x.png has no @2x variant, so iPhone XR, iPhone SE (2nd generation) and 10 more device classes use the @3x one; add it. [missing-scale-variant]")
    }
}
