import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// Names a Mac takes for one file (case-insensitive, normalization-insensitive APFS): `fit` never gives a
/// new file one, `check` says where a tree already holds two, and no set of paths takes two files whose
/// names differ only in Unicode normalization for one (Swift's `==` would).
@Suite struct MacFileNameTests {
    static let options = ["--devices", "iphone", "--presentation", "minimal"]
    static let nfc = "caf\u{E9}", nfd = "cafe\u{301}"

    /// Contents.json as Xcode writes it: an empty 1x and 2x slot, `file` in the 3x one.
    static func contents(threeX file: String) -> [UInt8] {
        Array("""
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
                  "filename" : "\(file)",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """.utf8)
    }

    /// The names in `folder`, as their bytes.
    static func names(_ folder: String) throws -> Set<[UInt8]> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder).map { Array($0.utf8) })
    }

    @Test func aNewVariantNeverTakesANameThatDiffersOnlyInCaseFromAnUnlistedFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Icon.imageset/Contents.json", Self.contents(threeX: "icon@3x.png"))
        try folder.write("A.xcassets/Icon.imageset/icon@3x.png", ImageBytes.png(width: 300, height: 300))
        try folder.write("A.xcassets/Icon.imageset/Icon@2x.png", Array("the user's".utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("added icon-any@2x.png (73x73 px, from the @3x)"))
        #expect(try Self.names(folder.path("A.xcassets/Icon.imageset"))
            == Set(["Contents.json", "icon@3x.png", "Icon@2x.png", "icon-any@2x.png"].map { Array($0.utf8) }))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("A.xcassets/Icon.imageset/Icon@2x.png")) == Data("the user's".utf8))
        let listed = try ImageSetContents.entries(Array(Data(contentsOf: folder.url.appendingPathComponent("A.xcassets/Icon.imageset/Contents.json"))))
        #expect(listed.compactMap(\.filename) == ["icon-any@2x.png", "icon@3x.png"])
    }

    @Test func aNewVariantNeverTakesANameThatDiffersOnlyInNormalizationFromAnUnlistedFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Cafe.imageset/Contents.json", Self.contents(threeX: "\(Self.nfc)@3x.png"))
        try folder.write("A.xcassets/Cafe.imageset/\(Self.nfc)@3x.png", ImageBytes.png(width: 300, height: 300))
        try folder.write("A.xcassets/Cafe.imageset/\(Self.nfd)@2x.png", Array("the user's".utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(outcome.status == 0, "\(outcome.error)")
        let names = try Self.names(folder.path("A.xcassets/Cafe.imageset"))
        #expect(names == Set(["Contents.json", "\(Self.nfc)@3x.png", "\(Self.nfd)@2x.png", "\(Self.nfc)-any@2x.png"].map { Array($0.utf8) }))
    }

    @Test func twoNewVariantsNeverTakeNamesAMacTakesForOne() throws {
        // The name fit would give first differs from an unlisted one only in case: another is taken.
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Icon.imageset/Contents.json", Self.contents(threeX: "ICON@3x.png"))
        try folder.write("A.xcassets/Icon.imageset/ICON@3x.png", ImageBytes.png(width: 300, height: 300))
        try folder.write("A.xcassets/Icon.imageset/icon@2X.png", Array("the user's".utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place", "--devices", "iphone,ipad", "--presentation", "minimal", "A.xcassets"],
                                        in: folder.url)
        #expect(outcome.status == 0, "\(outcome.error)")
        let keys = try FileManager.default.contentsOfDirectory(atPath: folder.path("A.xcassets/Icon.imageset")).map(\.macNameKey)
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test func aBackupNeverTakesANameAMacTakesForAnExistingFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write("in/logo@3x.png", ImageBytes.png(width: 300, height: 300))
        try folder.write("in/LOGO@3x.png.ORIG", Array("kept".utf8))
        let outcome = try CLIRunner.run(["fit", "--in-place", "--backup"] + Self.options + ["in"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("Error: in/logo@3x.png could not be written (its backup in/logo@3x.png.orig would take the name of LOGO@3x.png.ORIG, the same file on a Mac; move it away to keep it)"))
        #expect(try Self.names(folder.path("in")) == Set(["logo@3x.png", "LOGO@3x.png.ORIG"].map { Array($0.utf8) }))
    }

    @Test func checkWarnsAboutAnImageSetHoldingTwoNamesAMacTakesForOne() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Icon.imageset/Contents.json", Self.contents(threeX: "icon@3x.png"))
        try folder.write("A.xcassets/Icon.imageset/icon@3x.png", ImageBytes.png(width: 60, height: 60))
        try folder.write("A.xcassets/Icon.imageset/Icon@3x.png", ImageBytes.png(width: 60, height: 60))
        try folder.write("loose/\(Self.nfc).png", ImageBytes.png(width: 10, height: 10))
        try folder.write("loose/\(Self.nfd).png", ImageBytes.png(width: 10, height: 10))
        let outcome = try CLIRunner.run(["check"] + Self.options + ["A.xcassets", "loose"], in: folder.url)
        #expect(outcome.status == 0)
        let lines = outcome.output.split(separator: "\n").filter { $0.hasSuffix("[mac-name-collision]") }
        #expect(lines == [
            "A.xcassets/Icon.imageset/Contents.json:1:1: warning: A.xcassets/Icon.imageset holds Icon@3x.png and icon@3x.png, which differ only in case, so a Mac's file system takes them for one file and one is lost when the repository is checked out there; rename or delete one. [mac-name-collision]",
            "loose/\(Self.nfd).png:1:1: warning: loose holds \(Self.nfd).png and \(Self.nfc).png, which differ only in Unicode normalization (NFC and NFD), so a Mac's file system takes them for one file and one is lost when the repository is checked out there; rename or delete one. [mac-name-collision]",
        ])
    }

    @Test func twoFilesWhoseNamesDifferOnlyInNormalizationAreBothCheckedAndFitted() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a/\(Self.nfc).png", ImageBytes.png(width: 300, height: 300))
        try folder.write("a/\(Self.nfd).png", ImageBytes.png(width: 300, height: 300))
        try folder.write("b/other.png", ImageBytes.png(width: 10, height: 10))
        // Two inputs: files are keyed by where they are, and two such names are two keys.
        let check = try CLIRunner.run(["check"] + Self.options + ["a", "b"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.split(separator: "\n").filter { $0.hasSuffix("[oversized]") }.count == 2)
        #expect(check.summary == "liveassets: 2 errors, 1 warning in 3 image files")
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["a", "b"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.error.contains("2 fitted, 1 already fitting, 0 failed"))
        #expect(try CLIRunner.run(["check"] + Self.options + ["a", "b"], in: folder.url).summary == "liveassets: 0 errors, 1 warning in 3 image files")
    }
}
