import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// `fit` gives each scale's devices the sharpest file that fits them: a single-scale image set becomes an
/// Individual Scales set, the original filling the 3x slot and a new file the 2x slot.
@Suite struct FitPerScaleTests {
    static let options = ["--devices", "iphone", "--presentation", "compact-leading,minimal"]
    static let logo = ImageBytes.png(width: 300, height: 300)

    func size(_ folder: TemporaryDirectory, _ path: String) throws -> String {
        let info = try ImageProbe.probe(path: folder.path(path))
        return "\(info.width)x\(info.height)"
    }

    @Test func aSingleScaleSetGetsAThreeXAndATwoXFileEachTheLargestItsIPhonesTake() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/warriors.imageset/Contents.json", XcodeContents.imageSet(entries: [.init("warriors.png", scale: nil)]))
        try folder.write("App.xcassets/warriors.imageset/warriors.png", Self.logo)
        let before = try CLIRunner.run(["check"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(before.status == 2)
        #expect(before.error.contains("note: 1 oversized image file is a single-scale entry of an image set (no scale in its Contents.json, which Apple meant for a PDF), so it was counted as @1x on every device, our reading; `fit` gives such a set a file per scale (Xcode's Individual Scales) where the devices' scales call for different sizes.\n"), "\(before.error)")

        let dry = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("App.xcassets/warriors.imageset/Contents.json: would add warriors@2x.png (73x73 px, from warriors.png, which would become the @3x entry) for "), "\(dry.output)")
        #expect(dry.output.contains("App.xcassets/warriors.imageset/warriors.png: 300x300 -> 110x110 px"), "\(dry.output)")

        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("App.xcassets/warriors.imageset/Contents.json"), encoding: .utf8)
            == String(decoding: XcodeContents.imageSet([(nil, 1), ("warriors@2x.png", 2), ("warriors.png", 3)]), as: UTF8.self))
        #expect(try size(folder, "App.xcassets/warriors.imageset/warriors.png") == "110x110")
        #expect(try size(folder, "App.xcassets/warriors.imageset/warriors@2x.png") == "73x73")
        let after = try CLIRunner.run(["check", "--strict"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(after.status == 0, "\(after.output)\(after.error)")
    }

    @Test func aThreeXOnlySetGetsItsTwoXAndTheLibraryGivesEachScaleTheSameSize() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/logo.imageset/Contents.json", XcodeContents.imageSet([(nil, 1), (nil, 2), ("logo@3x.png", 3)]))
        try folder.write("App.xcassets/logo.imageset/logo@3x.png", Self.logo)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(try size(folder, "App.xcassets/logo.imageset/logo@3x.png") == "110x110")
        #expect(try size(folder, "App.xcassets/logo.imageset/logo@2x.png") == "73x73")
        #expect(try CLIRunner.run(["check", "--strict"] + Self.options + ["App.xcassets"], in: folder.url).status == 0)
        // An app fitting a downloaded image for its own screen gets the size fit gives that screen's slot.
        let iphones = try SizeTable.bundled.devices(matching: ["iphone"])
        for (scale, expected) in [(3, PixelSize(width: 110, height: 110)), (2, PixelSize(width: 73, height: 73))] {
            let fitted = try LiveAssets.fit(Data(Self.logo), for: [.compactLeading, .minimal], on: iphones.filter { $0.scale == scale })
            #expect(fitted.size == expected, "@\(scale)x")
        }
    }

    @Test func aSingleScaleFileNamedForTwoXFillsTheTwoXSlotAndANewFileTheThreeX() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/gear.imageset/Contents.json", XcodeContents.imageSet(entries: [.init("gear@2x.png", scale: nil)]))
        try folder.write("App.xcassets/gear.imageset/gear@2x.png", Self.logo)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.output.contains("would add") == false && fit.output.contains("added gear@3x.png (110x110 px, from gear@2x.png, which becomes the @2x entry) for "), "\(fit.output)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("App.xcassets/gear.imageset/Contents.json"), encoding: .utf8)
            == String(decoding: XcodeContents.imageSet([(nil, 1), ("gear@2x.png", 2), ("gear@3x.png", 3)]), as: UTF8.self))
        #expect(try size(folder, "App.xcassets/gear.imageset/gear@2x.png") == "73x73")
        #expect(try size(folder, "App.xcassets/gear.imageset/gear@3x.png") == "110x110")
        #expect(try CLIRunner.run(["check", "--strict"] + Self.options + ["App.xcassets"], in: folder.url).status == 0)
    }

    @Test func aSplitContentsJSONRefusesIsFittedForEveryScaleInstead() throws {
        // Contents.json on one line: fit does not edit it, so the set stays single-scale, and its one file
        // must then fit every scale's devices (73x73), not only the @3x ones it would have kept.
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/warriors.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "warriors.png", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8))
        try folder.write("App.xcassets/warriors.imageset/warriors.png", Self.logo)
        let dry = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["App.xcassets"], in: folder.url)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["App.xcassets"], in: folder.url)
        #expect(dry.status == 1 && fit.status == 1, "\(fit.error)")
        #expect(fit.error.contains("Error: App.xcassets/warriors.imageset/Contents.json could not be written (it is not laid out as Xcode writes it"), "\(fit.error)")
        for run in [dry, fit] {
            #expect(run.output.contains("App.xcassets/warriors.imageset/warriors.png: 300x300 -> 73x73 px (fits 90x73)"), "\(run.output)")
        }
        #expect(try size(folder, "App.xcassets/warriors.imageset/warriors.png") == "73x73")
        #expect(try CLIRunner.run(["check", "--strict"] + Self.options + ["App.xcassets"], in: folder.url).status == 0)
    }

    @Test func oneScaleOfDevicesKeepsTheSingleScaleSetAsItIs() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/warriors.imageset/Contents.json", XcodeContents.imageSet(entries: [.init("warriors.png", scale: nil)]))
        try folder.write("App.xcassets/warriors.imageset/warriors.png", Self.logo)
        let options = ["--devices", "iPhone 16 Pro", "--presentation", "compact-leading,minimal", "App.xcassets"]
        let fit = try CLIRunner.run(["fit", "--in-place"] + options, in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(!fit.output.contains("variant") && !fit.error.contains("variant"), "\(fit.output)\(fit.error)")
        #expect(try CLIRunner.run(["check", "--strict"] + options, in: folder.url).status == 0)
    }

    @Test func aLooseFileSaysWhichLimitSizedItAndWhatTheOtherScalesLose() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/logo.png", Self.logo)
        let check = try CLIRunner.run(["check"] + Self.options + ["art"], in: folder.url)
        let tightest = try #require(check.output.components(separatedBy: "tightest: ").dropFirst().first?.components(separatedBy: ";").first)
        #expect(tightest == "minimal in StandBy on iPhone XR, 90x73 px (inferred)")
        for (command, sized) in [(["fit", "--dry-run"], "it would be"), (["fit", "--out", "fitted"], "it was")] {
            let fit = try CLIRunner.run(command + Self.options + ["art"], in: folder.url)
            #expect(fit.status == 0, "\(fit.error)")
            let line = try #require(fit.output.split(separator: "\n").first { $0.hasPrefix("art/logo.png: 300x300 -> 73x73 px (fits 90x73)") })
            #expect(line.hasSuffix("; tightest: \(tightest); the @3x devices (iPhone 14 Pro Max, iPhone 14 Pro and 8 more) get 73x73 px where 110x110 px fits them"), "\(line)")
            #expect(fit.error.contains("note: 1 file outside a catalog serves every scale, so \(sized) sized for the tightest device; for code that loads it by name (`Image(\"logo\")`, `UIImage(named:)`), files beside it named for their scale (logo@2x.png, logo@3x.png) give each scale its own, as an asset catalog does: `fit --variants` writes them.\n"), "\(fit.error)")
        }
    }

    @Test func variantsGiveALooseOneXFileAFileForEachScaleItsIPhonesUse() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/logo.png", Self.logo)
        let dry = try CLIRunner.run(["fit", "--dry-run", "--variants"] + Self.options + ["art"], in: folder.url)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("art/logo.png: would add logo@2x.png (73x73 px, from logo.png) for iphone-414x896-2x, iphone-375x667\n"), "\(dry.output)")
        #expect(dry.output.contains("art/logo.png: would add logo@3x.png (110x110 px, from logo.png) for "), "\(dry.output)")
        #expect(!dry.output.contains("300x300 ->") && !dry.error.contains("serves every scale"), "\(dry.output)\(dry.error)")

        let fit = try CLIRunner.run(["fit", "--in-place", "--variants"] + Self.options + ["art"], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(try size(folder, "art/logo@3x.png") == "110x110")
        #expect(try size(folder, "art/logo@2x.png") == "73x73")
        #expect(try size(folder, "art/logo.png") == "300x300")  // no iPhone loads the @1x now
        #expect(try CLIRunner.run(["check", "--strict"] + Self.options + ["art"], in: folder.url).status == 0)
        // The library gives each scale's iPhones the same size.
        let iphones = try SizeTable.bundled.devices(matching: ["iphone"])
        for (scale, expected) in [(3, PixelSize(width: 110, height: 110)), (2, PixelSize(width: 73, height: 73))] {
            #expect(try LiveAssets.fit(Data(Self.logo), for: [.compactLeading, .minimal], on: iphones.filter { $0.scale == scale }).size == expected)
        }
        // Again: nothing to add, nothing written.
        let again = try CLIRunner.run(["fit", "--in-place", "--variants"] + Self.options + ["art"], in: folder.url)
        #expect(again.status == 0 && !again.output.contains("added"), "\(again.output)")
        // A file that fits every device gets no variants.
        try folder.write("small/dot.png", ImageBytes.png(width: 50, height: 50))
        let small = try CLIRunner.run(["fit", "--dry-run", "--variants"] + Self.options + ["small"], in: folder.url)
        #expect(small.status == 0 && !small.output.contains("would add"), "\(small.output)")
    }

    @Test func aLooseVariantNeverTakesANameThatIsTakenAsAMacComparesIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/logo.png", Self.logo)
        let other = ImageBytes.png(width: 10, height: 10)
        try folder.write("art/LOGO@3X.PNG", other)  // the @3x's name, on a Mac: another image
        let fit = try CLIRunner.run(["fit", "--in-place", "--variants"] + Self.options + ["art"], in: folder.url)
        #expect(fit.status == 1, "\(fit.output)\(fit.error)")
        #expect(fit.error.contains("art/logo@3x.png could not be written (that name is taken, and the app finds a loose file's @3x by that name alone; move the image into an asset catalog, or free the name); the original is untouched."), "\(fit.error)")
        #expect(try [UInt8](Data(contentsOf: folder.url.appendingPathComponent("art/LOGO@3X.PNG"))) == other)
        #expect(!FileManager.default.fileExists(atPath: folder.path("art/logo@3x.png")))
    }

    @Test func aLooseVariantATargetWouldNotBundleIsRefusedAndTheFileFittedForEveryScale() throws {
        // The widget lists logo.png itself (not its folder): a logo@2x.png beside it would not be in the app.
        let folder = try TemporaryDirectory()
        try folder.write("Widget/logo.png", Self.logo)
        try folder.write("Widget/ScoreLiveActivity.swift", Array(ProjectScopeTests.widgetCode.replacingOccurrences(of: "Image(\"badge\")", with: "Image(\"logo\")").utf8))
        var project = XcodeProjectFixture()
        let widget = project.group("Widget")
        let activity = project.file("ScoreLiveActivity.swift", in: widget), logo = project.file("logo.png", in: widget)
        project.target("ScoreWidget", type: .appExtension, sources: [activity], resources: [logo])
        try project.write(named: "App", in: folder.url)
        let dry = try CLIRunner.run(["fit", "--dry-run", "--variants", "--devices", "iphone", "."], in: folder.url)
        #expect(dry.status == 1, "\(dry.output)\(dry.error)")
        #expect(dry.error.contains("Widget/logo@2x.png could not be written (the ScoreWidget target lists logo.png file by file, so a new file beside it would not be in the app; move the image into an asset catalog, where fit adds each scale's file); the original is untouched."), "\(dry.error)")
        #expect(dry.output.contains("Widget/logo.png: 300x300 -> 73x73 px"), "\(dry.output)")
    }

    @Test func aLooseFileTheOtherScalesWouldTakeWholeSaysSo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/photo.png", ImageBytes.png(width: 320, height: 480))
        let fit = try CLIRunner.run(["fit", "--dry-run", "--devices", "iphone", "--presentation", "lock-screen", "art"], in: folder.url)
        let line = try #require(fit.output.split(separator: "\n").first { $0.hasPrefix("art/photo.png: 320x480 -> 213x320 px") })
        #expect(line.hasSuffix("get 213x320 px where the file's own 320x480 px fits them"), "\(line)")
    }
}
