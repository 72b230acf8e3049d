import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

enum NonUTF8Names {
    /// Whether the temporary folder's file system stores a name that is not valid UTF-8.
    static let areStored: Bool = {
        guard let folder = try? TemporaryDirectory() else { return false }
        return UndecodableNameTests.make([0xFF], in: folder)
    }()
}

/// Names that are not valid UTF-8 are read like any other (the path keeps their bytes) and said, as a
/// warning, so that they get renamed; what is shown has U+FFFD for the bad bytes. fit writes nothing
/// under such a name: it says so and exits 1, fitting the rest. A valid name holding a character that
/// stands for a raw byte (U+10FF80...U+10FFFF) cannot be told apart, so it is not read: an error.
@Suite(.enabled(if: NonUTF8Names.areStored, "skipped: this file system refuses names that are not UTF-8 (APFS does)"))
struct UndecodableNameTests {
    /// Makes `relative` (raw bytes, below `folder`) as a folder, or as a file holding `contents`.
    @discardableResult
    static func make(_ relative: [UInt8], in folder: TemporaryDirectory, contents: [UInt8]? = nil) -> Bool {
        var path = Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + relative + [0]
        return path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { name -> Bool in
                guard let contents else { return mkdir(name.baseAddress!, 0o755) == 0 }
                let descriptor = open(name.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { return false }
                defer { close(descriptor) }
                return contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == contents.count
            }
        }
    }

    /// The bytes of the file at `relative` (raw bytes, below `folder`).
    static func contents(of relative: [UInt8], in folder: TemporaryDirectory) -> [UInt8]? {
        var path = Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + relative + [0]
        let descriptor = path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count >= 0 ? Array(bytes.prefix(count)) : nil
    }

    static let badFolder = Array("in/bad".utf8) + [0xFF]
    static let big = badFolder + Array("/big@3x.png".utf8)
    static let small = badFolder + Array("/small@3x.png".utf8)
    static let folderWarning =
        "in/bad\u{FFFD}:1:1: warning: in/bad\u{FFFD} is a folder whose name is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; its images are checked, but rename it. [undecodable-name]\n"
    static let oversized =
        "in/bad\u{FFFD}/big@3x.png:1:1: error: big@3x.png (900x900 px, @3x) is too large for Lock Screen; tightest: Lock Screen on iPhone 14 Pro Max, 1224x480 px; fit it to at most 480x480 px. [oversized]\n"
    static let fitError = "Error: in/bad\u{FFFD} has a name that is not valid UTF-8 (shown with \u{FFFD}), so fit writes nothing under it; rename it.\n"

    /// The lines of `text` that are errors, each with its newline (fit's summary line is not one).
    static func errorLines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("Error: ") }.map { $0 + "\n" }
    }

    /// "in/fine@3x.png", which fits; "in/bad\xFF/" with "big@3x.png", which does not, and, when asked,
    /// "small@3x.png", which fits.
    static func tree(withBig: Bool = true, withSmall: Bool = false) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", ImageBytes.png(width: 30, height: 30))
        #expect(make(badFolder, in: folder))
        if withBig { #expect(make(big, in: folder, contents: ImageBytes.png(width: 900, height: 900))) }
        if withSmall { #expect(make(small, in: folder, contents: ImageBytes.png(width: 30, height: 30))) }
        return folder
    }

    @Test func checkReadsTheImagesInAFolderWhoseNameIsNotUTF8AndReportsTheName() throws {
        let folder = try Self.tree(withSmall: true)
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == Self.folderWarning + Self.oversized)
        #expect(check.diagnostics == "")
    }

    @Test func aFittingImageInAFolderWhoseNameIsNotUTF8IsCheckedAndTheNameStillReported() throws {
        let folder = try Self.tree(withBig: false, withSmall: true)
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.output == Self.folderWarning)
        let strict = try CLIRunner.run(["check", "--strict", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(strict.status == 3)
    }

    @Test func checkReadsAnImageWhoseNameIsNotUTF8() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", ImageBytes.png(width: 30, height: 30))
        #expect(Self.make(Array("in/b".utf8) + [0xC3, 0x28] + Array("@3x.png".utf8), in: folder,
                          contents: ImageBytes.png(width: 900, height: 900)))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == """
            in/b\u{FFFD}(@3x.png:1:1: error: b\u{FFFD}(@3x.png (900x900 px, @3x) is too large for Lock Screen; tightest: Lock Screen on iPhone 14 Pro Max, 1224x480 px; fit it to at most 480x480 px. [oversized]
            in/b\u{FFFD}(@3x.png:1:1: warning: in/b\u{FFFD}(@3x.png has a name that is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; it is checked, but rename it. [undecodable-name]

            """)
    }

    @Test func reportsShowTheBadBytesAsU_FFFDAndSARIFKeepsThem() throws {
        let folder = try Self.tree()
        let json = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--format", "json", "in"], in: folder.url)
        #expect(json.output.contains(#""path": "in/bad\#u{FFFD}/big@3x.png","#))
        // A URI is bytes: the name's own byte, percent-encoded.
        let sarif = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--format", "sarif", "in"], in: folder.url)
        #expect(sarif.output.contains(#""uri": "in/bad%FF/big@3x.png""#))
        let summary = folder.url.appendingPathComponent("summary.md")
        let github = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--format", "github", "in"], in: folder.url,
                                       environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(github.output.hasPrefix("::error file=in/bad\u{FFFD}/big@3x.png,"))
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.contains(#"in/bad\#u{FFFD}/big\@3x\.png"#))
        for text in [json.output, sarif.output, github.output, written] {
            #expect(!text.unicodeScalars.contains { $0.value >= 0x10FF80 })
        }
    }

    @Test func infoListsTheImagesInAFolderWhoseNameIsNotUTF8() throws {
        let folder = try Self.tree(withSmall: true)
        let warning = "in/bad\u{FFFD} is a folder whose name is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; its images are checked, but rename it."
        let info = try CLIRunner.run(["info", "in"], in: folder.url)
        #expect(info.status == 0)
        let lines = info.output.split(separator: "\n").map { $0.prefix(while: { $0 != "," }) }
        #expect(lines == ["in/bad\u{FFFD}/big@3x.png: PNG 900x900", "in/bad\u{FFFD}/small@3x.png: PNG 30x30", "in/fine@3x.png: PNG 30x30"])
        #expect(info.error == "Warning: \(warning)\n")
        let json = try CLIRunner.run(["info", "--json", "in"], in: folder.url)
        #expect(json.status == 0)
        #expect(json.output.contains(#""path": "in/bad\#u{FFFD}/big@3x.png","#))
        #expect(json.output.contains(#""warning": {"#))
        #expect(json.output.contains(#""code": "undecodable-name","#))
        #expect(json.output.contains(#""message": "\#(warning)""#))
    }

    @Test func fitInPlaceWritesNothingUnderANameThatIsNotUTF8AndFitsTheRest() throws {
        let folder = try Self.tree()
        try folder.write("in/other@3x.png", ImageBytes.png(width: 900, height: 900))
        let before = try #require(Self.contents(of: Self.big, in: folder))
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--in-place", "in"], in: folder.url)
        #expect(fit.status == 1)
        #expect(Self.errorLines(fit.error) == [Self.fitError])
        #expect(fit.output.hasPrefix("in/other@3x.png: 900x900 -> 480x480 px"))
        #expect(!fit.output.contains("bad"))
        #expect(Self.contents(of: Self.big, in: folder) == before)
        #expect(try ImageProbe.probe(path: folder.path("in/other@3x.png")).width == 480)
        #expect(FileTree.entries(of: folder.path("in"), includingHidden: true).count == 3)
        #expect(FileTree.entries(of: folder.path("in") + "/bad" + String(fileSystemBytes: [0xFF]), includingHidden: true)
            == ["big@3x.png"])
    }

    @Test func fitOutWritesNothingUnderANameThatIsNotUTF8AndFitsTheRest() throws {
        let folder = try Self.tree()
        try folder.write("in/other@3x.png", ImageBytes.png(width: 900, height: 900))
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--out", "out", "in"], in: folder.url)
        #expect(fit.status == 1)
        #expect(Self.errorLines(fit.error) == [Self.fitError])
        #expect(!fit.output.contains("bad"))
        var written: [String] = []
        FileTree.walk(folder.path("out")) { entry in
            switch entry {
            case .file(let path), .undecodableName(let path, _), .reservedName(let path, _): written.append(path)
            case .directory, .unlistable, .linkedFolder: break
            }
            return true
        }
        #expect(written == [folder.path("out/in/other@3x.png")])
    }

    @Test func fitDryRunSaysItWouldWriteNothingUnderANameThatIsNotUTF8() throws {
        let folder = try Self.tree()
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--dry-run", "in"], in: folder.url)
        #expect(fit.status == 1)
        #expect(fit.error == Self.fitError + "0 would be fitted, 1 already fitting, 1 failed\n")
        #expect(fit.output == "")
    }

    @Test func anImageWhoseNameIsNotUTF8InAnImageSetIsReported() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/a.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        #expect(Self.make(Array("A.xcassets/Logo.imageset/b".utf8) + [0xC3, 0x28] + Array(".png".utf8), in: folder,
                          contents: ImageBytes.png(width: 900, height: 900)))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "A.xcassets"], in: folder.url)
        #expect(check.status == 0)
        let path = "A.xcassets/Logo.imageset/b\u{FFFD}(.png"
        #expect(check.output == "\(path):1:1: warning: \(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which the image set's Contents.json cannot list, so Xcode ignores it; rename it or delete it. [undecodable-name]\n")
    }

    @Test func anImageSetWhoseNameIsNotUTF8IsRead() throws {
        let folder = try TemporaryDirectory()
        let set = Array("A.xcassets/L".utf8) + [0xFF] + Array(".imageset".utf8)
        #expect(Self.make(Array("A.xcassets".utf8), in: folder) && Self.make(set, in: folder))
        #expect(Self.make(set + Array("/a.png".utf8), in: folder, contents: ImageBytes.png(width: 900, height: 900)))
        #expect(Self.make(set + Array("/Contents.json".utf8), in: folder,
                          contents: Array(#"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "3x"}]}"#.utf8)))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        let path = "A.xcassets/L\u{FFFD}.imageset"
        #expect(check.output.contains("\(path):1:1: warning: \(path) is a folder whose name is not valid UTF-8"))
        #expect(check.output.contains("\(path)/Contents.json:1:14: error: a.png (900x900 px"))
    }

    @Test func aNameHoldingACharacterKeptForRawBytesIsNotReadAndIsAnError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", ImageBytes.png(width: 30, height: 30))
        // U+10FFFF is what "\xFF" is held as: "x\u{10FFFF}" and "x\xFF" cannot be told apart.
        try folder.write("in/x\u{10FFFF}@3x.png", ImageBytes.png(width: 30, height: 30))
        #expect(Self.make(Array("in/x".utf8) + [0xFF] + Array("@3x.png".utf8), in: folder, contents: [1, 2, 3]))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.contains(
            "in/x\u{FFFD}@3x.png:1:1: error: in/x\u{FFFD}@3x.png has a name with a character between U+10FF80 and U+10FFFF, which LiveAssets keeps for bytes that are not UTF-8 and so cannot open; rename it. [unreadable]\n"))
        // The raw-byte file is the one read (and found not to be an image), never the other.
        #expect(check.output.contains("in/x\u{FFFD}@3x.png:1:1: warning: in/x\u{FFFD}@3x.png has a name that is not valid UTF-8"))
    }

    /// Runs the binary through sh with `arguments`, a shell word list in which `$B` is the byte 0xFF
    /// (Process cannot pass an argument that is not UTF-8).
    static func runWithRawBytes(_ arguments: String, in folder: TemporaryDirectory) throws -> CLIRunner.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"B=$(printf '\377'); exec "$0" "# + arguments, CLIRunner.executable.path]
        process.currentDirectoryURL = folder.url
        return try CLIRunner.outcome(of: process)
    }

    @Test func aPathGivenWithBytesThatAreNotUTF8IsReadAndSaid() throws {
        let folder = try Self.tree()
        let check = try Self.runWithRawBytes(#"check --devices iphone-430x932 "in/bad$B/big@3x.png""#, in: folder)
        #expect(check.status == 2)
        #expect(check.output == Self.oversized + """
            in/bad\u{FFFD}/big@3x.png:1:1: warning: in/bad\u{FFFD}/big@3x.png has a name that is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; it is checked, but rename it. [undecodable-name]

            """)
        let before = try #require(Self.contents(of: Self.big, in: folder))
        let fit = try Self.runWithRawBytes(#"fit --devices iphone-430x932 --in-place "in/bad$B""#, in: folder)
        #expect(fit.status == 1)
        #expect(Self.errorLines(fit.error) == [Self.fitError])
        #expect(Self.contents(of: Self.big, in: folder) == before)
    }

    @Test func fitOutIntoAFolderWhoseNameIsNotUTF8WritesNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/big@3x.png", ImageBytes.png(width: 900, height: 900))
        let fit = try Self.runWithRawBytes(#"fit --devices iphone-430x932 --out "o$B" in"#, in: folder)
        #expect(fit.status == 1)
        #expect(Self.errorLines(fit.error) == [
            "Error: o\u{FFFD}/in/big@3x.png could not be written (its folder o\u{FFFD}/in holds a name that is not valid UTF-8 (shown with \u{FFFD}), and LiveAssets writes nothing under such a name; rename it); the original is untouched.\n",
        ])
        #expect(FileTree.entries(of: folder.path("."), includingHidden: true) == ["in"])
    }

    @Test func aFileWhoseNameIsNotUTF8AndNotAnImageNameIsSkipped() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", ImageBytes.png(width: 30, height: 30))
        #expect(Self.make(Array("in/notes".utf8) + [0xFF] + Array(".txt".utf8), in: folder, contents: [1]))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.output == "")
    }
}
