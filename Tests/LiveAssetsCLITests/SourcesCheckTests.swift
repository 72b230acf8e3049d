import Foundation
import LiveAssetsPlatform
import LiveAssetsTestSupport
import Testing

/// `liveassets usage` and `check --sources` on the hand-written widget extension of
/// Tests/Fixtures/ScoreWidget beside a catalog of its images.
@Suite struct SourcesCheckTests {
    static let sources = Repository.root.appendingPathComponent("Tests/Fixtures/ScoreWidget").path

    /// Image sets of the fixture's names, @3x only: 600x600 is over every compact and minimal limit and
    /// fits no Lock Screen's height; 600x300 fits every Lock Screen; 3000x100 is over every limit.
    static let sets: [(name: String, width: UInt32, height: UInt32)] = [
        ("team-logo", 600, 600), ("score-badge", 60, 60), ("ball", 600, 600), ("stadium", 600, 300),
        ("stadium-small", 60, 60), ("trophy", 60, 60), ("premier", 3000, 100), ("laliga", 60, 60), ("other-league", 3000, 100),
        ("flag-fr", 60, 60), ("flag-de", 60, 60), ("small-crest", 60, 60), ("app-banner", 3000, 100),
    ]

    static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for set in sets {
            _ = try folder.write("Assets.xcassets/\(set.name).imageset/Contents.json", XcodeContents.imageSet([("\(set.name)@3x.png", 3)]))
            _ = try folder.write("Assets.xcassets/\(set.name).imageset/\(set.name)@3x.png", ImageBytes.png(width: set.width, height: set.height))
        }
        return folder
    }

    /// The oversized findings of a JSON report: image set, and the presentations it is over in.
    static func oversized(_ json: String) throws -> [String: [String]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var found: [String: [String]] = [:]
        for case let finding as [String: Any] in report["findings"] as? [Any] ?? [] where finding["rule"] as? String == "oversized" {
            let path = try #require(finding["path"] as? String)
            let name = String(path.split(separator: "/")[1].dropLast(".imageset".count))
            let presentations = (finding["violations"] as? [[String: Any]] ?? []).compactMap { $0["presentation"] as? String }
            found[name] = Array(Set(presentations)).sorted()
        }
        return found
    }

    @Test func usageOfSwiftFilesAloneSaysToAddTheImages() throws {
        let outcome = try CLIRunner.run(["usage", Self.sources])
        #expect(outcome.status == 0)
        #expect(outcome.output == """
            Read 5 Swift files: 1 ActivityConfiguration, the small family declared.
            No image was found under the paths given: add the folder or asset catalog that holds the widget's images to see which views show each.

            """)
    }

    @Test func usageListsWhereTheCodeShowsEachImage() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["usage", Self.sources, "Assets.xcassets"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(outcome.error == "")
        #expect(outcome.output == """
            ball: minimal (MinimalView.swift:16)
            flag-de, flag-fr: perhaps expanded by `Image("flag-\\(context.state.country).png")` (ScoreLiveActivity.swift:17), a computed name nothing narrows
            laliga, premier: expanded by `Image(context.attributes.league.rawValue)` (ScoreLiveActivity.swift:14), which the code narrows to them
            score-badge: compact trailing (ScoreLiveActivity.swift:25)
            small-crest: small view (ScoreLiveActivity.swift:41)
            stadium-small: Lock Screen (LockScreenView.swift:10)
            stadium: Lock Screen (LockScreenView.swift:12)
            team-logo: compact leading (ScoreLiveActivity.swift:23)
            trophy: Lock Screen (LockScreenView.swift:24)

            Read 5 Swift files: 1 ActivityConfiguration, the small family declared.
            No Live Activity view shows app-banner, other-league: check leaves them out, unless a configuration's presentations place them.

            """)
        let json = try CLIRunner.run(["usage", "--json", Self.sources, "Assets.xcassets"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["unreferenced"] as? [String] == ["app-banner", "other-league"])
        #expect(object["swiftFiles"] as? Int == 5 && object["configurations"] as? Int == 1 && object["declaresSmallFamily"] as? Bool == true)
        let images = try #require(object["images"] as? [[String: Any]])
        let logo = try #require(images.first { $0["name"] as? String == "team-logo" })
        #expect(logo["shownIn"] as? [[String: String]] == [["presentation": "compact-leading", "evidence": "literal", "location": "ScoreLiveActivity.swift:23"]])
    }

    @Test func checkWithSourcesHoldsEachImageToThePresentationsThatShowIt() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check", "--format", "json", "--sources", Self.sources, "Assets.xcassets"], in: folder.url)
        #expect(outcome.status == 2)
        // The compact and minimal failures a reader of the code finds; no compact failure for the Lock
        // Screen's stadium; the images no Live Activity view shows (the app's banner, a league no `League`
        // case names) not checked at all; the flags, which a content state's country may name, checked
        // in expanded as warnings.
        #expect(try Self.oversized(outcome.output) == ["team-logo": ["compact-leading"], "ball": ["minimal"], "premier": ["expanded"]])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let notes = (report["summary"] as? [String: Any])?["notes"] as? [String] ?? []
        #expect(notes == [
            "The 5 Swift files of the sources place 9 images in Live Activity views; 2 images the views may show without the code proving it (flag-de, flag-fr) are checked there, as warnings; `liveassets usage` lists where each is shown.",
            "2 image files no Live Activity view shows (app-banner, other-league) were not checked; `liveassets usage` lists them.",
        ])
        let text = try CLIRunner.run(["check", "--sources", Self.sources, "Assets.xcassets"], in: folder.url)
        #expect(text.output.contains("Assets.xcassets/team-logo.imageset/Contents.json:4:7: error: team-logo@3x.png (600x600 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro, 157x110 px; fit it to at most 110x110 px; shown in compact leading (ScoreLiveActivity.swift:23). [oversized]\n"))
        #expect(text.output.contains("premier@3x.png (3000x100 px, @3x) is too large for expanded; tightest: expanded on iPhone 14 Pro, 1113x480 px; fit it to at most 1113x37 px; shown in expanded (ScoreLiveActivity.swift:14, a computed name the code narrows to this image). [oversized]\n"))
        // Without the sources, the compact and minimal images are held to the Lock Screen and expanded.
        let bare = try CLIRunner.run(["check", "--format", "json", "Assets.xcassets"], in: folder.url)
        #expect(try Self.oversized(bare.output)["team-logo"] == ["expanded", "lock-screen"])
        #expect(try Self.oversized(bare.output)["stadium"] == nil)
    }

    @Test func thePresentationFlagAndConfigurationPatternsComeBeforeTheSources() throws {
        let folder = try Self.folder()
        // A configuration names sources inside its repository (here its folder): the fixture, copied in.
        try FileManager.default.copyItem(atPath: Self.sources, toPath: folder.path("ScoreWidget"))
        _ = try folder.write(".liveassets.json", Array(#"{"presentations": {"ball.imageset": ["lock-screen"]}, "sources": ["ScoreWidget"]}"#.utf8))
        let configured = try CLIRunner.run(["check", "--format", "json", "Assets.xcassets"], in: folder.url)
        let found = try Self.oversized(configured.output)
        #expect(found["ball"] == ["lock-screen"])  // the pattern's, not the code's minimal
        #expect(found["team-logo"] == ["compact-leading"])  // the configuration's sources
        let flagged = try CLIRunner.run(["check", "--format", "json", "--presentation", "lock-screen", "Assets.xcassets"], in: folder.url)
        #expect(try Self.oversized(flagged.output)["team-logo"] == ["lock-screen"])
    }

    @Test func anImageOnlyAComputedNameNothingNarrowsMayShowIsAWarningAndFitLeavesItUnlessAsked() throws {
        let folder = try Self.folder()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in
                Text("x")
            } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { Image(context.state.icon) } compactTrailing: { } minimal: { }
            }
            """.utf8))
        // Held to compact leading, where the code may show it, as a warning naming the call: the code does
        // not prove it is shown; --strict fails on it.
        let outcome = try CLIRunner.run(["check", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(outcome.output == "Assets.xcassets/app-banner.imageset/Contents.json:1:1: warning: app-banner.imageset has no @2x variant, so Apple Watch Series 6 40mm, Apple Watch Series 7 41mm and 7 more device classes use the @3x one; add it. [missing-scale-variant]\nWidget/Activity.swift:4:1: warning: `Image(context.state.icon)` computes a name the code does not narrow, so 1 image may be shown in compact leading; the largest against its limit, app-banner@3x.png (3000x100 px, @3x), is over the 157x110 px limit of compact leading on iPhone 14 Pro; narrow the name in the code, or fit the images it may name. [may-be-shown]\n")
        // JSON lists the image's own finding too, spoken for by the call's.
        let json = try CLIRunner.run(["check", "--format", "json", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(json.output.contains("may be shown in compact leading by `Image(context.state.icon)` (Activity.swift:4), and is too large there; tightest: compact leading on iPhone 14 Pro, 157x110 px; fit it to at most 157x5 px.\""))
        #expect(json.output.contains("\"summarized\": true"))
        let strict = try CLIRunner.run(["check", "--strict", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(strict.status == 3)
        // A rule the configuration makes an error warns too, for an image the code does not prove is shown.
        _ = try folder.write(".liveassets.json", Array(#"{"rules": {"missing-scale-variant": "error"}}"#.utf8))
        let configured = try CLIRunner.run(["check", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(configured.status == 0 && configured.output == outcome.output)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".liveassets.json"))
        // fit leaves it as it is, and says so; with --candidates it fits it to the view.
        let fit = try CLIRunner.run(["fit", "--dry-run", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(fit.status == 0 && fit.output == "")
        #expect(fit.error.contains("1 image a Live Activity view may show (app-banner) was not fitted for that view, as the code does not prove it shows it; `fit --candidates` fits it there too.\n"))
        let candidates = try CLIRunner.run(["fit", "--dry-run", "--candidates", "--sources", "Widget", "--include", "app-banner.imageset", "Assets.xcassets"], in: folder.url)
        #expect(candidates.output.contains("app-banner@3x.png: 3000x100 -> 157x5 px"))
        // usage says it may be shown there.
        let usage = try CLIRunner.run(["usage", "Widget", "Assets.xcassets"], in: folder.url)
        #expect(usage.output.contains("perhaps compact leading by `Image(context.state.icon)` (Activity.swift:4), a computed name nothing narrows\n"))
    }

    @Test func anImageShownForSureInOnePresentationAndPerhapsInAnotherIsCheckedInBoth() throws {
        let folder = try Self.folder()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in
                Image("stadium")
            } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { Image("stad\\(context.state.x)") }
            }
            """.utf8))
        // It fits the Lock Screen, where the code shows it; in minimal only a computed name may show it: a warning.
        let outcome = try CLIRunner.run(["check", "--quiet", "--sources", "Widget", "--include", "stadium.imageset", "Assets.xcassets"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(outcome.output == """
            Assets.xcassets/stadium.imageset/Contents.json:1:1: warning: stadium.imageset has no @2x variant, so iPhone XR, iPhone SE (2nd generation) and 10 more device classes use the @3x one; add it. [missing-scale-variant]
            Widget/Activity.swift:4:1: warning: `Image("stad\\(context.state.x)")` computes a name the code does not narrow, so 1 image may be shown in minimal; the largest against its limit, stadium@3x.png (600x300 px, @3x), is over the 90x73 px limit of minimal on iPhone XR; narrow the name in the code, or fit the images it may name. [may-be-shown]

            """)
        // fit fits it for the Lock Screen alone (the @3x fits there; the missing @2x is added), and leaves
        // minimal to --candidates.
        let fit = try CLIRunner.run(["fit", "--dry-run", "--sources", "Widget", "--include", "stadium.imageset", "Assets.xcassets"], in: folder.url)
        #expect(fit.status == 0 && !fit.output.contains("stadium@3x.png:") && fit.output.contains("would add stadium@2x.png (400x200 px"))
        #expect(fit.error.contains("1 image a Live Activity view may show (stadium) was not fitted for that view"))
        let candidates = try CLIRunner.run(["fit", "--dry-run", "--candidates", "--sources", "Widget", "--include", "stadium.imageset", "Assets.xcassets"], in: folder.url)
        #expect(candidates.output.hasSuffix("Assets.xcassets/stadium.imageset/stadium@3x.png: 600x300 -> 135x67 px (fits 135x110)\n"))
        #expect(candidates.output.contains("would add stadium@2x.png (90x45 px, from the @3x)"))
    }

    @Test func anUnreadableImageNoLiveActivityShowsStopsNeitherCheckNorFit() throws {
        let folder = try Self.folder()
        _ = try folder.write("Assets.xcassets/app-banner.imageset/app-banner@3x.png", Array("not a PNG".utf8))
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Image("stadium") } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        for command in ["check", "fit"] {
            let outcome = try CLIRunner.run([command] + (command == "fit" ? ["--dry-run"] : ["--quiet"]) + ["--sources", "Widget", "--include", "app-banner.imageset", "--include", "stadium.imageset", "Assets.xcassets"], in: folder.url)
            #expect(outcome.status == 0, "\(command)")
            #expect(!(outcome.output + outcome.error).contains("app-banner@3x.png"), "\(command)")
        }
    }

    @Test func aSwiftFileNamedTwoWaysIsReadOnce() throws {
        let folder = try Self.folder()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Image("stadium") } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        // The configuration names the widget's folder by its absolute path; the walk of "." finds it again.
        _ = try folder.write(".liveassets.json", Array(#"{"sources": ["\#(folder.url.path)/Widget"]}"#.utf8))
        let outcome = try CLIRunner.run(["check", "--format", "json", "."], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let notes = (report["summary"] as? [String: Any])?["notes"] as? [String] ?? []
        #expect(notes.first?.hasPrefix("The 1 Swift file of the sources places 1 image in Live Activity views") == true, "\(notes)")
    }

    @Test func aPackageManifestIsNotCountedAmongTheSwiftFiles() throws {
        let folder = try Self.folder()
        _ = try folder.write("Package.swift", Array("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"W\")\n".utf8))
        _ = try folder.write("Package@swift-5.10.swift", Array("// swift-tools-version:5.10\nimport PackageDescription\nlet package = Package(name: \"W\")\n".utf8))
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Image("stadium") } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        let outcome = try CLIRunner.run(["check", "--format", "json", "--no-project", "."], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let notes = (report["summary"] as? [String: Any])?["notes"] as? [String] ?? []
        #expect(notes.first?.hasPrefix("The 1 Swift file under the inputs places 1 image in Live Activity views") == true, "\(notes)")
    }

    @Test func twoImageSetsOfOneNameAreOneImageOfTheViewInItsMemory() throws {
        let folder = try TemporaryDirectory()
        for catalog in ["A", "B"] {
            let contents = #"{"images": [{"idiom": "universal", "filename": "hero@3x.png", "scale": "3x"}]}"#
            _ = try folder.write("\(catalog).xcassets/hero.imageset/Contents.json", Array(contents.utf8))
            _ = try folder.write("\(catalog).xcassets/hero.imageset/hero@3x.png", ImageBytes.png(width: 2000, height: 2000))
        }
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Image("hero") } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        // 16 MB each; the view shows one of them, not both (32 MB, over the budget).
        let outcome = try CLIRunner.run(["check", "--format", "json", "."], in: folder.url)
        #expect(outcome.status == 2)
        #expect(!outcome.output.contains("decoded-memory"))
    }

    @Test func usageSaysAViewTheReaderCouldNotFollowMayShowEveryImage() throws {
        let folder = try Self.folder()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Board(context) } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        let outcome = try CLIRunner.run(["usage", "Widget", "Assets.xcassets"], in: folder.url)
        #expect(outcome.output == """
            app-banner, ball, flag-de and 10 more: perhaps Lock Screen by what the reader could not follow (Activity.swift:1: Board is declared nowhere the reader can read)

            Read 1 Swift file: 1 ActivityConfiguration.
            Not followed: Board (Activity.swift:1) is not declared in these files.

            """)
    }

    @Test func unreadableSourcesStopTheCheckNamingThePath() throws {
        let folder = try Self.folder()
        let outcome = try CLIRunner.run(["check", "--sources", "Missing", "Assets.xcassets"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.output == "")
        #expect(outcome.error == "Error: Missing was given as Swift sources but cannot be read (no such file or directory); give the widget extension's folder.\n")
    }
}
