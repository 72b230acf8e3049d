import Foundation
import LiveAssetsTestSupport
import Testing

/// `check` and `fit` take a limit only from a surface that shows the image's view; a selection that
/// shows nothing is a usage error; patterns reach into catalogs.
@Suite struct SurfaceCheckTests {
    static let contents = """
        {"images": [{"idiom": "universal", "scale": "1x"}, {"idiom": "universal", "scale": "2x"},
                    {"filename": "photo@3x.png", "idiom": "universal", "scale": "3x"}],
         "info": {"author": "xcode", "version": 1}}
        """

    /// A catalog with a 3x-only 2000x3000 photo and a 300x300 @3x logo, and no configuration.
    func catalog() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/Photo.imageset/Contents.json", Array(Self.contents.utf8))
        try folder.write("App.xcassets/Photo.imageset/photo@3x.png", ImageBytes.png(width: 2000, height: 3000, colorType: 0))
        try folder.write("App.xcassets/TeamLogo.imageset/Contents.json",
                         Array(Self.contents.replacingOccurrences(of: "photo@3x", with: "logo@3x").utf8))
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
        #expect(result.error == "Error: iPhone XR has no Dynamic Island: compact-leading is not shown there; select devices that show it (see `liveassets sizes`), or other presentations.\n")
        let fit = try CLIRunner.run(["fit", "--dry-run", "--devices", "iPhone XR", "--presentation", "compact-leading", "App.xcassets"],
                                    in: folder.url)
        #expect(fit.status == 64 && fit.error == result.error)
        let watch = try CLIRunner.run(["check", "--devices", "watch", "App.xcassets"], in: folder.url)
        #expect(watch.status == 64)
        #expect(watch.error.hasPrefix("Error: None of the selected devices (Apple Watch Series 6 40mm, Apple Watch Series 7 41mm, Apple Watch Series 6 44mm, ...) holds an image of unstated presentation to a limit"))
    }

    @Test func anImageNoSelectedDeviceShowsIsNotCheckedAndFailsAStrictRun() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"]}}"#.utf8))
        let result = try CLIRunner.run(["check", "--strict", "--devices", "ipad", "App.xcassets"], in: folder.url)
        #expect(result.status == 2)  // the photo is oversized on the iPads
        #expect(result.output.contains("App.xcassets/TeamLogo.imageset/Contents.json:1:1: warning: TeamLogo.imageset was not checked: it is shown in compact-leading, which none of the selected devices shows; select a device that does (see `liveassets sizes`) or correct its presentation. [not-checked]\n"))
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
        #expect(bound.output.contains("larger than the compact leading presentation allows on watch-40mm: 304x139 px (152x69.5 pt @2x)"))
        try folder.write(".liveassets.json", Array(#"{"presentations": {"TeamLogo.imageset": ["compact-leading"], "Photo.imageset": ["small"]}, "devices": ["watch"], "supplementalFamilies": ["small"]}"#.utf8))
        let small = try CLIRunner.run(["check", "App.xcassets"], in: folder.url)
        #expect(small.output.contains("TeamLogo.imageset was not checked: it is shown in compact-leading, which none of the selected devices shows"))
        #expect(small.output.contains("photo@3x.png is 2000x3000 px (666.67x1000 pt @3x), larger than the small presentation allows on watch-40mm: 304x139 px (152x69.5 pt @2x)"))
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
        #expect(result.output.contains("larger than the small presentation allows on watch-40mm"))
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
            #expect(result.error == "", "\(include)")
        }
        // Relative to the input: "App.xcassets" is the input itself, not a path inside it.
        let unmatched = try CLIRunner.run(["check", "--include", "App.xcassets/*.imageset", "--exclude", "Previews", "App.xcassets"], in: folder.url)
        #expect(unmatched.status == 1)
        #expect(unmatched.error == """
            warning: --include 'App.xcassets/*.imageset' matched nothing; patterns are relative to each input given (see `liveassets check --help`).
            warning: --exclude 'Previews' matched nothing; patterns are relative to each input given (see `liveassets check --help`).
            Error: no image files were found in App.xcassets.

            """)
        // A folder's exclude leaves out everything in it; an image set whose files are all excluded is left out.
        let excluded = try CLIRunner.run(["check", "--exclude", "photo@3x.png", "--presentation", "lock-screen", "App.xcassets"], in: folder.url)
        #expect(!excluded.output.contains("Photo.imageset") && excluded.error == "")
    }

    @Test func aConfigurationPatternThatMatchesNothingIsSaidWhenTheRunCoversItsFolder() throws {
        let folder = try catalog()
        try folder.write(".liveassets.json", Array(#"{"presentations": {"Logo*.imageset": ["minimal"]}, "exclude": ["Previews"]}"#.utf8))
        let whole = try CLIRunner.run(["check", "."], in: folder.url)
        #expect(whole.error == """
            warning: \(folder.path(".liveassets.json")): the exclude pattern "Previews" matched nothing; patterns are relative to the configuration's folder (see `liveassets check --help`).
            warning: \(folder.path(".liveassets.json")): the presentations pattern "Logo*.imageset" matched nothing; patterns are relative to the configuration's folder (see `liveassets check --help`).

            """)
        // A run over one image set of the folder cannot tell.
        let part = try CLIRunner.run(["check", "App.xcassets/Photo.imageset"], in: folder.url)
        #expect(part.error == "")
    }
}
