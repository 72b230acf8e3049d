import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// A temporary folder with a working folder `w/` inside it, so that inputs can be named through "..",
/// by absolute paths and through links; `fit` runs in `w/`.
struct PathTree {
    let folder: TemporaryDirectory
    /// The folder's real path without its leading "/": how --out mirrors what lies outside `w/`.
    let mirror: String

    static let options = ["--devices", "iphone-430x932", "--presentation", "compact-leading"]

    init() throws {
        folder = try TemporaryDirectory()
        mirror = String(try #require(FileTree.realPath(folder.url.path)).dropFirst())
        try FileManager.default.createDirectory(atPath: folder.path("w"), withIntermediateDirectories: true)
    }

    /// Writes a colour JPEG of the given size (600x400 is fitted to 165x110, 500x400 to 137x110).
    func jpeg(_ name: String, _ width: Int, _ height: Int) throws {
        try folder.write(name, Array(try ImageEncoders.JPEG().encode(.pattern(width: width, height: height, layout: .rgb))))
    }

    func link(_ name: String, to destination: String) throws {
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path(name), withDestinationPath: destination)
    }

    func run(_ command: String, _ arguments: [String]) throws -> CLIRunner.Outcome {
        try CLIRunner.run([command] + Self.options + arguments, in: folder.url.appendingPathComponent("w"))
    }

    /// Every regular file below the folder (links not followed), by its path relative to the folder.
    func files() throws -> [String: Data] {
        var files: [String: Data] = [:]
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? folder.url.path : folder.path(relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let type = try FileManager.default.attributesOfItem(atPath: folder.path(child))[.type] as? FileAttributeType
                if type == .typeDirectory { try visit(child) }
                if type == .typeRegular { files[child] = try Data(contentsOf: URL(fileURLWithPath: folder.path(child))) }
            }
        }
        try visit("")
        return files
    }

    /// The line `fit` prints for a fitted 600x400 (or 500x400) JPEG.
    static func line(_ input: String, wide: Bool = true, before: Data?, after: Data?, in written: String? = nil) -> String {
        "\(input): \(wide ? "600x400 -> 165x110" : "500x400 -> 137x110") px (fits 187x110), "
            + "\(grouped(before?.count ?? -1)) -> \(grouped(after?.count ?? -1)) bytes" + (written.map { " in \($0)" } ?? "") + "\n"
    }

    static func grouped(_ number: Int) -> String { number.groupedDigits }
}

/// `fit --out` maps its inputs one to one: whatever the form of a path, its result goes to one place
/// of its own, never onto an input or another result; what cannot be placed so is refused first.
@Suite struct FitOutMirroringTests {
    @Test func anInputAboveTheWorkingFolderIsMirroredByItsRealPathNotOntoAnUnrelatedFile() throws {
        // From the issue: from w/, "fit --out . ../p/img.jpg" overwrote the unrelated w/p/img.jpg.
        let tree = try PathTree()
        try tree.jpeg("p/img.jpg", 600, 400)
        try tree.jpeg("w/p/img.jpg", 500, 400)
        let before = try tree.files()
        let outcome = try tree.run("fit", ["--out", ".", "../p/img.jpg"])
        let after = try tree.files()
        let result = "w/\(tree.mirror)/p/img.jpg"
        #expect(outcome.status == 0)
        #expect(outcome.output == PathTree.line("../p/img.jpg", before: before["p/img.jpg"], after: after[result],
                                                in: "./\(tree.mirror)/p/img.jpg"))
        #expect(outcome.error == "1 fitted, 0 already fitting, 0 failed; "
            + "\(PathTree.grouped(before["p/img.jpg"]!.count)) -> \(PathTree.grouped(after[result]?.count ?? 0)) bytes\n")
        for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
        #expect(Set(after.keys).subtracting(before.keys) == [result])
    }

    @Test func twoInputsOfTheSameRelativeNameGetAResultEach() throws {
        // From the issue: "fit --out ../out ../p/img.jpg p/img.jpg" wrote both to ../out/p/img.jpg.
        let tree = try PathTree()
        try tree.jpeg("p/img.jpg", 600, 400)
        try tree.jpeg("w/p/img.jpg", 500, 400)
        let before = try tree.files()
        let outcome = try tree.run("fit", ["--out", "../out", "../p/img.jpg", "p/img.jpg"])
        let after = try tree.files()
        let (outside, inside) = ("out/\(tree.mirror)/p/img.jpg", "out/p/img.jpg")
        #expect(outcome.status == 0)
        #expect(outcome.output == PathTree.line("../p/img.jpg", before: before["p/img.jpg"], after: after[outside], in: "../\(outside)")
            + PathTree.line("p/img.jpg", wide: false, before: before["w/p/img.jpg"], after: after[inside], in: "../\(inside)"))
        #expect(outcome.error.hasPrefix("2 fitted, 0 already fitting, 0 failed; "))
        for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
        #expect(Set(after.keys).subtracting(before.keys) == [outside, inside])
        #expect(try ImageProbe.probe(path: tree.folder.path(outside)).width == 165)
        #expect(try ImageProbe.probe(path: tree.folder.path(inside)).width == 137)
    }

    @Test func everyFormOfPathIsMirroredByWhereTheFileReallyIs() throws {
        let tree = try PathTree()
        try tree.jpeg("w/d/a.jpg", 600, 400)
        try tree.jpeg("w/d/b.jpg", 600, 400)
        try tree.jpeg("w/d/c.jpg", 600, 400)
        try tree.jpeg("p/img.jpg", 600, 400)
        try tree.jpeg("q/far.jpg", 600, 400)
        try tree.jpeg("r/folder.jpg", 600, 400)
        try FileManager.default.createDirectory(atPath: tree.folder.path("w/x"), withIntermediateDirectories: true)
        try tree.link("w/in/inner.jpg", to: "../d/a.jpg")        // a link inside leading inside: keeps its name
        try tree.link("w/in/outer.jpg", to: "../../p/img.jpg")   // a link inside leading out: its real path
        try tree.link("w/ext", to: "../q")                       // a linked folder leading out
        let before = try tree.files()
        let inputs = ["in/inner.jpg", "in/outer.jpg", "ext/far.jpg", "x/../d/b.jpg", tree.folder.path("w/d/c.jpg"), "../r"]
        let outcome = try tree.run("fit", ["--out", "out"] + inputs)
        let after = try tree.files()
        let results = ["out/in/inner.jpg", "out/\(tree.mirror)/p/img.jpg", "out/\(tree.mirror)/q/far.jpg", "out/d/b.jpg",
                       "out/d/c.jpg", "out/\(tree.mirror)/r/folder.jpg"]
        let sources = ["w/d/a.jpg", "p/img.jpg", "q/far.jpg", "w/d/b.jpg", "w/d/c.jpg", "r/folder.jpg"]
        #expect(outcome.status == 0, "\(outcome.error)")
        let found = ["in/inner.jpg", "in/outer.jpg", "ext/far.jpg", "x/../d/b.jpg", tree.folder.path("w/d/c.jpg"), "../r/folder.jpg"]
        #expect(outcome.output == (0..<6).map {
            PathTree.line(found[$0], before: before[sources[$0]], after: after["w/" + results[$0]], in: results[$0])
        }.joined())
        for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
        #expect(Set(after.keys).subtracting(before.keys) == Set(results.map { "w/" + $0 }))
    }

    @Test func aCatalogOutsideIsMirroredWithItsNewVariantAndItsContents() throws {
        let tree = try PathTree()
        let pixels = PixelBuffer.pattern(width: 1500, height: 600, layout: .rgb)
        try tree.folder.write("A.xcassets/Hero.imageset/hero@3x.jpg", Array(try ImageEncoders.JPEG().encode(pixels)))
        let contents = FitCatalogTests.contents.replacingOccurrences(of: "mark@3x.png", with: "hero@3x.jpg")
        try tree.folder.write("A.xcassets/Hero.imageset/Contents.json", Array(contents.utf8))
        let before = try tree.files()
        let outcome = try CLIRunner.run(["fit", "--devices", "iphone-430x932,iphone-414x896-2x", "--presentation", "lock-screen",
                                         "--out", "out", "../A.xcassets"], in: tree.folder.url.appendingPathComponent("w"))
        let after = try tree.files()
        let set = "out/\(tree.mirror)/A.xcassets/Hero.imageset"
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == "../A.xcassets/Hero.imageset/Contents.json: added hero@2x.jpg (784x313 px, from the @3x) for iphone-414x896-2x\n"
            + "../A.xcassets/Hero.imageset/hero@3x.jpg: 1500x600 -> 1200x480 px (fits 1224x480), "
            + "\(PathTree.grouped(before["A.xcassets/Hero.imageset/hero@3x.jpg"]!.count)) -> "
            + "\(PathTree.grouped(after["w/\(set)/hero@3x.jpg"]?.count ?? 0)) bytes in \(set)/hero@3x.jpg\n")
        for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
        #expect(Set(after.keys).subtracting(before.keys) == ["w/\(set)/hero@2x.jpg", "w/\(set)/hero@3x.jpg", "w/\(set)/Contents.json"])
        let mirrored = String(decoding: after["w/\(set)/Contents.json"] ?? Data(), as: UTF8.self)
        #expect(mirrored.contains("\"filename\" : \"hero@2x.jpg\""))
    }

    @Test func aResultThatWouldLandOnAnotherResultIsAUsageErrorNamingBoth() throws {
        let tree = try PathTree()
        try tree.jpeg("p/img.jpg", 600, 400)
        // Inside w/, the path ../p/img.jpg is mirrored to (its absolute path without the "/").
        try tree.jpeg("w/\(tree.mirror)/p/img.jpg", 500, 400)
        // Two places that are one through a link in the output folder.
        try tree.jpeg("w/x/a.jpg", 600, 400)
        try tree.jpeg("w/y/a.jpg", 500, 400)
        try FileManager.default.createDirectory(atPath: tree.folder.path("w/linked/x"), withIntermediateDirectories: true)
        try tree.link("w/linked/y", to: "x")
        let before = try tree.files()
        let linked = try tree.run("fit", ["--out", "linked", "x/a.jpg", "y/a.jpg"])
        #expect(linked.status == 64 && linked.output == "")
        #expect(linked.error.hasPrefix(
            "Error: --out linked would put both x/a.jpg and y/a.jpg at linked/y/a.jpg; fit them with separate --out folders\nUsage: liveassets fit "))
        let outcome = try tree.run("fit", ["--out", "o", "../p/img.jpg", "\(tree.mirror)/p/img.jpg"])
        #expect(outcome.status == 64)
        #expect(outcome.output == "")
        #expect(outcome.error.hasPrefix("Error: --out o would put both ../p/img.jpg and \(tree.mirror)/p/img.jpg at "
            + "o/\(tree.mirror)/p/img.jpg; fit them with separate --out folders\nUsage: liveassets fit "))
        #expect(try tree.files() == before)
        #expect(!FileManager.default.fileExists(atPath: tree.folder.path("w/o")))
    }

    @Test func aResultThatWouldLandOnAnInputIsAUsageErrorNamingBoth() throws {
        let tree = try PathTree()
        try tree.jpeg("w/a.jpg", 600, 400)
        try tree.jpeg("w/d/a.jpg", 500, 400)
        try tree.link("w/l.jpg", to: "d/b.jpg")
        try tree.jpeg("w/d/b.jpg", 600, 400)
        let before = try tree.files()
        let usage = "\nUsage: liveassets fit "
        // a.jpg goes to d/a.jpg, which is read as an input.
        let over = try tree.run("fit", ["--out", "d", "a.jpg", "d/a.jpg"])
        #expect(over.status == 64 && over.output == "")
        #expect(over.error.hasPrefix("Error: --out d would put the result of a.jpg over the input d/a.jpg; choose an --out folder that holds no input" + usage))
        // d/a.jpg goes to ./d/a.jpg: itself.
        let itself = try tree.run("fit", ["--out", ".", "d/a.jpg"])
        #expect(itself.status == 64 && itself.output == "")
        #expect(itself.error.hasPrefix("Error: --out . would put the result of d/a.jpg on the file itself; use --in-place to replace it, or choose another folder" + usage))
        // An output folder holding a link to an input: the link is not written through.
        try tree.link("w/o", to: ".")
        let through = try tree.run("fit", ["--out", "o", "a.jpg"])
        #expect(through.status == 64)
        #expect(through.error.hasPrefix("Error: --out o would put the result of a.jpg on the file itself; use --in-place to replace it, or choose another folder" + usage))
        #expect(try tree.files() == before)
    }

    @Test func aLinkInTheOutFolderThatLeadsOutsideIsNeverWrittenThrough() throws {
        let tree = try PathTree()
        try tree.jpeg("w/p/a.jpg", 600, 400)
        try tree.jpeg("w/q/b.jpg", 600, 400)
        try tree.jpeg("victim/b.jpg", 500, 400)
        // A folder on the way (out/p -> ../elsewhere, where fit would create a.jpg) and a file at the end
        // (out/q/b.jpg -> the unrelated ../victim/b.jpg).
        try FileManager.default.createDirectory(atPath: tree.folder.path("elsewhere"), withIntermediateDirectories: true)
        try tree.link("w/out/p", to: "../../elsewhere")
        try tree.link("w/out/q/b.jpg", to: "../../../victim/b.jpg")
        let before = try tree.files()
        let usage = "\nUsage: liveassets fit "
        let folder = try tree.run("fit", ["--out", "out", "p/a.jpg"])
        #expect(folder.status == 64 && folder.output == "")
        #expect(folder.error.hasPrefix("Error: --out out would put the result of p/a.jpg at /\(tree.mirror)/elsewhere/a.jpg, outside the folder, through a symbolic link in it; remove the link or choose another --out folder" + usage), "\(folder.error)")
        let file = try tree.run("fit", ["--out", "out", "q/b.jpg"])
        #expect(file.status == 64 && file.output == "")
        #expect(file.error.hasPrefix("Error: --out out would put the result of q/b.jpg at /\(tree.mirror)/victim/b.jpg, outside the folder, through a symbolic link in it; remove the link or choose another --out folder" + usage), "\(file.error)")
        #expect(try tree.files() == before)
        #expect(FileTree.entries(of: tree.folder.path("elsewhere"), includingHidden: true).isEmpty)
    }

    @Test func anOutFolderInsideAnInputFolderIsNotReadAsInput() throws {
        let tree = try PathTree()
        try tree.jpeg("w/imgs/a.jpg", 600, 400)
        let before = try tree.files()
        let first = try tree.run("fit", ["--out", "imgs/out", "imgs"])
        let written = try tree.files()
        let result = "w/imgs/out/imgs/a.jpg"
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output == PathTree.line("imgs/a.jpg", before: before["w/imgs/a.jpg"], after: written[result], in: "imgs/out/imgs/a.jpg"))
        // Again: the earlier result is neither an input nor refused as one; it is written again, alone.
        let second = try tree.run("fit", ["--out", "imgs/out", "imgs"])
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output == first.output && second.error == first.error)
        #expect(first.error.hasPrefix("1 fitted, 0 already fitting, 0 failed; "))
        let after = try tree.files()
        #expect(after == written)
        #expect(after["w/imgs/a.jpg"] == before["w/imgs/a.jpg"])
        #expect(Set(after.keys).subtracting(before.keys) == [result])
    }
}

/// One file named twice on a command line is one input: read, checked or fitted, and reported once.
@Suite struct SameFileNamedTwiceTests {
    @Test func aFileNamedTwiceIsFittedOnceAndReportedOnce() throws {
        let tree = try PathTree()
        try tree.jpeg("w/d/a.jpg", 600, 400)
        let before = try tree.files()
        // With --backup, a second fit of the file would find the backup taken by the first.
        let outcome = try tree.run("fit", ["--in-place", "--backup", "d/a.jpg", "d/./a.jpg"])
        let after = try tree.files()
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == PathTree.line("d/a.jpg", before: before["w/d/a.jpg"], after: after["w/d/a.jpg"]))
        #expect(outcome.error == "1 fitted, 0 already fitting, 0 failed; "
            + "\(PathTree.grouped(before["w/d/a.jpg"]!.count)) -> \(PathTree.grouped(after["w/d/a.jpg"]?.count ?? 0)) bytes\n")
        #expect(after["w/d/a.jpg.orig"] == before["w/d/a.jpg"])
        #expect(Set(after.keys) == ["w/d/a.jpg", "w/d/a.jpg.orig"])
    }

    @Test func everySpellingOfOneFileIsOneInputToCheckAndFit() throws {
        let tree = try PathTree()
        try tree.jpeg("w/d/a.jpg", 600, 400)
        try tree.link("w/l.jpg", to: "d/a.jpg")
        let spellings = ["d/a.jpg", "d/./a.jpg", "./d/a.jpg", "d//a.jpg", "../w/d/a.jpg", tree.folder.path("w/d/a.jpg"), "l.jpg", "d"]
        let check = try tree.run("check", spellings)
        #expect(check.status == 2)
        #expect(check.output.split(separator: "\n").count == 1)
        #expect(check.output.hasPrefix("d/a.jpg:1:1: error: a.jpg (600x400 px"))
        let fit = try tree.run("fit", ["--dry-run"] + spellings)
        #expect(fit.status == 0)
        #expect(fit.output == "d/a.jpg: 600x400 -> 165x110 px (fits 187x110)\n")
        #expect(fit.error == "1 would be fitted, 0 already fitting, 0 failed\n")
        // The folder first: its walk names the file first.
        let folderFirst = try tree.run("check", ["./d", "d/a.jpg"])
        #expect(folderFirst.output.split(separator: "\n").count == 1 && folderFirst.output.hasPrefix("./d/a.jpg:1:1: error: "))
    }

    @Test func aLinkBesideItsTargetInAFolderIsFittedOnce() throws {
        let tree = try PathTree()
        try tree.jpeg("w/d/a.jpg", 600, 400)
        try tree.link("w/d/b.jpg", to: "a.jpg")
        let before = try tree.files()
        let outcome = try tree.run("fit", ["--in-place", "--backup", "d"])
        let after = try tree.files()
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == PathTree.line("d/a.jpg", before: before["w/d/a.jpg"], after: after["w/d/a.jpg"]))
        #expect(outcome.error.hasPrefix("1 fitted, 0 already fitting, 0 failed; "))
        #expect(after["w/d/a.jpg.orig"] == before["w/d/a.jpg"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tree.folder.path("w/d/b.jpg")) == "a.jpg")
    }
}

/// `fit --in-place --backup` keeps what it replaces, and only that.
@Suite struct FitBackupTests {
    @Test func aNewScaleVariantIsMadeWithoutABackupAndTheReplacedFilesKeepTheirs() throws {
        let folder = try TemporaryDirectory()
        let hero = Array(try ImageEncoders.JPEG().encode(.pattern(width: 1500, height: 600, layout: .rgb)))
        let contents = FitCatalogTests.contents.replacingOccurrences(of: "mark@3x.png", with: "hero@3x.jpg")
        try folder.write("A.xcassets/Hero.imageset/hero@3x.jpg", hero)
        try folder.write("A.xcassets/Hero.imageset/Contents.json", Array(contents.utf8))
        let options = ["--devices", "iphone-430x932,iphone-414x896-2x", "--presentation", "lock-screen"]
        let fit = try CLIRunner.run(["fit", "--in-place", "--backup"] + options + ["A.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.output.hasPrefix("A.xcassets/Hero.imageset/Contents.json: added hero@2x.jpg (784x313 px, from the @3x) for iphone-414x896-2x\n"
            + "A.xcassets/Hero.imageset/hero@3x.jpg: 1500x600 -> 1200x480 px (fits 1224x480), "))
        #expect(fit.error.hasPrefix("1 fitted, 0 already fitting, 0 failed; ") && fit.error.hasSuffix("; 1 scale variant added\n"))
        #expect(FileTree.entries(of: folder.path("A.xcassets/Hero.imageset"), includingHidden: true)
            == ["Contents.json", "Contents.json.orig", "hero@2x.jpg", "hero@3x.jpg", "hero@3x.jpg.orig"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("A.xcassets/Hero.imageset/hero@3x.jpg.orig"))) == Data(hero))
        #expect(try String(contentsOfFile: folder.path("A.xcassets/Hero.imageset/Contents.json.orig"), encoding: .utf8) == contents)
    }

    @Test func twoNewVariantsInOneImageSetKeepTheOriginalContentsOnce() throws {
        let folder = try TemporaryDirectory()
        // Laid out as Xcode writes it (the only layout fit edits).
        let contents = """
            {
              "images" : [
                {
                  "filename" : "hero@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                },
                {
                  "idiom" : "universal",
                  "scale" : "2x"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "filename" : "dark@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "idiom" : "universal",
                  "scale" : "2x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        let image = Array(try ImageEncoders.PNG().encode(.pattern(width: 300, height: 150)))
        try folder.write("A.xcassets/Hero.imageset/hero@3x.png", image)
        try folder.write("A.xcassets/Hero.imageset/dark@3x.png", image)
        try folder.write("A.xcassets/Hero.imageset/Contents.json", Array(contents.utf8))
        let options = ["--devices", "iphone-430x932,iphone-414x896-2x", "--presentation", "lock-screen"]
        let fit = try CLIRunner.run(["fit", "--in-place", "--backup"] + options + ["A.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.error == "0 fitted, 2 already fitting, 0 failed; 2 scale variants added\n")
        #expect(try String(contentsOfFile: folder.path("A.xcassets/Hero.imageset/Contents.json.orig"), encoding: .utf8) == contents)
        #expect(FileTree.entries(of: folder.path("A.xcassets/Hero.imageset"), includingHidden: true).filter { $0.hasSuffix(".orig") }
            == ["Contents.json.orig"])
    }
}
