import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// `fit --in-place` on a tree a pull request may have shaped: it writes only what it was asked to write,
/// never through a link it finds, never over a file it did not create, never a file that changed under
/// it, and takes Contents.json's lock to edit it.
@Suite struct FitOwnershipTests {
    static let options = ["--devices", "iphone", "--presentation", "minimal"]

    /// Contents.json as Xcode writes it, with (filename, scale, appearance) entries.
    static func contents(_ entries: [(String, String, String?)]) -> [UInt8] {
        let images = entries.map { file, scale, appearance in
            let appearances = appearance.map { #""appearances" : [ { "appearance" : "luminosity", "value" : "\#($0)" } ],\#n      "# } ?? ""
            return "    {\n      \(appearances)\"filename\" : \"\(file)\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"\(scale)\"\n    }"
        }
        return Array(("{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n").utf8)
    }

    static let big = ImageBytes.png(width: 900, height: 900)

    func link(_ target: String, at path: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.path(path), withDestinationPath: target)
    }

    func fit(_ arguments: [String], in folder: TemporaryDirectory) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["fit", "--in-place"] + Self.options + arguments, in: folder.url)
    }

    @Test func anImageSetFileThatIsALinkOutsideIsRefusedAndTheFileOutsideKept() throws {
        let folder = try TemporaryDirectory()
        try folder.write("outside/secret.png", Self.big)
        try folder.write("repo/A.xcassets/Logo.imageset/Contents.json", Self.contents([("logo@3x.png", "3x", nil)]))
        try link("../../../outside/secret.png", at: "repo/A.xcassets/Logo.imageset/logo@3x.png", in: folder)
        let outcome = try fit(["--backup", "repo/A.xcassets"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("Error: repo/A.xcassets/Logo.imageset/logo@3x.png could not be written (it is a symbolic link, and fit writes through no link it finds in a folder or catalog"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("outside/secret.png")) == Data(Self.big))
        #expect(!FileManager.default.fileExists(atPath: folder.path("outside/secret.png.orig")))
        // The link is still a link to it.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("repo/A.xcassets/Logo.imageset/logo@3x.png"))
            == "../../../outside/secret.png")
    }

    @Test func aNewVariantNeverTakesAnExistingNameALinkOrAListedOne() throws {
        let folder = try TemporaryDirectory()
        try folder.write("home/.bashrc", Array("echo hi\n".utf8))
        // A link named as the variant fit would add.
        try folder.write("A.xcassets/Icon.imageset/icon@3x.png", Self.big)
        try folder.write("A.xcassets/Icon.imageset/Contents.json", Self.contents([("icon@3x.png", "3x", nil)]))
        try link("../../home/.bashrc", at: "A.xcassets/Icon.imageset/icon@2x.png", in: folder)
        // The user's own unlisted file of that name.
        try folder.write("A.xcassets/Mine.imageset/mine@3x.png", Self.big)
        try folder.write("A.xcassets/Mine.imageset/mine@2x.png", Array("the user's".utf8))
        try folder.write("A.xcassets/Mine.imageset/Contents.json", Self.contents([("mine@3x.png", "3x", nil)]))
        // A 3x entry named as the 2x would be: its own source.
        try folder.write("A.xcassets/Own.imageset/own@2x.png", Self.big)
        try folder.write("A.xcassets/Own.imageset/Contents.json", Self.contents([("own@2x.png", "3x", nil)]))
        // Light and dark: the dark 2x must not take the light 2x's name.
        try folder.write("A.xcassets/Mode.imageset/mode@3x.png", ImageBytes.png(width: 90, height: 90))
        try folder.write("A.xcassets/Mode.imageset/mode@2x.png", ImageBytes.png(width: 60, height: 60))
        try folder.write("A.xcassets/Mode.imageset/dark/x", [])  // a folder holds nothing fit reads
        try folder.write("A.xcassets/Mode.imageset/mode-dark.png", Self.big)
        try folder.write("A.xcassets/Mode.imageset/Contents.json",
                         Self.contents([("mode@2x.png", "2x", nil), ("mode@3x.png", "3x", nil), ("mode@3x~dark.png", "3x", "dark")]))
        try FileManager.default.moveItem(atPath: folder.path("A.xcassets/Mode.imageset/mode-dark.png"),
                                         toPath: folder.path("A.xcassets/Mode.imageset/mode@3x~dark.png"))
        try folder.write("A.xcassets/Mode.imageset/mode@2x~dark.png", Array("taken".utf8))  // unlisted, the dark 2x's first name

        let outcome = try fit(["A.xcassets"], in: folder)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("""
            A.xcassets/Icon.imageset/Contents.json: added icon-any@2x.png (73x73 px, from the @3x)
            """))
        #expect(outcome.output.contains("A.xcassets/Mine.imageset/Contents.json: added mine-any@2x.png"))
        #expect(outcome.output.contains("A.xcassets/Own.imageset/Contents.json: added own-any@2x.png"))
        #expect(outcome.output.contains("A.xcassets/Mode.imageset/Contents.json: added mode-dark@2x~dark.png"))
        #expect(try String(contentsOfFile: folder.path("home/.bashrc"), encoding: .utf8) == "echo hi\n")
        #expect(try String(contentsOfFile: folder.path("A.xcassets/Mine.imageset/mine@2x.png"), encoding: .utf8) == "the user's")
        #expect(try String(contentsOfFile: folder.path("A.xcassets/Mode.imageset/mode@2x~dark.png"), encoding: .utf8) == "taken")
        #expect(try ImageProbe.probe(path: folder.path("A.xcassets/Mode.imageset/mode@2x.png")).width == 60)
        let check = try CLIRunner.run(["check"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(!check.output.contains("error:"), "\(check.output)")
    }

    @Test func twoRunsAtOnceListEachNewVariantOnce() throws {
        for round in 0..<4 {
            let folder = try TemporaryDirectory()
            for name in ["a", "b", "c", "d", "e", "f"] {
                try folder.write("A.xcassets/\(name).imageset/\(name)@3x.png", Self.big)
                try folder.write("A.xcassets/\(name).imageset/Contents.json", Self.contents([("\(name)@3x.png", "3x", nil)]))
            }
            let runs = (0..<2).map { _ in CLIRunner.process(["fit", "--in-place"] + Self.options + ["A.xcassets"], in: folder.url) }
            for run in runs {
                run.standardOutput = FileHandle.nullDevice
                run.standardError = FileHandle.nullDevice
                try run.run()
            }
            for run in runs { run.waitUntilExit() }
            #expect(runs.allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
            for name in ["a", "b", "c", "d", "e", "f"] {
                let entries = try ImageSetContents.entries(Array(Data(contentsOf: folder.url.appendingPathComponent("A.xcassets/\(name).imageset/Contents.json"))))
                #expect(entries.filter { $0.scale == 2 }.count == 1, "round \(round), \(name): \(entries.map(\.filename))")
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("A.xcassets/\(name).imageset"))
                #expect(files.filter { $0.hasSuffix("@2x.png") }.count == 1, "round \(round), \(name): \(files)")
            }
        }
    }

    @Test func aFileThatChangedSinceItWasReadIsLeftAsItIs() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("logo.png", Self.big)
        let identity = try #require(FileIdentity(path: path))
        // Replaced by another picture (`mv`) while fit worked on the first.
        let replacement = ImageBytes.png(width: 800, height: 800)
        try folder.write("new.png", replacement)
        #expect(rename(folder.path("new.png"), path) == 0)
        #expect(throws: FitError.write(file: path, reason: "it changed while fit was working on it: it was replaced or written to, and is left as it now is; run fit again to fit it")) {
            try AtomicFile.write(Data([1, 2, 3]), to: path, unchangedSince: identity)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(replacement))
        #expect(throws: FitError.self) { try AtomicFile.write(Data([1, 2, 3]), to: path, backup: true, unchangedSince: identity) }
        #expect(!FileManager.default.fileExists(atPath: path + ".orig"))  // no backup of a file it did not replace
        // Written to in place: the same inode, another size and time.
        let again = try #require(FileIdentity(path: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(throws: FitError.self) { try AtomicFile.write(Data([1, 2, 3]), to: path, unchangedSince: again) }
        // Unchanged: written.
        let now = try #require(FileIdentity(path: path))
        try AtomicFile.write(Data([1, 2, 3]), to: path, unchangedSince: now)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    }

    @Test func aNewFileIsNeverWrittenOverWhatAppearedAtItsName() throws {
        let folder = try TemporaryDirectory()
        try folder.write("outside", Array("kept".utf8))
        try link("outside", at: "taken.png", in: folder)
        #expect(throws: FitError.self) { try AtomicFile.create(Data([1]), at: folder.path("taken.png")) }
        #expect(try String(contentsOfFile: folder.path("outside"), encoding: .utf8) == "kept")
        try AtomicFile.create(Data([7]), at: folder.path("free.png"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("free.png")) == Data([7]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path(".")).sorted() == ["free.png", "outside", "taken.png"])
    }

    @Test func oneFileInTwoImageSetsIsFittedToTheTighterAndCheckThenPasses() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Wide.imageset/logo@3x.png", ImageBytes.png(width: 900, height: 300))
        try folder.write("A.xcassets/Wide.imageset/Contents.json", Self.contents([("logo@3x.png", "3x", nil)]))
        try folder.write("A.xcassets/Dot.imageset/Contents.json", Self.contents([("dot@3x.png", "3x", nil)]))
        try link("../Wide.imageset/logo@3x.png", at: "A.xcassets/Dot.imageset/dot@3x.png", in: folder)
        let configuration = #"{"presentations": {"Wide.imageset": ["lock-screen"], "Dot.imageset": ["minimal"]}}"#
        try folder.write(".liveassets.json", Array(configuration.utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place", "--devices", "iphone", "A.xcassets"], in: folder.url)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("A.xcassets/Wide.imageset/logo@3x.png: 900x300 -> 135x45 px"))
        let check = try CLIRunner.run(["check", "--devices", "iphone", "A.xcassets"], in: folder.url)
        #expect(!check.output.contains("oversized"), "\(check.output)")
        #expect(FileTree.isLink(folder.path("A.xcassets/Dot.imageset/dot@3x.png")))
    }
}

/// `check` warns about an image set's file that is a link leading out of the tree it was given.
@Suite struct LinkOutsideCheckTests {
    @Test func aLinkLeadingOutsideTheCatalogIsAWarningAndOneInsideIsNot() throws {
        let folder = try TemporaryDirectory()
        try folder.write("outside/secret.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/Contents.json", FitOwnershipTests.contents([("logo@3x.png", "3x", nil)]))
        try FileManager.default.createSymbolicLink(atPath: folder.path("A.xcassets/Logo.imageset/logo@3x.png"),
                                                   withDestinationPath: "../../outside/secret.png")
        // A link to a file inside the catalog is no warning; a link to a link that leads outside is.
        try folder.write("A.xcassets/Shared.imageset/Contents.json", FitOwnershipTests.contents([("s@3x.png", "3x", nil)]))
        try folder.write("A.xcassets/Shared.imageset/s@3x.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Dot.imageset/Contents.json", FitOwnershipTests.contents([("dot@3x.png", "3x", nil)]))
        try FileManager.default.createSymbolicLink(atPath: folder.path("A.xcassets/Dot.imageset/dot@3x.png"),
                                                   withDestinationPath: "../Shared.imageset/s@3x.png")
        let check = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--presentation", "minimal", "A.xcassets"], in: folder.url)
        #expect(check.output == """
            A.xcassets/Logo.imageset/logo@3x.png:1:1: warning: A.xcassets/Logo.imageset/logo@3x.png is a symbolic link leading outside A.xcassets, so the app ships a file from elsewhere; replace the link with the file itself. [catalog-link-outside]

            """)
        #expect(check.status == 0)
    }
}

/// What a review of the change found, each held by a test.
@Suite struct FitOwnershipReviewTests {
    @Test func anAppearanceValueWithASlashNeverMakesANameOutsideTheImageSet() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/logo@3x~x.png", FitOwnershipTests.big)
        try folder.write("A.xcassets/Logo.imageset/logo@2x~x.png", Array("taken".utf8))  // unlisted: the first name is taken
        try folder.write("A.xcassets/Logo.imageset/logo-d/keep", [])
        let contents = #"{"images":[{"appearances":[{"appearance":"luminosity","value":"d/pwn"}],"filename":"logo@3x~x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#
        try folder.write("A.xcassets/Logo.imageset/Contents.json", Array(contents.utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place"] + FitOwnershipTests.options + ["A.xcassets"], in: folder.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("A.xcassets/Logo.imageset/logo-d")) == ["keep"])
        #expect(!outcome.output.contains("/pwn"), "\(outcome.output)")
        #expect(outcome.output.contains("logo-d-pwn@2x~x.png") || outcome.status != 0, "\(outcome.output)\(outcome.error)")
    }

    @Test func eachAppearanceMissingAScaleIsSaidOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/dark@3x.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/Contents.json",
                         FitOwnershipTests.contents([("logo@3x.png", "3x", nil), ("dark@3x.png", "3x", "dark")]))
        let check = try CLIRunner.run(["check", "--devices", "iphone", "--presentation", "minimal", "A.xcassets"], in: folder.url)
        #expect(check.output.split(separator: "\n").filter { $0.contains("[missing-scale-variant]") }.count == 2, "\(check.output)")
    }
}
