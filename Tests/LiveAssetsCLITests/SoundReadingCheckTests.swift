import Foundation
import LiveAssetsTestSupport
import Testing

/// `check` on widget code the reader decides, or does not: an image is an error where the code names or
/// narrows it, a warning where it may be shown, left out only where every view was read to its end.
@Suite struct SoundReadingCheckTests {
    /// An image set of one @3x file.
    static func imageSet(_ folder: TemporaryDirectory, _ path: String, width: UInt32, height: UInt32) throws {
        let name = String(path.split(separator: "/").last!.dropLast(".imageset".count))
        let contents = #"{"images": [{"idiom": "universal", "filename": "\#(name)@3x.png", "scale": "3x"}]}"#
        _ = try folder.write(path + "/Contents.json", Array(contents.utf8))
        _ = try folder.write(path + "/\(name)@3x.png", ImageBytes.png(width: width, height: height))
    }

    @Test func theEnumsCaseNamesPlaceTheCardsAndAnUnrelatedStringPlacesNothing() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("Widget/Card.swift", Array("""
            enum Card: CaseIterable {
                case card_a, card_b
                var fileName: String { .init(describing: self) }
            }
            extension CaseIterable { static var random: Self { allCases.randomElement()! } }
            struct Settings { var iconName: String? { return "big-icon" } }
            """.utf8))
        _ = try folder.write("Widget/Activity.swift", Array("""
            struct CardActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: CardAttributes.self) { context in
                        Image(Card.random.fileName)
                    } dynamicIsland: { context in
                        DynamicIsland { } compactLeading: { Text("a") } compactTrailing: { Text("b") } minimal: { Text("c") }
                    }
                }
            }
            """.utf8))
        try Self.imageSet(folder, "Widget/Assets.xcassets/card_a.imageset", width: 3000, height: 3000)
        try Self.imageSet(folder, "Widget/Assets.xcassets/card_b.imageset", width: 90, height: 90)
        try Self.imageSet(folder, "Widget/Assets.xcassets/big-icon.imageset", width: 3000, height: 3000)
        let outcome = try CLIRunner.run(["check", "--format", "json", "Widget"], in: folder.url)
        #expect(outcome.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        // card_a an error, in the Lock Screen the code shows it in; card_b checked (it fits); big-icon not shown.
        #expect(findings.filter { $0["rule"] as? String == "oversized" }.map { "\($0["severity"]!) \(($0["image"] as? String ?? "").split(separator: "/").last!)" }
            == ["error card_a@3x.png"])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["notInLiveActivity"] as? [String])?.map { String($0.split(separator: "/").last!) } == ["big-icon@3x.png"])
        #expect(summary["files"] as? Int == 3)
    }

    @Test func aViewDeclaredNowhereIsOneFindingWithItsCountAndItsLargestImage() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in
                Text("score")
            } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { TeamBadge(team: context.state.team) } compactTrailing: { } minimal: { }
            }
            """.utf8))
        try Self.imageSet(folder, "Widget/Assets.xcassets/lakers.imageset", width: 300, height: 300)
        try Self.imageSet(folder, "Widget/Assets.xcassets/celtics.imageset", width: 600, height: 600)
        try Self.imageSet(folder, "Widget/Assets.xcassets/bulls.imageset", width: 60, height: 60)
        let outcome = try CLIRunner.run(["check", "--devices", "iPhone 16 Pro", "Widget"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(outcome.output == """
            Widget/Activity.swift:4:1: warning: TeamBadge is declared nowhere the reader can read (`TeamBadge(team: context.state.team)`), so 3 images may be shown in compact leading; the largest against its limit, celtics@3x.png (600x600 px, @3x), is over the 157x110 px limit of compact leading on iPhone 16 Pro; let the reader follow it, or fit the images it may show. [may-be-shown]

            """)
        #expect(outcome.error.hasPrefix("liveassets: 0 errors, 1 warning in 3 image files\n"))
        // --strict fails on it; JSON lists each image's own finding, spoken for by that one.
        #expect(try CLIRunner.run(["check", "--strict", "--devices", "iPhone 16 Pro", "Widget"], in: folder.url).status == 3)
        let json = try CLIRunner.run(["check", "--format", "json", "--devices", "iPhone 16 Pro", "Widget"], in: folder.url)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["rule"]!) \($0["summarized"] as? Bool ?? false)" } == ["may-be-shown false", "oversized true", "oversized true"])
    }

    @Test func aNamespacedFolderNamesItsImagesWithItsName() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in
                Image("Teams/lakers")
            } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { Image("Flags/\\(context.state.code)", bundle: .module) } compactTrailing: { } minimal: { }
            }
            """.utf8))
        _ = try folder.write("Widget/Assets.xcassets/Teams/Contents.json", Array(#"{"properties": {"provides-namespace": true}}"#.utf8))
        _ = try folder.write("Widget/Assets.xcassets/Flags/Contents.json", Array(#"{"properties": {"provides-namespace": true}}"#.utf8))
        try Self.imageSet(folder, "Widget/Assets.xcassets/Teams/lakers.imageset", width: 1500, height: 1500)
        try Self.imageSet(folder, "Widget/Assets.xcassets/Flags/fr.imageset", width: 600, height: 600)
        let outcome = try CLIRunner.run(["check", "--devices", "iPhone 16 Pro", "--format", "json", "Widget"], in: folder.url)
        #expect(outcome.status == 2)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        // The team's logo an error in the Lock Screen; the flag, which the code does not narrow, a warning in compact leading.
        #expect(findings.filter { $0["summarized"] as? Bool != true }.map { "\($0["rule"]!) \($0["severity"]!) \($0["presentation"] as? String ?? "")" }
            == ["may-be-shown warning compact-leading", "oversized error lock-screen"])
        #expect(findings.contains { $0["rule"] as? String == "oversized" && $0["severity"] as? String == "error" && ($0["image"] as? String)?.hasSuffix("Teams/lakers.imageset/lakers@3x.png") == true })
        #expect(findings.contains { $0["rule"] as? String == "may-be-shown" && ($0["image"] as? String)?.hasSuffix("Flags/fr.imageset/fr@3x.png") == true })
    }

    @Test func aCatalogWithItsOwnConfigurationIsStillPlacedByTheCodeBesideIt() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Text("") } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { Image("logo") } compactTrailing: { } minimal: { }
            }
            """.utf8))
        _ = try folder.write("Widget/Assets.xcassets/.liveassets.json", Array("{}".utf8))
        // 300x300 fits the Lock Screen and expanded bound, not compact leading, where the code shows it.
        try Self.imageSet(folder, "Widget/Assets.xcassets/logo.imageset", width: 300, height: 300)
        let outcome = try CLIRunner.run(["check", "--devices", "iPhone 16 Pro", "Widget"], in: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.output.contains("logo@3x.png (300x300 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 16 Pro, 157x110 px (inferred); fit it to at most 110x110 px; shown in compact leading (Activity.swift:2). [oversized]"))
    }

    @Test func aNameWithItsExtensionIsTheLooseFileAndTheImageSet() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in Text("") } dynamicIsland: { context in
                DynamicIsland { } compactLeading: { Image(uiImage: UIImage(named: "hero.jpg")!) } compactTrailing: { } minimal: { }
            }
            """.utf8))
        _ = try folder.write("Widget/hero.jpg", ImageBytes.jpegHeader(width: 300, height: 300))
        try Self.imageSet(folder, "Widget/Assets.xcassets/hero.imageset", width: 300, height: 300)
        let outcome = try CLIRunner.run(["check", "--devices", "iPhone 16 Pro", "--format", "json", "Widget"], in: folder.url)
        #expect(outcome.status == 2)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let errors = findings.filter { $0["rule"] as? String == "oversized" && $0["severity"] as? String == "error" }
        #expect(errors.compactMap { ($0["image"] as? String)?.split(separator: "/").last.map(String.init) }.sorted() == ["hero.jpg", "hero@3x.png"])
    }
}
