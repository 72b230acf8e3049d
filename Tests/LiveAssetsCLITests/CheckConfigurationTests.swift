import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

@Suite struct CheckConfigurationTests {
    @Test func theNearestConfigurationAboveAnInputApplies() throws {
        let folder = try TemporaryDirectory()
        try folder.write("proj/.liveassets.json", Array(#"{"devices": ["iphone-430x932"], "presentations": {"**/*.png": ["minimal"]}}"#.utf8))
        try folder.write("proj/widgets/icons/icon@3x.png", ImageBytes.png(width: 136, height: 100))
        let result = try CLIRunner.run(["check", "proj/widgets/icons"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.output.contains("icon@3x.png (136x100 px, @3x) is too large for minimal; tightest: minimal on iPhone 14 Pro Max, 135x110 px; fit it to at most 135x99 px."))
        // --config wins over discovery.
        try folder.write("other.json", Array(#"{"devices": ["iphone-430x932"], "presentations": {"**/*.png": ["lock-screen"]}}"#.utf8))
        #expect(try CLIRunner.run(["check", "--config", "other.json", "proj/widgets/icons"], in: folder.url).status == 0)
        // --presentation wins over the configuration's patterns.
        #expect(try CLIRunner.run(["check", "--presentation", "expanded", "proj/widgets/icons"], in: folder.url).status == 0)
    }

    @Test func excludeAndIncludeChooseTheFiles() throws {
        let folder = try TemporaryDirectory()
        try folder.write("p/Previews/big.png", ImageBytes.png(width: 5000, height: 10, colorType: 0))
        try folder.write("p/Live/ok.png", ImageBytes.png(width: 10, height: 10, colorType: 0))
        #expect(try CLIRunner.run(["check", "p"], in: folder.url).status == 2)
        #expect(try CLIRunner.run(["check", "--exclude", "**/Previews/**", "p"], in: folder.url).status == 0)
        #expect(try CLIRunner.run(["check", "--include", "**/Live/*", "p"], in: folder.url).status == 0)
        try folder.write("p/.liveassets.json", Array(#"{"exclude": ["Previews/**"]}"#.utf8))
        #expect(try CLIRunner.run(["check", "p"], in: folder.url).status == 0)
    }

    @Test func includeAndExcludeCoverImageSets() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Big.imageset/Contents.json", Array(#"{"images": [{"filename": "b.png", "idiom": "universal", "scale": "1x"}]}"#.utf8))
        try folder.write("A.xcassets/Big.imageset/b.png", ImageBytes.png(width: 5000, height: 10, colorType: 0))
        try folder.write("A.xcassets/Small.imageset/Contents.json", Array(#"{"images": [{"filename": "s.png", "idiom": "universal", "scale": "1x"}]}"#.utf8))
        try folder.write("A.xcassets/Small.imageset/s.png", ImageBytes.png(width: 10, height: 10, colorType: 0))
        #expect(try CLIRunner.run(["check", "A.xcassets"], in: folder.url).status == 2)
        #expect(try CLIRunner.run(["check", "--include", "**/Small*", "A.xcassets"], in: folder.url).status == 0)
        #expect(try CLIRunner.run(["check", "--exclude", "**/Big.imageset", "A.xcassets"], in: folder.url).status == 0)
    }

    @Test func aPipeInPlaceOfContentsJSONIsReportedNotRead() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("A.xcassets/P.imageset"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("A.xcassets/P.imageset/Contents.json"), 0o600) == 0)
        try folder.write("A.xcassets/Q.imageset/q.png", ImageBytes.png(width: 1, height: 1))
        try folder.write("A.xcassets/Q.imageset/Contents.json", Array(#"{"images": [{"filename": "q.png", "idiom": "universal"}]}"#.utf8))
        let result = try CLIRunner.run(["check", "A.xcassets"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("A.xcassets/P.imageset/Contents.json:1:1: error: A.xcassets/P.imageset/Contents.json cannot be read (it is not a regular file), so Xcode ignores the P image set. [catalog-invalid-json]\n"))
    }

    @Test func missingInputsAndEmptyListsAreRefused() throws {
        let missing = try CLIRunner.run(["check", "no/such/folder"])
        #expect(missing.status == 1)
        #expect(missing.error == "Error: no/such/folder does not exist.\n")
        #expect(try CLIRunner.run(["check", "--devices", "", "samples"]).status == 64)
        #expect(try CLIRunner.run(["check", "--presentation", ",", "samples"]).status == 64)
    }

    @Test func theLibraryCallChecksAFile() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("badge@3x.png", ImageBytes.png(width: 200, height: 100))
        let table = SizeTable.bundled
        let findings = LiveAssetsRun.check(URL(fileURLWithPath: path), presentations: [.compactLeading],
                                        devices: [table.device(id: "iphone-430x932")!])
        #expect(findings.map(\.rule) == [.oversized])
        #expect(findings.first?.limit == PixelSize(width: 187, height: 110))
        #expect(LiveAssetsRun.check(URL(fileURLWithPath: path), presentations: [.expanded],
                                 devices: [table.device(id: "iphone-430x932")!]).isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "skipped: no script(1) for a terminal"))
    func aTerminalGetsASummaryTableAndPipesDoNot() throws {
        let folder = try TemporaryDirectory()
        try folder.write("p/wide.png", ImageBytes.png(width: 5000, height: 10, colorType: 0))
        let command = "\(CLIRunner.executable.path) check --devices iphone-430x932 --include '*.png' p"
        let terminal = try CLIRunner.runScript(["-qec", command, "/dev/null"], in: folder.url, environment: ["NO_COLOR": "1"])
        #expect(terminal.contains("rule                      errors  warnings"))
        #expect(terminal.contains("oversized                 1       0"))
        #expect(terminal.contains("✗ 1 error, 0 warnings in 1 image file"))
        #expect(!terminal.contains("\u{1B}[31m"))
        // The library's message says what to do; the terminal adds the commands that do it, with the
        // options fit shares with check, so that it fits what check found.
        let hints = terminal.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("hint: ") }
        #expect(hints == ["hint: `liveassets fit --dry-run --devices iphone-430x932 --include '*.png' p` lists the size each oversized image would be fitted to; --out DIR or --in-place writes them.",
                          "hint: `liveassets explain <rule>` tells why a rule matters and what to do."])
        #expect(!terminal.contains("lists the presentations each device shows"))
        let piped = try CLIRunner.run(["check", "--devices", "iphone-430x932", "p"], in: folder.url)
        #expect(piped.diagnostics == "")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "skipped: no script(1) for a terminal"))
    func manyFilesShowAProgressLineOnATerminalOnly() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<30 { try folder.write("many/\(index).png", ImageBytes.png(width: 8, height: 8)) }
        let command = "\(CLIRunner.executable.path) check --devices iphone-430x932 many"
        let terminal = try CLIRunner.runScript(["-qec", command, "/dev/null"], in: folder.url, environment: [:])
        #expect(terminal.contains("\rChecking 30 of 30 files, "))
        let ci = try CLIRunner.runScript(["-qec", command, "/dev/null"], in: folder.url, environment: ["CI": "true"])
        #expect(!ci.contains("Checking"))
        #expect(try CLIRunner.run(["check", "--devices", "iphone-430x932", "many"], in: folder.url).diagnostics == "")
    }
}
