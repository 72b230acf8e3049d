import Foundation
import LiveAssetsTestSupport
import Testing

/// `check` and `fit` take a limit only from a surface that shows the image's view; a selection that
/// shows nothing is a usage error; patterns reach into catalogs.
@Suite struct SurfaceCheckTests {
    /// An image set with empty @1x and @2x slots and `file` at @3x, as Xcode writes it.
    static func contents(_ file: String) -> [UInt8] { XcodeContents.imageSet([(nil, 1), (nil, 2), (file, 3)]) }

    /// A catalog with a 3x-only 2000x3000 photo and a 300x300 @3x logo, and no configuration.
    func catalog() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/Photo.imageset/Contents.json", Self.contents("photo@3x.png"))
        try folder.write("App.xcassets/Photo.imageset/photo@3x.png", ImageBytes.png(width: 2000, height: 3000, colorType: 0))
        try folder.write("App.xcassets/TeamLogo.imageset/Contents.json", Self.contents("logo@3x.png"))
        try folder.write("App.xcassets/TeamLogo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 300, colorType: 0))
        return folder
    }

    @Test func fitDryRunBoundsAPhotoOfUnstatedPresentationByIPhoneAndIPadLockScreensOnly() throws {
        let folder = try catalog()
        let result = try CLIRunner.run(["fit", "--dry-run", "App.xcassets/Photo.imageset"], in: folder.url)
        #expect(result.status == 0)
        // @2x: iPhone SE's 353x160 pt Lock Screen is the tightest, 706x320 px; @3x: the iPhone 12 mini's
        // 338x160 pt, 1014x480 px. The watch (92x139 px) and CarPlay take no part.
        #expect(result.output == """
            App.xcassets/Photo.imageset/Contents.json: would add photo@2x.png (213x320 px, from the @3x) for iphone-414x896-2x, iphone-375x667, ipad-1366x1024 and 9 more
            App.xcassets/Photo.imageset/photo@3x.png: 2000x3000 -> 320x480 px (fits 1014x480)

            """)
    }

    @Test func anIPhoneWithoutAnIslandAskedForACompactViewIsAUsageError() throws {
        let folder = try catalog()
        let result = try CLIRunner.run(["check", "--devices", "iPhone XR", "--presentation", "compact-leading", "App.xcassets"],
                                       in: folder.url)
        #expect(result.status == 64 && result.output == "")
        #expect(result.error.hasPrefix("Error: iPhone XR has no Dynamic Island: compact-leading is not shown there; select devices that show it (see `liveassets sizes`), or other presentations.\nUsage: liveassets check "))
        let fit = try CLIRunner.run(["fit", "--dry-run", "--devices", "iPhone XR", "--presentation", "compact-leading", "App.xcassets"],
                                    in: folder.url)
        #expect(fit.status == 64 && fit.error.hasPrefix(result.error.prefix { $0 != "\n" } + "\nUsage: liveassets fit "))
        let watch = try CLIRunner.run(["check", "--devices", "watch", "App.xcassets"], in: folder.url)
        #expect(watch.status == 64)
        #expect(watch.error.hasPrefix("Error: None of the selected devices checks images whose presentation is not stated, which only iPhones and iPads bound (by their Lock Screen or expanded size): Apple Watch Series 6 40mm, Apple Watch Series 7 41mm and 6 more show only compact-leading, compact-trailing and small;"))
    }

    @Test func anImageNoSelectedDeviceShowsIsNotCheckedAndFailsAStrictRun() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"]}}"#.utf8))
        let result = try CLIRunner.run(["check", "--strict", "--devices", "ipad", "App.xcassets"], in: folder.url)
        #expect(result.status == 2)  // the photo is oversized on the iPads
        #expect(result.output.contains("App.xcassets/TeamLogo.imageset/Contents.json:1:1: warning: TeamLogo.imageset was not checked: it is shown in compact-leading, which none of the selected devices shows; check it on a device that does, or correct its presentation. [not-checked]\n"))
        let logoOnly = try CLIRunner.run(["check", "--strict", "--devices", "ipad", "App.xcassets/TeamLogo.imageset"], in: folder.url)
        // The run as a whole could check images of unstated presentation on an iPad, so it runs; the logo is
        // not checked, which a strict run fails on.
        #expect(logoOnly.status == 3)
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"], "Photo.imageset": ["small"]}}"#.utf8))
        let strict = try CLIRunner.run(["check", "--strict", "--devices", "iphone", "App.xcassets/TeamLogo.imageset", "App.xcassets/Photo.imageset"], in: folder.url)
        #expect(strict.output.contains("warning: Photo.imageset was not checked: it is shown in small, which none of the selected devices shows;"))
    }

    @Test func aCompactLogoIsBoundOnTheWatchUnlessTheAppDeclaresTheSmallFamily() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"]}, "devices": ["watch"]}"#.utf8))
        let bound = try CLIRunner.run(["check", "App.xcassets/TeamLogo.imageset"], in: folder.url)
        #expect(bound.status == 2)  // the watches fall back to the @3x 300x300 px: taller than every Smart Stack
        #expect(bound.output.contains("logo@3x.png (300x300 px, @3x) is too large for compact leading; tightest: compact leading in the Smart Stack on Apple Watch Series 6 40mm, 304x139 px (inferred); add a @2x variant, or fit it to at most 139x139 px."))
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"], "Photo.imageset": ["small"]}, "devices": ["watch"], "supplementalFamilies": ["small"]}"#.utf8))
        let small = try CLIRunner.run(["check", "App.xcassets"], in: folder.url)
        #expect(small.output.contains("TeamLogo.imageset was not checked: it is shown in compact-leading, which none of the selected devices shows"))
        #expect(small.output.contains("photo@3x.png (2000x3000 px, @3x) is too large for small view; tightest: small view in the Smart Stack on Apple Watch Series 6 40mm, 304x139 px; add a @2x variant, or fit it to at most 92x139 px."))
        try folder.write(".liveassets.json", Array(#"{"supplementalFamilies": ["large"]}"#.utf8))
        let wrong = try CLIRunner.run(["check", "App.xcassets"], in: folder.url)
        #expect(wrong.status == 1)
        #expect(wrong.error == "Error: \(folder.path(".liveassets.json")) has an invalid \"supplementalFamilies\" at line 1: unknown activity family \"large\" (expected \"small\" or \"medium\").\n")
    }

    @Test func surfacesNamedAsPresentationsAreReadWithAWarning() throws {
        let folder = try catalog()
        let result = try CLIRunner.run(["check", "--devices", "watch", "--presentation", "smart-stack", "App.xcassets/TeamLogo.imageset"],
                                       in: folder.url)
        #expect(result.error.hasPrefix("warning: --presentation: 'smart-stack' is a surface, not a presentation, and is read as 'small'; write 'small' instead.\n"))
        #expect(result.output.contains("is too large for small view; tightest: small view in the Smart Stack on Apple Watch Series 6 40mm"))
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["standby"]}}"#.utf8))
        let configured = try CLIRunner.run(["check", "App.xcassets/TeamLogo.imageset"], in: folder.url)
        #expect(configured.error.hasPrefix("warning: \(folder.path(".liveassets.json")), line 1: 'standby' is a surface, not a presentation, and is read as 'lock-screen'; write 'lock-screen' instead.\n"))
    }

    @Test func includePatternsReachInsideCatalogsAndPatternsThatMatchNothingAreSaid() throws {
        let folder = try catalog()
        try folder.write("loose/other@3x.png", ImageBytes.png(width: 10, height: 10, colorType: 0))
        for include in ["**/*.png", "TeamLogo*", "TeamLogo.imageset/logo@3x.png", "logo@3x.png"] {
            let result = try CLIRunner.run(["check", "--presentation", "lock-screen", "--include", include, "App.xcassets", "loose"], in: folder.url)
            let files = Set(result.output.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
            if include == "**/*.png" {
                #expect(files == ["App.xcassets/Photo.imageset/Contents.json", "App.xcassets/TeamLogo.imageset/Contents.json", "loose/other@3x.png"], "\(include)")
            } else {
                #expect(files == ["App.xcassets/TeamLogo.imageset/Contents.json"], "\(include)")
            }
            #expect(result.diagnostics == "", "\(include)")
        }
        // Relative to the input: "App.xcassets" is the input itself, not a path inside it.
        let unmatched = try CLIRunner.run(["check", "--include", "App.xcassets/*.imageset", "--exclude", "Previews", "App.xcassets"], in: folder.url)
        #expect(unmatched.status == 1)
        #expect(unmatched.error == "Error: no image file in App.xcassets is left by --include 'App.xcassets/*.imageset' and --exclude 'Previews'; patterns are relative to each input given (see `liveassets check --help`).\n")
        let unused = try CLIRunner.run(["check", "--presentation", "lock-screen", "--exclude", "Previews", "App.xcassets"], in: folder.url)
        #expect(unused.diagnostics == "warning: --exclude 'Previews' matched nothing; patterns are relative to each input given (see `liveassets check --help`).\n")
        // A folder's exclude leaves out everything in it; an image set whose files are all excluded is left out.
        let excluded = try CLIRunner.run(["check", "--exclude", "photo@3x.png", "--presentation", "lock-screen", "App.xcassets"], in: folder.url)
        #expect(!excluded.output.contains("Photo.imageset") && excluded.diagnostics == "")
    }

    @Test func aConfigurationPatternThatMatchesNothingIsSaidWhenTheRunCoversItsFolder() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"Logo*.imageset": ["minimal"]}, "exclude": ["Previews"]}"#.utf8))
        let whole = try CLIRunner.run(["check", "."], in: folder.url)
        #expect(whole.diagnostics == """
            warning: .liveassets.json: the exclude pattern "Previews" matched nothing; patterns are relative to the configuration's folder (see `liveassets check --help`).
            warning: .liveassets.json: the presentations pattern "Logo*.imageset" matched nothing; patterns are relative to the configuration's folder (see `liveassets check --help`).

            """)
        // A run over one image set of the folder cannot tell.
        let part = try CLIRunner.run(["check", "App.xcassets/Photo.imageset"], in: folder.url)
        #expect(part.diagnostics == "")
    }

    /// A pattern with an empty list says the image is in no Live Activity: it matches (no "matched
    /// nothing"), the image gets no finding, and the run says once that it was not checked.
    @Test func aConfigurationPatternWithAnEmptyListLeavesTheImageUnchecked() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"App.xcassets/TeamLogo.imageset": []}}"#.utf8))
        let stated = try CLIRunner.run(["check", "."], in: folder.url)
        #expect(stated.diagnostics == "")
        #expect(!stated.output.contains("TeamLogo") && stated.output.contains("Photo.imageset"))
        #expect(stated.error.hasPrefix(".liveassets.json:1:1: note: this configuration puts 1 image file in no Live Activity with the pattern \"App.xcassets/TeamLogo.imageset\": [] (`TeamLogo.imageset`), so it is not checked.\n"))
        try folder.write(".liveassets.json", Array(#"{}"#.utf8))
        let unstated = try CLIRunner.run(["check", "."], in: folder.url)
        #expect(unstated.output.contains("TeamLogo.imageset"))
        // Another pattern that gives it presentations wins over the empty list.
        try folder.write(".liveassets.json", Array(#"{"presentations": {"App.xcassets/TeamLogo.imageset": [], "TeamLogo*": ["compact-leading"]}}"#.utf8))
        let both = try CLIRunner.run(["check", "."], in: folder.url)
        #expect(both.output.contains("logo@3x.png (300x300 px, @3x) is too large for compact leading;"))
    }

    @Test func anImageNothingCheckedIsASkippedJUnitCaseNeverAPass() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"]}}"#.utf8))
        let result = try CLIRunner.run(["check", "--format", "junit", "--devices", "ipad", "App.xcassets/TeamLogo.imageset"], in: folder.url)
        #expect(result.output.contains(#"failures="0" errors="0" skipped="1""#))
        #expect(result.output.contains("""
                <testcase classname="not-checked" name="App.xcassets/TeamLogo.imageset/Contents.json" time="0">
                  <skipped message="TeamLogo.imageset was not checked: it is shown in compact-leading, which none of the selected devices shows; check it on a device that does, or correct its presentation."/>
                </testcase>
            """))
        if SchemaValidator.isAvailable {
            #expect(try SchemaValidator.problems(kind: "junit", schema: "junit.xsd", report: result.output) == "")
        }
    }

    @Test func anExcludeThatMatchesPartOfAnImageSetSaysTheSetIsCheckedWhole() throws {
        let folder = try catalog()
        try folder.write("App.xcassets/TeamLogo.imageset/logo@2x.png", ImageBytes.png(width: 200, height: 200, colorType: 0))
        try folder.write("App.xcassets/TeamLogo.imageset/Contents.json", Array("""
            {"images": [{"filename": "logo@2x.png", "idiom": "universal", "scale": "2x"},
                        {"filename": "logo@3x.png", "idiom": "universal", "scale": "3x"}]}
            """.utf8))
        let result = try CLIRunner.run(["check", "--presentation", "lock-screen", "--exclude", "*@3x.png", "App.xcassets"], in: folder.url)
        #expect(result.diagnostics == "warning: App.xcassets/TeamLogo.imageset is checked whole although some of its files match an exclude pattern; an image set is left out only when it or all its files match, so exclude the image set itself.\n")
        #expect(!result.output.contains("Photo.imageset"))  // all its files match: left out
    }

    @Test func configurationPatternsStayInsideTheirFolder() throws {
        let folder = try catalog()
        try folder.write("cfg/.liveassets.json", Array(#"{"presentations": {"../App.xcassets/*.imageset": ["minimal"]}}"#.utf8))
        let up = try CLIRunner.run(["check", "--config", "cfg/.liveassets.json", "App.xcassets"], in: folder.url)
        #expect(up.status == 1)
        #expect(up.error == "Error: cfg/.liveassets.json has an invalid \"presentations\" at line 1: the pattern \"../App.xcassets/*.imageset\" leaves the configuration's folder with \"..\"; patterns only match inside it, so put the configuration in a folder that holds the images.\n")
        // A configuration elsewhere: its patterns cannot match the inputs, and the run says so.
        try folder.write("cfg/.liveassets.json", Array(#"{"presentations": {"App.xcassets/*.imageset": ["minimal"]}}"#.utf8))
        let elsewhere = try CLIRunner.run(["check", "--config", "cfg/.liveassets.json", "App.xcassets"], in: folder.url)
        #expect(elsewhere.diagnostics == "warning: App.xcassets is outside \(folder.url.resolvingSymlinksInPath().path)/cfg, the folder of cfg/.liveassets.json, whose patterns are relative to it and so cannot match there; give --config a configuration in a folder that holds the inputs.\n")
        // Flags that narrow the run leave the configuration's unmatched patterns unsaid.
        try folder.write(".liveassets.json", Array(#"{"presentations": {"Logo*.imageset": ["minimal"]}}"#.utf8))
        let narrowed = try CLIRunner.run(["check", "--include", "Photo*", "."], in: folder.url)
        #expect(narrowed.diagnostics == "")
    }

    @Test func aFolderWithItsOwnConfigurationIsCheckedUnderItInAWholePackageRun() throws {
        // As `swift package liveassets-check` runs it: the package's root, each target with its configuration.
        let folder = try TemporaryDirectory()
        let contents = Self.contents("logo@3x.png")
        try folder.write("Sources/Widgets/.liveassets.json", Array(#"{"presentations": {"Media.xcassets/*.imageset": ["compact-leading"]}}"#.utf8))
        try folder.write("Sources/Widgets/Media.xcassets/TeamLogo.imageset/Contents.json", contents)
        try folder.write("Sources/Widgets/Media.xcassets/TeamLogo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 300, colorType: 0))
        try folder.write("Sources/App/Media.xcassets/TeamLogo.imageset/Contents.json", contents)
        try folder.write("Sources/App/Media.xcassets/TeamLogo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 300, colorType: 0))
        let result = try CLIRunner.run(["check", "--devices", "iphone", "."], in: folder.url)
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n").filter { $0.hasSuffix("[oversized]") }
        // Only the target whose configuration says the logo is a compact view; the other one fits its Lock Screen.
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("./Sources/Widgets/Media.xcassets/TeamLogo.imageset/Contents.json:") == true)
        #expect(lines.first?.contains(" error: logo@3x.png (300x300 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro, 157x110 px;") == true)
        #expect(result.diagnostics == "")
    }
}
