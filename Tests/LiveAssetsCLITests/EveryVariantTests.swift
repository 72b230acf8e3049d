import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// Every entry of an image set is checked and fitted, not only the first per idiom, scale and appearance:
/// an entry for P3 screens, a locale, a size class, a memory or graphics class (any key Xcode writes that
/// chooses the devices loading it) is held to the presentations of the devices that load it.
@Suite struct EveryVariantTests {
    static let options = ["--devices", "iphone-430x932", "--presentation", "minimal"]

    /// A set of a fitting plain @2x and @3x, and a 900x900 @3x entry for each of `traits` (JSON members).
    static func catalog(in folder: TemporaryDirectory, traits: [String]) throws {
        var entries = [#"{ "filename" : "logo@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
                       #"{ "filename" : "logo@3x.png", "idiom" : "universal", "scale" : "3x" }"#]
        try folder.write("A.xcassets/Logo.imageset/logo@2x.png", ImageBytes.png(width: 60, height: 60))
        try folder.write("A.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 90, height: 90))
        for (index, trait) in traits.enumerated() {
            entries.append(#"{ "filename" : "big\#(index)@3x.png", "idiom" : "universal", \#(trait), "scale" : "3x" }"#)
            try folder.write("A.xcassets/Logo.imageset/big\(index)@3x.png", ImageBytes.png(width: 900, height: 900))
        }
        let contents = "{\n  \"images\" : [\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
        try folder.write("A.xcassets/Logo.imageset/Contents.json", Array(contents.utf8))
    }

    static let traits = [#""display-gamut" : "display-P3""#, #""locale" : "fr""#, #""width-class" : "compact""#,
                         #""height-class" : "regular""#, #""memory" : "4GB""#, #""graphics-feature-set" : "apple7""#,
                         #""subtype" : "2796h""#]

    @Test func anEntryForP3ScreensALocaleOrAnyOtherTraitIsChecked() throws {
        let folder = try TemporaryDirectory()
        try Self.catalog(in: folder, traits: Self.traits)
        let check = try CLIRunner.run(["check", "--strict"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        let lines = check.output.split(separator: "\n")
        #expect(lines.count == Self.traits.count)
        for index in Self.traits.indices {
            #expect(lines[index].hasPrefix("A.xcassets/Logo.imageset/Contents.json:\(5 + index):7:"))
            #expect(lines[index].contains("error: big\(index)@3x.png (900x900 px, @3x) is too large for minimal; tightest: minimal on iPhone 14 Pro Max, 135x110 px; fit it to at most 110x110 px. [oversized]"))
        }
    }

    @Test func anEntryListedTwiceForOneScaleIsCheckedBoth() throws {
        let folder = try TemporaryDirectory()
        try Self.catalog(in: folder, traits: [#""filename-note" : "x""#])
        // Without traits: the same slot listed twice.
        let contents = try String(contentsOfFile: folder.path("A.xcassets/Logo.imageset/Contents.json"), encoding: .utf8)
            .replacing(#""filename-note" : "x", "#, with: "")
        try folder.write("A.xcassets/Logo.imageset/Contents.json", Array(contents.utf8))
        let check = try CLIRunner.run(["check"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output.contains("error: big0@3x.png (900x900 px, @3x) is too large for minimal"))
    }

    @Test func fitFitsEveryEntryAndCheckThenPasses() throws {
        let folder = try TemporaryDirectory()
        try Self.catalog(in: folder, traits: Self.traits)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.output.split(separator: "\n").count == Self.traits.count)
        let check = try CLIRunner.run(["check", "--strict"] + Self.options + ["A.xcassets"], in: folder.url)
        #expect(check.status == 0, "\(check.output)")
    }
}
