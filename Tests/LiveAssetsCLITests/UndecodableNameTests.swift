import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum NonUTF8Names {
    /// Whether the temporary folder's file system stores a name that is not valid UTF-8.
    static let areStored: Bool = {
        guard let folder = try? TemporaryDirectory() else { return false }
        return UndecodableNameTests.make([0xFF], in: folder)
    }()
}

/// Names that are not valid UTF-8 cannot be opened through a String path: a folder with such a name
/// is an error finding (its images are unknown, so a check is never clean and fit exits 1 without
/// touching them), as is an image with one, in a folder or in an image set.
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
    static let hidden = badFolder + Array("/big@3x.png".utf8)
    static let folderMessage =
        "in/bad\u{FFFD} is a folder whose name is not valid UTF-8 (shown with \u{FFFD}), which LiveAssets cannot open, so the images in it are not checked; rename it."

    /// "in/fine@3x.png", which fits, and "in/bad\xFF/big@3x.png", which does not.
    static func tree() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("in/fine@3x.png", ImageBytes.png(width: 30, height: 30))
        #expect(make(badFolder, in: folder))
        #expect(make(hidden, in: folder, contents: ImageBytes.png(width: 900, height: 900)))
        return folder
    }

    @Test func checkReportsAFolderWhoseNameIsNotUTF8AsAnError() throws {
        let folder = try Self.tree()
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "in"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == "in/bad\u{FFFD}:1:1: error: \(Self.folderMessage) [unreadable]\n")
        #expect(check.error == "")
    }

    @Test func infoReportsAFolderWhoseNameIsNotUTF8() throws {
        let folder = try Self.tree()
        let info = try CLIRunner.run(["info", "in"], in: folder.url)
        #expect(info.status == 1)
        #expect(info.error == "Error: \(Self.folderMessage)\n")
        let json = try CLIRunner.run(["info", "--json", "in"], in: folder.url)
        #expect(json.status == 1)
        #expect(json.output.contains(#""code": "undecodable-name","#))
        #expect(json.output.contains(#""message": "\#(Self.folderMessage)""#))
    }

    @Test func fitFailsOnAFolderWhoseNameIsNotUTF8AndLeavesItsImagesAlone() throws {
        let folder = try Self.tree()
        let before = try #require(Self.contents(of: Self.hidden, in: folder))
        let fine = try Data(contentsOf: folder.url.appendingPathComponent("in/fine@3x.png"))
        let fit = try CLIRunner.run(["fit", "--devices", "iphone-430x932", "--in-place", "in"], in: folder.url)
        #expect(fit.status == 1)
        #expect(fit.error.hasPrefix("Error: \(Self.folderMessage)\n"))
        #expect(Self.contents(of: Self.hidden, in: folder) == before)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("in/fine@3x.png")) == fine)
        #expect(FileTree.entries(of: folder.path("in"), includingHidden: true) == ["fine@3x.png"])
    }

    @Test func anImageWhoseNameIsNotUTF8InAnImageSetIsReported() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/a.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        #expect(Self.make(Array("A.xcassets/Logo.imageset/b".utf8) + [0xC3, 0x28] + Array(".png".utf8), in: folder,
                          contents: ImageBytes.png(width: 900, height: 900)))
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        let path = "A.xcassets/Logo.imageset/b\u{FFFD}(.png"
        #expect(check.output == "\(path):1:1: error: \(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which LiveAssets cannot open; rename it. [unreadable]\n")
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
