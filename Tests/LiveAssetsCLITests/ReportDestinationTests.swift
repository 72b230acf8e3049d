import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// Where check and the other commands write: the stamp replaces only a regular file that is not an
/// input, the step summary is appended only to a regular file, and a report that cannot be written is
/// a failure.
@Suite struct ReportDestinationTests {
    static let devices = ["--devices", "iphone-430x932"]

    /// A folder with one image that passes check (40x40) and one that does not (3000x20).
    static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("small.png", ImageBytes.png(width: 40, height: 40))
        try folder.write("big.png", ImageBytes.png(width: 3000, height: 20))
        return folder
    }

    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    static let canMakeDevices = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mknod")

    @Test(.enabled(if: canMakeDevices, "mknod needs root"))
    func aStampThatIsADeviceIsRefusedAndTheDeviceKept() throws {
        let folder = try Self.folder()
        let mknod = try Process.run(URL(fileURLWithPath: "/usr/bin/mknod"), arguments: [folder.path("null"), "c", "1", "3"])
        mknod.waitUntilExit()
        try #require(Self.fileType(folder.path("null")) == S_IFCHR)
        let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "null", "small.png"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: the stamp null cannot be written: it is a character device, not a regular file; give the path of a regular file.\n")
        #expect(Self.fileType(folder.path("null")) == S_IFCHR)
    }

    @Test func aStampThatIsAFIFOIsRefusedAndTheFIFOKept() throws {
        let folder = try Self.folder()
        try #require(mkfifo(folder.path("pipe"), 0o644) == 0)
        let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "pipe", "small.png"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: the stamp pipe cannot be written: it is a FIFO, not a regular file; give the path of a regular file.\n")
        #expect(Self.fileType(folder.path("pipe")) == S_IFIFO)
    }

    @Test func aStampThatIsAFolderOrALinkToNothingIsRefused() throws {
        let folder = try Self.folder()
        try FileManager.default.createDirectory(atPath: folder.path("stamps"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling"), withDestinationPath: "missing/stamp")
        let intoFolder = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "stamps", "small.png"], in: folder.url)
        #expect(intoFolder.status == 1)
        #expect(intoFolder.error == "Error: the stamp stamps cannot be written: it is a folder, not a regular file; give the path of a regular file.\n")
        let throughLink = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "dangling", "small.png"], in: folder.url)
        #expect(throughLink.status == 1)
        #expect(throughLink.error == "Error: the stamp dangling cannot be written: it is a symbolic link that leads to no file; give the path of a regular file.\n")
        #expect(Self.fileType(folder.path("dangling")) == S_IFLNK)
    }

    @Test func aStampThatIsAnImageBeingCheckedIsRefusedAndTheImageKept() throws {
        let folder = try Self.folder()
        let original = try Data(contentsOf: folder.url.appendingPathComponent("small.png"))
        let named = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "small.png", "small.png"], in: folder.url)
        #expect(named.status == 1)
        #expect(named.error == "Error: the stamp small.png is the image small.png being checked; give the stamp a path of its own.\n")
        // Found in a folder, under another name (a hard link): the same file all the same.
        try FileManager.default.createDirectory(atPath: folder.path("set"), withIntermediateDirectories: false)
        try FileManager.default.linkItem(atPath: folder.path("small.png"), toPath: folder.path("set/icon.png"))
        let linked = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "small.png", "set"], in: folder.url)
        #expect(linked.status == 1)
        #expect(linked.diagnostics == "Error: the stamp small.png is the same file as the image set/icon.png being checked; give the stamp a path of its own.\n")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("small.png")) == original)
    }

    @Test func aStampNamedAsACatalogOrConfigurationFileIsRefusedAndTheFileKept() throws {
        let folder = try Self.folder()
        let contents = #"{"images":[{"filename":"small.png","idiom":"universal","scale":"3x"}],"info":{"version":1,"author":"xcode"}}"#
        try folder.write("A.xcassets/S.imageset/Contents.json", Array(contents.utf8))
        try folder.write("A.xcassets/S.imageset/small.png", Array(try Data(contentsOf: folder.url.appendingPathComponent("small.png"))))
        for stamp in ["A.xcassets/S.imageset/Contents.json", ".liveassets.json"] {
            let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", stamp, "A.xcassets"], in: folder.url)
            #expect(outcome.status == 1)
            let name = FileTree.lastComponent(stamp)
            #expect(outcome.error == "Error: the stamp \(stamp) has the name of a file check reads (\(name)); give the stamp a path of its own.\n")
        }
        #expect(String(decoding: try Data(contentsOf: folder.url.appendingPathComponent("A.xcassets/S.imageset/Contents.json")), as: UTF8.self) == contents)
        #expect(!FileManager.default.fileExists(atPath: folder.path(".liveassets.json")))
    }

    @Test func anEmptyStampPathIsAUsageError() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "", "small.png"], in: folder.url)
        #expect(outcome.status == 64)
        #expect(outcome.error.hasPrefix("Error: --stamp needs the path of a file\nUsage: liveassets check "))
    }

    @Test func aStampOverARegularFileIsStillWritten() throws {
        let folder = try Self.folder()
        try folder.write("stamp", Array("old\n".utf8))
        let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "stamp", "small.png"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(try String(contentsOfFile: folder.path("stamp"), encoding: .utf8) == "0 errors, 0 warnings in 1 image file\n")
    }

    @Test func aStampThatCannotBeWrittenFails() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check"] + Self.devices + ["--stamp", "missing/stamp", "small.png"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.diagnostics == "Error: the stamp missing/stamp could not be written (No such file or directory); give --stamp a path that can be written.\n")
    }

    @Test func aStepSummaryThatIsAFIFOIsRefusedWithoutWaitingForAReader() throws {
        let folder = try Self.folder()
        try #require(mkfifo(folder.path("summary"), 0o644) == 0)
        let outcome = try CLIRunner.run(["check", "--format", "github"] + Self.devices + ["small.png"], in: folder.url,
                                        environment: ["GITHUB_STEP_SUMMARY": folder.path("summary")])
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: the step summary could not be written to \(folder.path("summary")) (GITHUB_STEP_SUMMARY): it is a FIFO, not a regular file; point GITHUB_STEP_SUMMARY at a regular file.\n")
    }

    @Test func aStepSummaryInAMissingFolderFails() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check", "--format", "github"] + Self.devices + ["small.png"], in: folder.url,
                                        environment: ["GITHUB_STEP_SUMMARY": folder.path("missing/summary.md")])
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: the step summary could not be written to \(folder.path("missing/summary.md")) (GITHUB_STEP_SUMMARY): No such file or directory.\n")
    }

    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    /// Each command that prints a report, with standard output on /dev/full (every write fails, ENOSPC).
    @Test(.enabled(if: hasDevFull, "/dev/full exists on Linux only"),
          arguments: [["check"] + devices + ["big.png"], ["fit", "--dry-run"] + devices + ["big.png"], ["info", "big.png"], ["sizes"]])
    func aReportThatCannotBeWrittenToStandardOutputFails(_ arguments: [String]) throws {
        let folder = try Self.folder()
        let process = CLIRunner.process(arguments + (arguments[0] == "check" ? ["--stamp", "stamp"] : []), in: folder.url)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.hasSuffix("Error: the report could not be written to standard output (No space left on device).\n"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("stamp")))
    }

    @Test func aReportWrittenWithOutputIsWhatStandardOutputGets() throws {
        let folder = try Self.folder()
        let printed = try CLIRunner.run(["check", "--format", "json"] + Self.devices + ["big.png", "small.png"], in: folder.url)
        let written = try CLIRunner.run(["check", "--format", "json", "--output", "report.json"] + Self.devices + ["big.png", "small.png"],
                                        in: folder.url)
        #expect(printed.status == 2 && written.status == 2)
        #expect(written.output == "")
        #expect(try String(contentsOfFile: folder.path("report.json"), encoding: .utf8) == printed.output)
    }

    @Test func anHTMLReportGoesToStandardOutputWithoutOutput() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check", "--format", "html"] + Self.devices + ["big.png"], in: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.output.hasPrefix("<!doctype html>\n<html lang=\"en\">\n"))
        #expect(outcome.output.hasSuffix("</html>\n"))
        // big.png (3000x20, no scale: @1x) is drawn as the @3x limit counts it, 1000x6.67 pt centred in the
        // 408x160 pt Lock Screen, over the limit, with fit's result beside it.
        #expect(outcome.output.contains("data-image=\"big.png\""))
        #expect(outcome.output.contains("data-drawings=\"[[0,0,-296,76.67,1000,6.67,0,1],[0,2,"))
    }

    @Test func aReportOutputThatIsAnImageBeingCheckedIsRefusedAndTheImageKept() throws {
        let folder = try Self.folder()
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("big.png")))
        let outcome = try CLIRunner.run(["check", "--format", "html", "--output", "big.png"] + Self.devices + ["big.png"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: the report big.png is the image big.png being checked; give the report a path of its own.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("big.png"))) == before)
        let same = try CLIRunner.run(["check", "--output", "r.txt", "--stamp", "./r.txt"] + Self.devices + ["small.png"], in: folder.url)
        #expect(same.status == 64)
        #expect(same.error.hasPrefix("Error: --stamp and --output name the same file, r.txt; give each a path of its own"))
        try folder.write("settings.json", Array(#"{"devices": ["iphone-430x932"]}"#.utf8))
        let configuration = try CLIRunner.run(["check", "--config", "settings.json", "--output", "./settings.json", "small.png"], in: folder.url)
        #expect(configuration.status == 64)
        #expect(configuration.error.hasPrefix("Error: the report ./settings.json is the file --config names; give the report a path of its own"))
        #expect(try String(contentsOfFile: folder.path("settings.json"), encoding: .utf8) == #"{"devices": ["iphone-430x932"]}"#)
        let empty = try CLIRunner.run(["check", "--output", ""] + Self.devices + ["big.png"], in: folder.url)
        #expect(empty.status == 64)
        #expect(empty.error.hasPrefix("Error: --output needs the path of a file"))
    }
}
