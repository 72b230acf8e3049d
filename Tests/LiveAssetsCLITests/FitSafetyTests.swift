import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// `fit` never replaces a file it was not asked to replace: an --out folder that mirrors an input onto
/// itself, and a backup name already taken, are refused by name with the files left as they were.
@Suite struct FitSafetyTests {
    @Test func anOutFolderThatMirrorsAnInputOntoItselfIsRefused() throws {
        let fixture = try FitFixture()
        let before = try fixture.bytes("art/badge@3x.png")
        // "--out ." mirrors art/badge@3x.png onto art/badge@3x.png.
        let outcome = try CLIRunner.run(["fit"] + FitFixture.options + ["--out", ".", "art/badge@3x.png"], in: fixture.folder.url)
        #expect(outcome.status == 64)
        #expect(outcome.error.hasPrefix(
            "Error: --out . would put the result of art/badge@3x.png on the file itself; use --in-place to replace it, or choose another folder\n"))
        #expect(try fixture.bytes("art/badge@3x.png") == before)
    }

    @Test func aBackupNameAlreadyTakenIsNotOverwritten() throws {
        let fixture = try FitFixture()
        let before = try fixture.bytes("art/badge@3x.png")
        try fixture.folder.write("art/badge@3x.png.orig", Array("the user's own file".utf8))
        let outcome = try CLIRunner.run(["fit"] + FitFixture.options + ["--in-place", "--backup", "art/badge@3x.png"],
                                        in: fixture.folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error.hasPrefix(
            "Error: art/badge@3x.png could not be written (its backup art/badge@3x.png.orig exists already; move it away to keep it); the original is untouched.\n"))
        #expect(try fixture.bytes("art/badge@3x.png") == before)
        #expect(try fixture.bytes("art/badge@3x.png.orig") == Data("the user's own file".utf8))
        #expect(FileTree.entries(of: fixture.folder.path("art"), includingHidden: true).allSatisfy { !$0.contains(".liveassets-") })
    }

    @Test(.enabled(if: NonUTF8Names.areStored, "skipped: this file system refuses names that are not UTF-8 (APFS does)"))
    func anImageWhoseNameIsNotUTF8IsReportedNotSkipped() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", Array(try ImageEncoders.PNG().encode(PixelBuffer(width: 30, height: 30, layout: .rgba))))
        // "bad\xFF@3x.png", empty: it is read (and found empty) and its name is reported; fit leaves it alone.
        var name = Array(folder.path("in/bad").utf8) + [0xFF] + Array("@3x.png".utf8) + [0]
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let path = "in/bad\u{FFFD}@3x.png"
        let message = "\(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; it is checked, but rename it."
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == "\(path):1:1: error: \(path) is empty (0 bytes). [unreadable]\n\(path):1:1: warning: \(message) [undecodable-name]\n")
        let info = try CLIRunner.run(["info", "in"], in: folder.url)
        #expect(info.status == 1 && info.error == "Warning: \(message)\nError: \(path) is empty (0 bytes).\n")
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--dry-run", "in"], in: folder.url)
        #expect(fit.status == 1)
        // Not read for fitting at all: the name is the one error.
        #expect(fit.error == "Error: \(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), so fit writes nothing under it; rename it.\n0 would be fitted, 1 already fitting, 1 failed\n")
    }

    @Test func aCatalogEntryNamingAFileWithANULIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/a.png", Array(try ImageEncoders.PNG().encode(PixelBuffer(width: 30, height: 30, layout: .rgba))))
        try folder.write("A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "a.png\u0000.txt", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.contains(
            "A.xcassets/Logo.imageset/Contents.json:1:14: error: A.xcassets/Logo.imageset/Contents.json lists a file name with a NUL character in it, which no file can have. [catalog-missing-file]\n"))
        #expect(!check.output.utf8.contains(0))
    }

    @Test func aNameOfTheLongestLengthIsReplacedInPlace() throws {
        let folder = try TemporaryDirectory()
        let name = String(repeating: "n", count: 248) + "@3x.png"  // 255 bytes, the most a name may have
        try folder.write(name, Array(try ImageEncoders.PNG().encode(.pattern(width: 400, height: 300, modulus: 241))))
        let outcome = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--presentation", "compact-leading", "--in-place", name],
                                        in: folder.url)
        #expect(outcome.status == 0, "\(outcome.error)")
        let info = try ImageProbe.probe(path: folder.path(name))
        #expect((info.width, info.height) == (146, 110))
        #expect(FileTree.entries(of: folder.url.path, includingHidden: true) == [name])
    }

    @Test func aLinkThatLeadsToItselfIsReportedAsSuchNotAsMissing() throws {
        let folder = try TemporaryDirectory()
        #expect(symlink("loop@3x.png", folder.path("loop@3x.png")) == 0)
        let message = "loop@3x.png could not be read: Too many levels of symbolic links (errno 40)."
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "loop@3x.png"], in: folder.url)
        #expect(check.status == 2 && check.output.contains("loop@3x.png:1:1: error: \(message) [unreadable]\n"))
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--dry-run", "loop@3x.png"], in: folder.url)
        #expect(fit.status == 1 && fit.error.hasPrefix("Error: \(message)\n"))
    }

    @Test func fitReportsACatalogWhoseContentsIsNotJSON() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/Contents.json", Array("not json".utf8))
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--dry-run", "A.xcassets"], in: folder.url)
        #expect(fit.status == 1)
        #expect(fit.error.hasPrefix("Error: A.xcassets/Logo.imageset/Contents.json is not a valid image set description at line 1, column 2:"))
    }
}
