import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// An oversized PNG with alpha, an EXIF-rotated JPEG, a catalog image and one that already fits, all
/// made with the project's encoders.
struct FitFixture {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        func disc(_ width: Int, _ height: Int, _ layout: PixelBuffer.Layout) -> PixelBuffer {
            var pixels = PixelBuffer(width: width, height: height, layout: layout)
            for y in 0..<height {
                for x in 0..<width {
                    let value = UInt8((x * 255) / max(1, width - 1))
                    pixels.set(x: x, y: y, to: layout == .rgba ? [value, 128, 255 - value, (x + y) % 3 == 0 ? 255 : 200] : [value, 60, 255 - value])
                }
            }
            return pixels
        }
        try folder.write("art/badge@3x.png", Array(try ImageEncoders.PNG().encode(disc(300, 200, .rgba))))
        let rotation: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
        try folder.write("art/photo.jpg", Array(try ImageEncoders.JPEG(exif: rotation).encode(disc(900, 600, .rgb))))
        try folder.write("art/small@3x.png", Array(try ImageEncoders.PNG().encode(disc(60, 30, .rgba))))
        try folder.write("art/Media.xcassets/Logo.imageset/logo.png", Array(try ImageEncoders.PNG().encode(disc(400, 400, .rgba))))
        try folder.write("art/Media.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "logo.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
    }

    static let options = ["--devices", "iphone-430x932,iphone-393x852", "--presentation", "compact-leading,minimal"]

    func run(_ command: String, _ arguments: [String] = []) throws -> CLIRunner.Outcome {
        try CLIRunner.run([command] + Self.options + arguments + ["art"], in: folder.url)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(path)) }
}

@Suite struct FitCommandTests {
    @Test func fittedImagesPassCheckWithTheSameOptions() throws {
        let fixture = try FitFixture()
        #expect(try fixture.run("check").status == 2)
        let fit = try fixture.run("fit", ["--in-place"])
        #expect(fit.status == 0, "\(fit.error)")
        let lines = fit.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("art/Media.xcassets/Logo.imageset/logo.png: 400x400 -> 110x110 px (fits 135x110), ") })
        #expect(fit.output.contains("art/badge@3x.png: 300x200 -> 135x90 px (fits 135x110)"))
        #expect(fit.output.contains("art/photo.jpg: 600x900 -> 73x110 px (fits 135x110)"))
        #expect(fit.error.hasPrefix("3 fitted, 1 already fitting, 0 failed; "))
        let check = try fixture.run("check")
        #expect(check.status == 0, "\(check.output)")
        let photo = try ImageProbe.probe(path: fixture.folder.path("art/photo.jpg"))
        #expect(photo.orientation == .up && photo.width == 73 && photo.height == 110)
        let badge = try ImageProbe.probe(path: fixture.folder.path("art/badge@3x.png"))
        #expect(badge.hasAlpha && badge.width == 135)
    }

    @Test func fittingTwiceChangesNothingTheSecondTime() throws {
        let fixture = try FitFixture()
        #expect(try fixture.run("fit", ["--in-place"]).status == 0)
        let files = ["art/badge@3x.png", "art/photo.jpg", "art/small@3x.png", "art/Media.xcassets/Logo.imageset/logo.png"]
        let before = try files.map { try fixture.bytes($0) }
        let times = try files.map { try FileManager.default.attributesOfItem(atPath: fixture.folder.path($0))[.modificationDate] as! Date }
        let second = try fixture.run("fit", ["--in-place"])
        #expect(second.status == 0 && second.output == "")
        #expect(second.error == "0 fitted, 4 already fitting, 0 failed\n")
        #expect(try files.map { try fixture.bytes($0) } == before)
        #expect(try files.map { try FileManager.default.attributesOfItem(atPath: fixture.folder.path($0))[.modificationDate] as! Date } == times)
    }

    @Test func inPlaceRemovesOldLeftoversOfAKilledRunAndNothingElse() throws {
        let fixture = try FitFixture()
        let old = "art/.badge@3x.png.liveassets-Ab12Cd", fresh = "art/.badge@3x.png.liveassets-Zz99Yy"
        // Not a temporary file of a file this run replaces: another name, a short or odd suffix.
        let unrelated = ["art/.notes.png.liveassets-Ab12Cd", "art/.badge@3x.png.liveassets-", "art/.badge@3x.png.liveassets-Ab1.Cd"]
        for name in [old, fresh] + unrelated { try fixture.folder.write(name, [1, 2, 3]) }
        // The old one was left an hour ago; the fresh one could belong to a run still going.
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in [old] + unrelated {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: fixture.folder.path(name))
        }
        let fit = try fixture.run("fit", ["--in-place"])
        #expect(fit.status == 0)
        #expect(fit.error.hasPrefix("Removed \(fixture.folder.url.resolvingSymlinksInPath().path)/\(old), left by an interrupted run.\n"), "\(fit.error)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path(old)))
        for name in [fresh] + unrelated { #expect(FileManager.default.fileExists(atPath: fixture.folder.path(name)), "\(name)") }
    }

    @Test func dryRunWritesNothingAndOutMirrorsTheTree() throws {
        let fixture = try FitFixture()
        let original = try fixture.bytes("art/badge@3x.png")
        let dry = try fixture.run("fit", ["--dry-run"])
        #expect(dry.status == 0 && dry.output.contains("art/badge@3x.png: 300x200 -> 135x90 px (fits 135x110)\n"))
        #expect(dry.error == "3 would be fitted, 1 already fitting, 0 failed\n")
        #expect(try fixture.bytes("art/badge@3x.png") == original)
        let out = try fixture.run("fit", ["--out", "fitted"])
        #expect(out.status == 0)
        #expect(try fixture.bytes("art/badge@3x.png") == original)
        let copy = try ImageProbe.probe(path: fixture.folder.path("fitted/art/badge@3x.png"))
        #expect(copy.width == 135 && copy.height == 90)
        #expect(FileManager.default.fileExists(atPath: fixture.folder.path("fitted/art/Media.xcassets/Logo.imageset/logo.png")))
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("fitted/art/small@3x.png")))
    }

    @Test func backupKeepsTheOriginalAndNothingIsLeftBehind() throws {
        let fixture = try FitFixture()
        let original = try fixture.bytes("art/photo.jpg")
        #expect(try fixture.run("fit", ["--in-place", "--backup"]).status == 0)
        #expect(try fixture.bytes("art/photo.jpg.orig") == original)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path("art")).filter { $0.contains("liveassets-") }
        #expect(leftovers.isEmpty)
    }

    @Test func anUnreadableFileFailsAndTheRestGoOn() throws {
        let fixture = try FitFixture()
        try fixture.folder.write("art/broken.png", Array(ImageBytes.png(width: 8, height: 8).prefix(40)))
        let result = try fixture.run("fit", ["--in-place"])
        #expect(result.status == 1)
        #expect(result.error.contains("Error: art/broken.png is truncated"))
        #expect(try ImageProbe.probe(path: fixture.folder.path("art/badge@3x.png")).width == 135)
    }

    @Test func usageNeedsExactlyOneDestination() throws {
        #expect(try CLIRunner.run(["fit", "samples"]).status == 64)
        #expect(try CLIRunner.run(["fit", "--dry-run", "--in-place", "samples"]).status == 64)
        #expect(try CLIRunner.run(["fit", "--backup", "--dry-run", "samples"]).status == 64)
    }
}

@Suite struct LibraryFitTests {
    @Test func fitsDownloadedDataAndLeavesFittingDataAlone() throws {
        let pixels = PixelBuffer.pattern(width: 600, height: 300, layout: .rgb)
        let data = try ImageEncoders.JPEG().encode(pixels)
        let devices = try SizeTable.bundled.devices(matching: ["iphone-430x932"])
        let result = try LiveAssets.fit(data, for: [.compactLeading], on: devices)
        #expect(result.changed && result.size == PixelSize(width: 187, height: 93))
        #expect(try ImageProbe.probe(data: result.data) .width == 187)
        let again = try LiveAssets.fit(result.data, for: [.compactLeading], on: devices)
        #expect(!again.changed && again.data == result.data)
    }
}

@Suite struct FitCatalogTests {
    static let contents = """
        {
          "images" : [
            {
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "filename" : "mark@3x.png",
              "idiom" : "universal",
              "scale" : "3x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    @Test func addsTheMissingTwoXVariantWithAOneLineContentsChange() throws {
        let folder = try TemporaryDirectory()
        var pixels = PixelBuffer(width: 300, height: 150, layout: .rgba)
        for index in 0..<pixels.samples.count { pixels.samples[index] = index % 4 == 3 ? 255 : UInt8(index % 200) }
        try folder.write("A.xcassets/Mark.imageset/mark@3x.png", Array(try ImageEncoders.PNG().encode(pixels)))
        try folder.write("A.xcassets/Mark.imageset/Contents.json", Array(Self.contents.utf8))
        let options = ["--devices", "iphone-430x932,iphone-414x896-2x", "--presentation", "lock-screen"]
        let check = try CLIRunner.run(["check"] + options + ["A.xcassets"], in: folder.url)
        #expect(check.output.contains("[missing-scale-variant]"))

        let fit = try CLIRunner.run(["fit", "--in-place"] + options + ["A.xcassets"], in: folder.url)
        #expect(fit.status == 0)
        #expect(fit.output == "A.xcassets/Mark.imageset/Contents.json: added mark@2x.png (200x100 px, from the @3x) for iphone-414x896-2x\n")
        let edited = try String(contentsOfFile: folder.path("A.xcassets/Mark.imageset/Contents.json"), encoding: .utf8)
        #expect(edited == Self.contents.replacingOccurrences(
            of: "    {\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\"",
            with: "    {\n      \"filename\" : \"mark@2x.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\""))
        let made = try ImageProbe.probe(path: folder.path("A.xcassets/Mark.imageset/mark@2x.png"))
        // Opaque and of few colours: stored as a palette without transparency, every pixel as made.
        #expect(made.width == 200 && made.height == 100 && made.colorModel == .palette && !made.hasAlpha)

        let after = try CLIRunner.run(["check"] + options + ["A.xcassets"], in: folder.url)
        #expect(after.status == 0 && after.output == "")
        let again = try CLIRunner.run(["fit", "--in-place"] + options + ["A.xcassets"], in: folder.url)
        #expect(again.output == "" && again.error == "0 fitted, 2 already fitting, 0 failed\n")
    }

    @Test func neverMakesAVariantByUpscaling() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Mark.imageset/mark@2x.png", Array(try ImageEncoders.PNG().encode(PixelBuffer(width: 20, height: 20, layout: .rgba))))
        try folder.write("A.xcassets/Mark.imageset/Contents.json", Array(Self.contents.replacingOccurrences(
            of: "\"filename\" : \"mark@3x.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"3x\"",
            with: "\"filename\" : \"mark@2x.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\"").utf8))
        let fit = try CLIRunner.run(["fit", "--dry-run", "--devices", "iphone-430x932", "A.xcassets"], in: folder.url)
        #expect(fit.status == 0 && !fit.output.contains("would add"))
    }
}

@Suite struct LibraryFitFileTests {
    @Test func fitsAFileAndWritesItAtomically() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("wide.png", Array(try ImageEncoders.PNG().encode(PixelBuffer(width: 500, height: 100, layout: .rgba))))
        let devices = try SizeTable.bundled.devices(matching: ["iphone-430x932"])
        let result = try LiveAssets.fit(contentsOf: URL(fileURLWithPath: path), for: [.minimal], on: devices)
        #expect(result.changed && result.size == PixelSize(width: 135, height: 27))
        try result.write(to: URL(fileURLWithPath: path))
        #expect(try ImageProbe.probe(path: path).width == 135)
        #expect(throws: FitError.decode(.unreadable(.fileNotFound(file: folder.path("none.png"))))) {
            try LiveAssets.fit(contentsOf: URL(fileURLWithPath: folder.path("none.png")), for: [.minimal])
        }
    }

    @Test func aPipeOrAFolderIsRefusedWithoutBeingRead() throws {
        // Nothing ever writes to the pipe: reading it would wait for ever.
        let folder = try TemporaryDirectory()
        #expect(mkfifo(folder.path("pipe.png"), 0o600) == 0)
        #expect(throws: FitError.decode(.unreadable(.notARegularFile(file: folder.path("pipe.png"))))) {
            try LiveAssets.fit(contentsOf: URL(fileURLWithPath: folder.path("pipe.png")), for: [.minimal])
        }
        try FileManager.default.createDirectory(atPath: folder.path("dir.png"), withIntermediateDirectories: false)
        #expect(throws: FitError.decode(.unreadable(.isDirectory(file: folder.path("dir.png"))))) {
            try LiveAssets.fit(contentsOf: URL(fileURLWithPath: folder.path("dir.png")), for: [.minimal])
        }
    }
}

@Suite struct FitReviewRegressionTests {
    @Test func theThreeXIsFittedForItsOwnDevicesWhileTheTwoXIsMade() throws {
        let folder = try TemporaryDirectory()
        let pixels = PixelBuffer.pattern(width: 1500, height: 600, layout: .rgb)
        try folder.write("A.xcassets/Hero.imageset/hero@3x.jpg", Array(try ImageEncoders.JPEG().encode(pixels)))
        try folder.write("A.xcassets/Hero.imageset/Contents.json", Array(FitCatalogTests.contents.replacingOccurrences(of: "mark@3x.png", with: "hero@3x.jpg").utf8))
        let options = ["--devices", "iphone-430x932,iphone-414x896-2x", "--presentation", "lock-screen"]
        let fit = try CLIRunner.run(["fit", "--in-place"] + options + ["A.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        let threeX = try ImageProbe.probe(path: folder.path("A.xcassets/Hero.imageset/hero@3x.jpg"))
        let twoX = try ImageProbe.probe(path: folder.path("A.xcassets/Hero.imageset/hero@2x.jpg"))
        #expect(threeX.width == 1200 && threeX.height == 480)  // the @3x devices' 1224x480, not the @2x limit
        #expect(twoX.width == 784 && twoX.height == 313)
        #expect(try CLIRunner.run(["check"] + options + ["A.xcassets"], in: folder.url).status == 0)
    }

    @Test func aSymbolicLinkIsKeptAndItsTargetReplaced() throws {
        let folder = try TemporaryDirectory()
        try folder.write("real/big.png", Array(try ImageEncoders.PNG().encode(PixelBuffer(width: 600, height: 300, layout: .rgba))))
        try FileManager.default.createDirectory(atPath: folder.path("assets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("assets/big.png"), withDestinationPath: folder.path("real/big.png"))
        let fit = try CLIRunner.run(["fit", "--in-place", "--devices", "iphone-430x932", "--presentation", "minimal", "assets/big.png"], in: folder.url)
        #expect(fit.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("assets/big.png")) == folder.path("real/big.png"))
        #expect(try ImageProbe.probe(path: folder.path("real/big.png")).width == 135)
    }

    @Test func grayStaysGray() throws {
        let gray = try ImageEncoders.JPEG().encode(PixelBuffer(width: 800, height: 400, layout: .gray))
        let fitted = try ImageFitter.fit(data: gray, to: PixelSize(width: 200, height: 100))
        #expect(try ImageProbe.probe(data: fitted).colorModel == .gray)
        let grayAlpha = try ImageEncoders.PNG().encode(PixelBuffer(width: 800, height: 400, layout: .grayAlpha))
        #expect(try ImageProbe.probe(data: ImageFitter.fit(data: grayAlpha, to: PixelSize(width: 200, height: 100))).colorModel == .grayAlpha)
    }
}

/// A fitted file can be larger than its original: fit says so, and has tried zlib's strongest settings.
@Suite struct FitGrowthTests {
    @Test func aOneBitNoisePNGFittedToEightBitGrayIsSaidToGrowAndIsTheSmallerEncoding() throws {
        let folder = try TemporaryDirectory()
        // 1-bit noise, 1,000 px square: 8 bits a sample once fitted, and noise does not compress.
        var state: UInt32 = 7
        let bits = (0..<(125 * 1000)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let path = try folder.write("noise.png", ImageBytes.png(width: 1000, height: 1000, bitDepth: 1, colorType: 0, pixels: bits))
        let original = try HeaderReader.read(contentsOf: path).fileSize
        let result = try CLIRunner.run(["fit", "--presentation", "lock-screen", "--devices", "iphone-430x932", "--out", "out", "noise.png"],
                                       in: folder.url)
        let fitted = try HeaderReader.read(contentsOf: folder.path("out/noise.png"))
        #expect(result.status == 0)
        #expect(result.error == "1 fitted, 0 already fitting, 0 failed; \(original.groupedDigits) -> \(fitted.fileSize.groupedDigits) bytes\n")
        #expect(fitted.displaySize == PixelSize(width: 480, height: 480) && fitted.fileSize > original)
        #expect(result.output.hasPrefix("noise.png: 1000x1000 -> 480x480 px (fits 1224x480), \(original.groupedDigits) -> \(fitted.fileSize.groupedDigits) bytes in out/noise.png, larger than the original: the original is gray of 1 bit a sample, the fitted image gray of 8 bits a sample, as resampling blends neighbouring pixels into levels between its 2\n"), "\(result.output)")
        // Of fit's two encodings, the smaller was kept.
        let decoded = try ImageDecoder.decode(path: folder.path("out/noise.png"))
        let plain = try ImageEncoders.PNG().encode(decoded.pixels)
        #expect(fitted.fileSize <= plain.count)
    }
}
