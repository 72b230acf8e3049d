import Foundation
import LiveAssetsTestSupport
import Testing

/// `check PROJECT` with no options on the hand-written project of Tests/Fixtures/MatchProject: an app,
/// a home-screen widget and a Live Activity, with one asset catalog for all three. The findings are
/// those a person reading the code would list.
@Suite struct MatchProjectTests {
    static let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/MatchProject")

    /// Each image set's @3x size (its @2x is two thirds of it), and why it is there.
    /// With no project file, every image of the folder is in scope: `Image(context.attributes.team)`, a
    /// `String` attribute nothing narrows, may show any of them in minimal.
    static let sets: [(name: String, width: UInt32, height: UInt32)] = [
        ("splash", 3000, 2000),            // the app's own views name it; the team name may be it: the largest
        ("standings-banner", 3000, 1000),  // the home-screen widget names it; the team name may be it
        ("stadium", 600, 240),             // the Lock Screen view, a literal name: fits
        ("league-badge", 300, 300),        // compactLeading:, a literal name: too large
        ("team-lakers", 300, 300),         // minimal: the team name may be it
        ("team-celtics", 60, 60),          // the same, and fits
        ("team-retired", 300, 300),        // the same, but the configuration says it is in no Live Activity
        ("flag-fr", 1500, 1000),           // expanded: "flag-\(country.rawValue)", a `Country` case: too large
        ("flag-de", 90, 60),               // the same, and fits
        ("flag-it", 1500, 1000),           // fits the interpolation, but no `Country` case names "it"
    ]

    /// The fixture's Swift files and configuration, beside a catalog of `sets`.
    static func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for file in ["MatchApp/ContentView.swift", "HomeWidget/StandingsWidget.swift", "MatchWidget/MatchAttributes.swift",
                     "MatchWidget/MatchLiveActivity.swift", ".liveassets.json"] {
            try folder.write("Match/" + file, Array(try Data(contentsOf: fixture.appendingPathComponent(file))))
        }
        for set in sets {
            let contents = #"{"images": [{"idiom": "universal", "filename": "\#(set.name)@2x.png", "scale": "2x"}, {"idiom": "universal", "filename": "\#(set.name)@3x.png", "scale": "3x"}]}"#
            try folder.write("Match/Assets.xcassets/\(set.name).imageset/Contents.json", Array(contents.utf8))
            try folder.write("Match/Assets.xcassets/\(set.name).imageset/\(set.name)@3x.png", ImageBytes.png(width: set.width, height: set.height))
            try folder.write("Match/Assets.xcassets/\(set.name).imageset/\(set.name)@2x.png",
                             ImageBytes.png(width: set.width * 2 / 3, height: set.height * 2 / 3))
        }
        return folder
    }

    @Test func checkWithNoOptionsGivesTheFindingsTheCodeImplies() throws {
        let folder = try Self.project()
        let outcome = try CLIRunner.run(["check", "Match"], in: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.output == """
            Match/Assets.xcassets/flag-fr.imageset/Contents.json:1:105: error: flag-fr@3x.png (1500x1000 px, @3x) is too large for expanded; tightest: expanded on iPhone 14 Pro, 1113x480 px; fit it to at most 720x480 px; shown in expanded (MatchLiveActivity.swift:15, a computed name the code narrows to this image). [oversized]
            Match/Assets.xcassets/league-badge.imageset/Contents.json:1:110: error: league-badge@3x.png (300x300 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro, 157x110 px; fit it to at most 110x110 px; shown in compact leading (MatchLiveActivity.swift:18). [oversized]
            Match/Assets.xcassets/league-badge.imageset/Contents.json:1:36: error: league-badge@2x.png (200x200 px, @2x) is too large for compact leading; tightest: compact leading in the Smart Stack on Apple Watch Series 6 40mm, 304x139 px (inferred); fit it to at most 139x139 px; shown in compact leading (MatchLiveActivity.swift:18). [oversized]
            Match/MatchWidget/MatchLiveActivity.swift:22:1: warning: `Image(context.attributes.team)` computes a name the code does not narrow, so 9 images may be shown in minimal; the largest against its limit, splash@2x.png (2000x1333 px, @2x), is over the 90x73 px limit of minimal on iPhone XR; narrow the name in the code, or fit the images it may name. [may-be-shown]

            """)
        let notice = "Match/.liveassets.json:3:1: note: this configuration puts 2 image files in no Live Activity with the pattern \"team-retired.imageset\": [] (`team-retired.imageset`), so they are not checked.\n"
        #expect(outcome.error == notice + """
            liveassets: 3 errors, 1 warning in 18 image files (2 more not in a Live Activity, not checked)
            note: 2 oversized findings rest on a tightest limit that Apple does not publish; `liveassets sizes` marks each such number and says how it was inferred.
            note: The 4 Swift files under the inputs place 4 images in Live Activity views; 5 images the views may show without the code proving it (flag-it, splash, standings-banner, ...) are checked there, as warnings; `liveassets usage` lists where each is shown.

            """)
        // JSON lists the files it did not check.
        let json = try CLIRunner.run(["check", "--format", "json", "Match"], in: folder.url)
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect((summary["notInLiveActivity"] as? [String])?.map { String($0.split(separator: "/")[2]) }
            == ["team-retired.imageset", "team-retired.imageset"])
        #expect(summary["files"] as? Int == 20)
        // JSON lists each image the team name may show, its finding spoken for by the call's.
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["summarized"] as? Bool == true }.compactMap { ($0["image"] as? String)?.split(separator: "/").last }
            == ["flag-fr@2x.png", "flag-fr@3x.png", "flag-it@2x.png", "flag-it@3x.png", "league-badge@2x.png", "league-badge@3x.png", "splash@2x.png", "splash@3x.png", "stadium@2x.png", "stadium@3x.png",
                "standings-banner@2x.png", "standings-banner@3x.png", "team-lakers@2x.png", "team-lakers@3x.png"])
        #expect(summary["warnings"] as? Int == 1)
        // JUnit never passes an image it did not check: a skipped case.
        let junit = try CLIRunner.run(["check", "--format", "junit", "Match"], in: folder.url)
        #expect(junit.output.contains("""
                <testcase classname="liveassets" name="Match/Assets.xcassets/team-retired.imageset/team-retired@3x.png" time="0">
                  <skipped message="not in a Live Activity: not checked"/>
                </testcase>
            """))
        #expect(junit.output.contains(#"<testcase classname="may-be-shown" name="Match/MatchWidget/MatchLiveActivity.swift" time="0"/>"#))
        #expect(junit.output.contains(#"tests="9" failures="2" errors="0" skipped="2""#))
        // --strict fails on the warnings too; --quiet drops the summary, never what the configuration changed.
        let strict = try CLIRunner.run(["check", "--strict", "--quiet", "Match"], in: folder.url)
        #expect(strict.status == 2 && strict.error == notice && strict.output == outcome.output)
    }

    @Test func withoutTheSourcesEveryImageIsCheckedByTheDefault() throws {
        let folder = try Self.project()
        let outcome = try CLIRunner.run(["check", "--no-sources", "--format", "json", "Match"], in: folder.url)
        #expect(outcome.status == 2)
        // The app's splash and the home-screen banner are held to the Lock Screen and expanded sizes again.
        #expect(outcome.output.contains("splash@3x.png (3000x2000 px, @3x) is too large for expanded and Lock Screen"))
        #expect(outcome.output.contains("standings-banner@3x.png (3000x1000 px, @3x) is too large for expanded and Lock Screen"))
        // The configuration still says it is in no Live Activity: no finding, and listed as not checked.
        #expect(!outcome.output.contains("team-retired@2x.png (") && !outcome.output.contains("team-retired@3x.png ("))
        #expect(outcome.output.contains("\"notInLiveActivity\": [\n      \"Match/Assets.xcassets/team-retired.imageset/team-retired@2x.png\""))
    }

    @Test func fitChangesOnlyTheImagesTheCodeProvesAreShown() throws {
        let folder = try Self.project()
        let fit = try CLIRunner.run(["fit", "--dry-run", "Match"], in: folder.url)
        #expect(fit.status == 0)
        #expect(fit.output == """
            Match/Assets.xcassets/flag-fr.imageset/flag-fr@3x.png: 1500x1000 -> 720x480 px (fits 1113x480)
            Match/Assets.xcassets/league-badge.imageset/league-badge@3x.png: 300x300 -> 110x110 px (fits 157x110)
            Match/Assets.xcassets/league-badge.imageset/league-badge@2x.png: 200x200 -> 139x139 px (fits 304x139)

            """)
        #expect(fit.error.hasSuffix("""
            8 images a Live Activity view may show (flag-de, flag-fr, flag-it and 5 more) were not fitted for that view, as the code does not prove it shows them; `fit --candidates` fits them there too.
            Match/.liveassets.json:3:1: note: this configuration puts 2 image files in no Live Activity with the pattern "team-retired.imageset": [] (`team-retired.imageset`), so they are not checked.
            3 would be fitted, 3 already fitting, 0 failed; 2 image files not in a Live Activity left as they are

            """))
        let candidates = try CLIRunner.run(["fit", "--dry-run", "--candidates", "Match"], in: folder.url)
        #expect(candidates.output.contains("Match/Assets.xcassets/team-lakers.imageset/team-lakers@3x.png: 300x300 -> 110x110 px"))
    }
}

extension MatchProjectTests {
    /// Code it could not read may show any image: then no image is taken for one no view shows.
    @Test func aSwiftFileThatCannotBeReadMayShowEveryImageAndSaysSoOnce() throws {
        let folder = try Self.project()
        #expect(mkfifo(folder.path("Match/MatchWidget/Pipe.swift"), 0o644) == 0)
        let outcome = try CLIRunner.run(["check", "Match"], in: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.output.contains("""
            Match/MatchWidget/Pipe.swift:1:1: warning: Match/MatchWidget/Pipe.swift cannot be read (it is not a regular file), so 9 images may be shown in compact leading, compact trailing, minimal, expanded and Lock Screen; the largest against its limit, splash@2x.png (2000x1333 px, @2x), is over the 90x73 px limit of minimal on iPhone XR; let the reader follow it, or fit the images it may show. [may-be-shown]
            """))
        #expect(outcome.error.contains("The code could not be followed everywhere: Match/MatchWidget/Pipe.swift cannot be read (it is not a regular file)"))
        // Named with --sources, the same file stops the run, naming it.
        let named = try CLIRunner.run(["check", "--sources", "Match/MatchWidget/Pipe.swift", "Match"], in: folder.url)
        #expect(named.status == 1 && named.error == "Error: Match/MatchWidget/Pipe.swift was given as Swift sources but cannot be read (it is not a regular file); give the widget extension's folder.\n")
    }
}
