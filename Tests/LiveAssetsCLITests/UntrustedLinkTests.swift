import Foundation
import LiveAssetsTestSupport
import Testing

/// What a repository's links and configuration can make a run read: configured sources only inside the
/// repository, a linked catalog inside it checked once and one leading outside named, and every byte
/// of Swift code counted against one budget, each file read once whatever number of links lead to it.
@Suite struct UntrustedLinkTests {
    func link(_ target: String, at path: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: (folder.path(path) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path(path), withDestinationPath: target)
    }

    static let contents = Array(#"{"images": [{"filename": "logo@3x.png", "idiom": "universal", "scale": "3x"}], "info": {"author": "xcode", "version": 1}}"#.utf8)

    static func summary(_ json: String) throws -> [String: Any] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(report["summary"] as? [String: Any])
    }

    // MARK: Configured sources

    @Test func aConfigurationNamingTheRootAsSourcesIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/logo.png", ImageBytes.png(width: 10, height: 10))
        try folder.write("repo/.liveassets.json", Array(#"{"sources": ["/"]}"#.utf8))
        let outcome = try CLIRunner.run(["check", "repo"], in: folder.url)
        #expect(outcome.status == 1)
        let repository = try #require(FileManager.default.destinationOfSymbolicLinkOrSelf(folder.path("repo")))
        #expect(outcome.error == "Error: \(repository)/.liveassets.json names \"/\" in \"sources\", which is /, outside the repository \(repository); a configuration may only name sources inside it, so move the code there or give it with --sources.\n")
        // The command line may name any path.
        try folder.write("repo/.liveassets.json", Array("{}".utf8))
        #expect(try CLIRunner.run(["check", "--sources", folder.path("repo"), "repo"], in: folder.url).status == 0)
    }

    @Test func aConfiguredSourceThroughALinkLeadingOutsideIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write("elsewhere/Activity.swift", Array(#"ActivityConfiguration(for: A.self) { _ in Image("logo") }"#.utf8))
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/W/logo.png", ImageBytes.png(width: 10, height: 10))
        try link("../../elsewhere", at: "repo/W/Code", in: folder)
        try folder.write("repo/W/.liveassets.json", Array(#"{"sources": ["Code"]}"#.utf8))
        let outcome = try CLIRunner.run(["check", "repo/W"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error.hasSuffix("names \"Code\" in \"sources\", which is \(try #require(FileManager.default.destinationOfSymbolicLinkOrSelf(folder.path("elsewhere")))), outside the repository \(try #require(FileManager.default.destinationOfSymbolicLinkOrSelf(folder.path("repo")))); a configuration may only name sources inside it, so move the code there or give it with --sources.\n"))
        // Inside the repository, the same link is read.
        try FileManager.default.moveItem(atPath: folder.path("elsewhere"), toPath: folder.path("repo/elsewhere"))
        try FileManager.default.removeItem(atPath: folder.path("repo/W/Code"))
        try link("../elsewhere", at: "repo/W/Code", in: folder)
        #expect(try CLIRunner.run(["check", "repo/W"], in: folder.url).status == 0)
    }

    @Test func aSwiftFileLinkingOutsideTheRepositoryIsNotRead() throws {
        let folder = try TemporaryDirectory()
        try folder.write("elsewhere/Activity.swift", Array(#"ActivityConfiguration(for: A.self) { _ in Image("logo") }"#.utf8))
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/W/logo.png", ImageBytes.png(width: 10, height: 10))
        try link("../../elsewhere/Activity.swift", at: "repo/W/Activity.swift", in: folder)
        let outcome = try CLIRunner.run(["check", "--format", "json", "repo/W"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(try Self.summary(outcome.output)["swiftBytesRead"] as? Int == 0)
    }

    // MARK: The reading budget

    @Test func aSwiftFileBehindFourThousandLinksIsReadOnce() throws {
        let folder = try TemporaryDirectory()
        let line = Array("// \(String(repeating: "x", count: 1020))\n".utf8)  // 1,024 bytes
        var code = Array(#"ActivityConfiguration(for: A.self) { _ in Image("logo") }"#.utf8) + [0x0A]
        code += Array(repeating: line, count: 1024).flatMap { $0 }
        code = Array(code.prefix(1 << 20))
        try folder.write("W/Shared.swift", code)
        try folder.write("W/logo.png", ImageBytes.png(width: 10, height: 10))
        for index in 0..<4000 { try link("Shared.swift", at: "W/Links/L\(index).swift", in: folder) }
        try link("../Shared.swift", at: "W/Links/Up.swift", in: folder)
        let outcome = try CLIRunner.run(["check", "--format", "json", "W"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(try Self.summary(outcome.output)["swiftBytesRead"] as? Int == 1 << 20)
    }

    @Test func aSwiftFileOverTheLimitBehindFourThousandLinksIsNeverReadAndNamedOnce() throws {
        let folder = try TemporaryDirectory()
        let handle = try #require(FileHandle(forWritingAtPath: try folder.write("W/Huge.swift", [])))
        try handle.truncate(atOffset: 17 << 20)  // 17 MiB, sparse
        try handle.close()
        try folder.write("W/Activity.swift", Array(#"ActivityConfiguration(for: A.self) { _ in Image("logo") }"#.utf8))
        try folder.write("W/logo.png", ImageBytes.png(width: 10, height: 10))
        for index in 0..<4000 { try link("../Huge.swift", at: "W/Links/L\(index).swift", in: folder) }
        let outcome = try CLIRunner.run(["check", "--format", "json", "W"], in: folder.url)
        let summary = try Self.summary(outcome.output)
        #expect(summary["swiftBytesRead"] as? Int == 57)  // Activity.swift alone
        let notes = try #require(summary["notes"] as? [String])
        let cut = try #require(notes.first { $0.hasPrefix("The code could not be followed everywhere: ") })
        #expect(cut.components(separatedBy: "Huge.swift").count - 1 == 1)  // once, by the path found first
        #expect(cut.contains("W/Huge.swift is 18 MB, more than the 16 MiB a Swift file is read up to, so it was not read"))
    }

    // MARK: Linked catalogs

    /// A repository whose widget's catalog is a link to a shared one, and whose second link leads outside.
    func sharedCatalog() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/Shared/Assets.xcassets/Logo.imageset/Contents.json", Self.contents)
        try folder.write("repo/Shared/Assets.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 300))
        try link("../Shared/Assets.xcassets", at: "repo/Widget/Assets.xcassets", in: folder)
        try link("../Shared/Assets.xcassets", at: "repo/Widget/Again.xcassets", in: folder)
        try folder.write("outside/Other.xcassets/Logo.imageset/Contents.json", Self.contents)
        try folder.write("outside/Other.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 300))
        try link("../../outside/Other.xcassets", at: "repo/Widget/Other.xcassets", in: folder)
        return folder
    }

    @Test func aLinkedCatalogInsideTheRepositoryIsCheckedOnceAndOneLeadingOutsideIsNamed() throws {
        let folder = try sharedCatalog()
        let options = ["--devices", "iphone", "--presentation", "compact-leading"]
        let widget = try CLIRunner.run(["check"] + options + ["Widget"], in: folder.url.appendingPathComponent("repo"))
        #expect(widget.status == 2)
        let outside = try #require(FileManager.default.destinationOfSymbolicLinkOrSelf(folder.path("outside/Other.xcassets")))
        #expect(widget.output.split(separator: "\n").filter { !$0.hasSuffix("[missing-scale-variant]") } == [
            "Widget/Again.xcassets/Logo.imageset/Contents.json:1:14: error: logo@3x.png (300x300 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro, 157x110 px; fit it to at most 110x110 px. [oversized]",
            "Widget/Other.xcassets:1:1: warning: Widget/Other.xcassets is a symbolic link to \(outside), outside the repository, so the images in it were not checked; replace the link with the folder itself, or check \(outside) on its own. [catalog-link-outside]",
        ])
        // The catalog given itself: the same finding.
        let catalog = try CLIRunner.run(["check"] + options + ["Widget/Again.xcassets"], in: folder.url.appendingPathComponent("repo"))
        #expect(catalog.output.contains("error: logo@3x.png (300x300 px, @3x) is too large for compact leading"))
        // The whole repository: the shared catalog by its own path, once.
        let whole = try CLIRunner.run(["check"] + options + ["."], in: folder.url.appendingPathComponent("repo"))
        #expect(whole.output.split(separator: "\n").filter { $0.hasSuffix("[oversized]") }.map { $0.prefix { $0 != ":" } }
            == ["./Shared/Assets.xcassets/Logo.imageset/Contents.json"])
    }

    @Test func fitWritesNothingThroughALinkedCatalog() throws {
        let folder = try sharedCatalog()
        let repo = folder.url.appendingPathComponent("repo")
        let before = try Data(contentsOf: repo.appendingPathComponent("Shared/Assets.xcassets/Logo.imageset/logo@3x.png"))
        let fit = try CLIRunner.run(["fit", "--in-place", "--devices", "iphone", "--presentation", "compact-leading", "Widget"], in: repo)
        #expect(fit.status == 1)
        #expect(fit.error.contains("Error: Widget/Again.xcassets/Logo.imageset/logo@3x.png could not be written (it is reached through Widget/Again.xcassets, a symbolic link to "))
        #expect(try Data(contentsOf: repo.appendingPathComponent("Shared/Assets.xcassets/Logo.imageset/logo@3x.png")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("Shared/Assets.xcassets/Logo.imageset").path).sorted()
            == ["Contents.json", "logo@3x.png"])
    }

    @Test func aLinkToAnAncestorIsNotWalkedAgain() throws {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/W/logo.png", ImageBytes.png(width: 10, height: 10))
        try link("..", at: "repo/W/Loop/up", in: folder)
        try link("../..", at: "repo/W/Loop/top", in: folder)
        let outcome = try CLIRunner.run(["check", "--presentation", "minimal", "W"], in: folder.url.appendingPathComponent("repo"))
        #expect(outcome.status == 0)
        #expect(outcome.summary == "liveassets: 0 errors, 0 warnings in 1 image file")
    }
}

extension FileManager {
    /// The real path of `path` (every link resolved).
    func destinationOfSymbolicLinkOrSelf(_ path: String) -> String? {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

/// What a review of the first version found: each a way past the bounds above.
@Suite struct UntrustedLinkReviewTests {
    func link(_ target: String, at path: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: (folder.path(path) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path(path), withDestinationPath: target)
    }

    @Test func aLinkedFolderWithAConfigurationOfItsOwnLeadingOutsideIsNeitherReadNorWritten() throws {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/W/ok.png", ImageBytes.png(width: 10, height: 10))
        try folder.write("elsewhere/Shared/.liveassets.json", Array("{}".utf8))
        let big = ImageBytes.png(width: 900, height: 900)
        try folder.write("elsewhere/Shared/big.png", big)
        try link("../../elsewhere/Shared", at: "repo/W/Linked", in: folder)
        let check = try CLIRunner.run(["check", "--presentation", "minimal", "repo/W"], in: folder.url)
        #expect(check.status == 0)
        #expect(!check.output.contains("big.png") && check.output.contains("[catalog-link-outside]"))
        let fit = try CLIRunner.run(["fit", "--in-place", "--presentation", "minimal", "repo/W"], in: folder.url)
        #expect(fit.status == 0)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("elsewhere/Shared/big.png")) == Data(big))
    }

    @Test func aLinkedFolderWithAConfigurationOfItsOwnInsideTheRepositoryIsCheckedButNotWritten() throws {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/Shared/.liveassets.json", Array("{}".utf8))
        let big = ImageBytes.png(width: 900, height: 900)
        try folder.write("repo/Shared/big.png", big)
        try link("../Shared", at: "repo/W/Linked", in: folder)
        let check = try CLIRunner.run(["check", "--presentation", "minimal", "W"], in: folder.url.appendingPathComponent("repo"))
        #expect(check.status == 2)
        #expect(check.output.hasPrefix("W/Linked/big.png:1:1: error: big.png (900x900 px"))
        let fit = try CLIRunner.run(["fit", "--in-place", "--presentation", "minimal", "W"], in: folder.url.appendingPathComponent("repo"))
        #expect(fit.status == 1)
        #expect(fit.error.contains("Error: W/Linked/big.png could not be written (it is reached through W/Linked, a symbolic link to "))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("repo/Shared/big.png")) == Data(big))
    }

    @Test func twoFilesOfOneImageSetWhoseNamesDifferOnlyInNormalizationAreBothChecked() throws {
        let folder = try TemporaryDirectory()
        let (nfc, nfd) = ("caf\u{E9}.png", "cafe\u{301}.png")
        try folder.write("A.xcassets/Cafe.imageset/Contents.json", Array("""
            {"images": [{"filename": "\(nfc)", "idiom": "universal", "scale": "2x"}, {"filename": "\(nfd)", "idiom": "universal", "scale": "3x"}]}
            """.utf8))
        try folder.write("A.xcassets/Cafe.imageset/\(nfc)", ImageBytes.png(width: 10, height: 10))
        try folder.write("A.xcassets/Cafe.imageset/\(nfd)", ImageBytes.png(width: 3000, height: 3000))
        let check = try CLIRunner.run(["check", "--devices", "iphone", "--presentation", "minimal", "A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.contains("error: \(nfd) (3000x3000 px, @3x) is too large for minimal"))
    }

    @Test func twoFoldersWhoseNamesDifferOnlyInNormalizationKeepTheirOwnConfigurations() throws {
        let folder = try TemporaryDirectory()
        let (nfc, nfd) = ("caf\u{E9}", "cafe\u{301}")
        try folder.write("\(nfc)/.liveassets.json", Array(#"{"rules": {"oversized": "off"}}"#.utf8))
        try folder.write("\(nfc)/big.png", ImageBytes.png(width: 3000, height: 3000))
        try folder.write("\(nfd)/.liveassets.json", Array("{}".utf8))
        try folder.write("\(nfd)/big.png", ImageBytes.png(width: 3000, height: 3000))
        let check = try CLIRunner.run(["check", "--presentation", "minimal", nfc, nfd], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.split(separator: "\n").filter { $0.hasSuffix("[oversized]") }.map { Array($0.prefix { $0 != "/" }.utf8) }
            == [Array(nfd.utf8)])
    }

    @Test func namedSourcesAreReadBeforeWhatAWalkFindsAndTheBudgetsEndIsSaid() throws {
        let folder = try TemporaryDirectory()
        let junk = [UInt8](repeating: UInt8(ascii: "/"), count: 16 << 20)
        for index in 0..<4 { try folder.write("W/AAA\(index).swift", junk) }
        try folder.write("W/Code/Activity.swift", Array("""
            struct A: Widget { var body: some WidgetConfiguration {
                ActivityConfiguration(for: X.self) { _ in Text("") } dynamicIsland: { _ in DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { Image("logo") } } } }

            """.utf8))
        try folder.write("W/logo@3x.png", ImageBytes.png(width: 300, height: 300))
        let named = try CLIRunner.run(["check", "--devices", "iphone", "--sources", "W/Code", "W"], in: folder.url)
        #expect(named.status == 2)
        #expect(named.output.contains("error: logo@3x.png (300x300 px, @3x) is too large for minimal"))
        // Without them, the walk's files take the budget before the widget's: said, and the image is not
        // taken for one no view shows (it keeps the default check).
        let found = try CLIRunner.run(["check", "--devices", "iphone", "W"], in: folder.url)
        #expect(found.error.contains("note: No Swift file read under the inputs names ActivityConfiguration, but not every file was read: 1 Swift file past the first 64 MiB of Swift code was not read; no image's presentations come from the code.\n"))
        #expect(found.error.contains("(no stated presentation)") || found.error.contains("have no stated presentation") || found.error.contains("has no stated presentation"))
    }

    @Test func aLinkedFolderWhoseNameHoldsABidiCharacterIsSaid() throws {
        let folder = try TemporaryDirectory()
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/Shared/b.png", ImageBytes.png(width: 10, height: 10))
        try link("../Shared", at: "repo/W/Lnk\u{202E}", in: folder)
        let check = try CLIRunner.run(["check", "--presentation", "minimal", "W"], in: folder.url.appendingPathComponent("repo"))
        #expect(check.output.contains("warning: W/Lnk\\u{202E} has a name holding U+202E (RIGHT-TO-LEFT OVERRIDE)"))
    }

    @Test func anExcludedFileGivenAsAnInputIsCountedOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("W/.liveassets.json", Array(#"{"exclude": ["big@3x.png"]}"#.utf8))
        try folder.write("W/big@3x.png", ImageBytes.png(width: 300, height: 300))
        try folder.write("W/ok.png", ImageBytes.png(width: 10, height: 10))
        let check = try CLIRunner.run(["check", "--presentation", "minimal", "W/big@3x.png", "W/ok.png"], in: folder.url)
        #expect(check.error.contains("excludes \"big@3x.png\", which leaves out 1 path (`big@3x.png`)"))
    }
}
