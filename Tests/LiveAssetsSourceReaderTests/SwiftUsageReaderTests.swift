import LiveAssetsPlatform
import Testing

@testable import LiveAssetsSourceReader
import LiveAssetsRun

@Suite struct SwiftUsageReaderTests {
    /// The hand-written widget extension in Tests/Fixtures/ScoreWidget.
    static let folder: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/ScoreWidget"
    }()

    static let names = ["team-logo", "score-badge", "ball", "premier", "laliga", "other-league", "flag-fr", "flag-de",
                        "small-crest", "stadium", "stadium-small", "trophy", "app-banner"]

    static func reading() throws -> SourceReading {
        let files = ["ScoreLiveActivity.swift", "LockScreenView.swift", "MinimalView.swift", "MatchAttributes.swift", "AppView.swift"]
        return try SwiftUsageReader.read(files.map { name in
            (path: folder + "/" + name, bytes: try #require(FileBytes.read(folder + "/" + name)))
        })
    }

    @Test func theReaderFindsEachPresentationsImagesAndWhere() throws {
        let reading = try Self.reading()
        #expect(reading.configurations == 1)
        #expect(reading.declaresSmallFamily)
        let found = reading.references.map { "\($0.presentation.rawValue) \($0.name) \($0.location)" }
        #expect(found == [
            "small literal(\"small-crest.png\") ScoreLiveActivity.swift:41",
            "lock-screen literal(\"stadium-small\") LockScreenView.swift:10",
            "lock-screen literal(\"stadium\") LockScreenView.swift:12",
            "lock-screen literal(\"trophy\") LockScreenView.swift:24",
            "expanded literal(\"laliga\") ScoreLiveActivity.swift:14",
            "expanded literal(\"premier\") ScoreLiveActivity.swift:14",
            "expanded dynamic(Optional(LiveAssetsSourceReader.StringLiteral(pieces: [\"flag-\", \".png\"], holes: [\"context.state.country\"]))) ScoreLiveActivity.swift:17",
            "compact-leading literal(\"team-logo\") ScoreLiveActivity.swift:23",
            "compact-trailing symbol(\"scoreBadge\") ScoreLiveActivity.swift:25",
            "minimal literal(\"ball\") MinimalView.swift:16",
        ])
        #expect(reading.undecided.isEmpty)
    }

    @Test func usageMapsTheReferencesToImageSetsWithTheirEvidence() throws {
        let usage = ImageUsage(try Self.reading(), names: Self.names)
        let shown = usage.shown.mapValues { $0.map { "\($0.presentation.rawValue) \($0.evidence.rawValue) \($0.location)" } }
        #expect(shown == [
            "team-logo": ["compact-leading literal ScoreLiveActivity.swift:23"],
            "score-badge": ["compact-trailing literal ScoreLiveActivity.swift:25"],
            "ball": ["minimal literal MinimalView.swift:16"],
            "premier": ["expanded narrowed ScoreLiveActivity.swift:14"],
            "laliga": ["expanded narrowed ScoreLiveActivity.swift:14"],
            // The country is a content state's value: any flag may be shown.
            "flag-fr": ["expanded candidate ScoreLiveActivity.swift:17"],
            "flag-de": ["expanded candidate ScoreLiveActivity.swift:17"],
            "small-crest": ["small literal ScoreLiveActivity.swift:41"],
            "stadium": ["lock-screen literal LockScreenView.swift:12"],
            "stadium-small": ["lock-screen literal LockScreenView.swift:10"],
            "trophy": ["lock-screen literal LockScreenView.swift:24"],
        ])
        #expect(usage.unreferenced == ["other-league", "app-banner"])
    }

    @Test func aDynamicNameNothingNarrowsMakesEveryFittingNameACandidate() {
        let source = "ActivityConfiguration(for: A.self) { c in Image(c.name) } dynamicIsland: { c in DynamicIsland { } compactLeading: { Image(\"icon-\\(c.code)\") } compactTrailing: { } minimal: { } }"
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let usage = ImageUsage(reading, names: ["icon-a", "icon-b", "hero"])
        #expect(usage.shown["hero"]?.map(\.evidence) == [.candidate])
        #expect(usage.shown["hero"]?.first?.call == "Image(c.name)")
        // The free name `c.name` may be any image, an icon the interpolation also may be included.
        #expect(usage.shown["icon-a"]?.map { "\($0.presentation.rawValue) \($0.evidence.rawValue)" } == ["compact-leading candidate", "lock-screen candidate"])
        #expect(usage.shown["hero"]?.map(\.presentation) == [.lockScreen])
        #expect(usage.unreferenced.isEmpty)
    }

    @Test func aNameNothingConstrainsMayBeAnImageTheCodeNamesElsewhere() {
        let source = """
            ActivityConfiguration(for: A.self) { c in Image(c.team) } dynamicIsland: { c in DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { } }
            struct AppView: View { var body: some View { Image("splash"); Image(.onboardingArt) } }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let usage = ImageUsage(reading, names: ["team-a", "splash", "onboarding-art"])
        // The app's own views naming them proves nothing of the Live Activity's: each may be shown.
        #expect(usage.shown.mapValues { $0.map(\.evidence) } == ["team-a": [.candidate], "splash": [.candidate], "onboarding-art": [.candidate]])
        #expect(usage.unreferenced.isEmpty)
    }

    @Test func aSymbolNamesTheSetsXcodeWouldGenerateItFor() {
        #expect(ImageUsage.symbols(of: "team-logo") == ["teamLogo"])
        #expect(ImageUsage.symbols(of: "Team Logo") == ["teamLogo"])
        #expect(ImageUsage.symbols(of: "score_badge") == ["scoreBadge"])
        #expect(ImageUsage.symbols(of: "ICON") == ["icon"])
        #expect(ImageUsage.symbols(of: "2x-ball") == ["_2xBall"])
        #expect(ImageUsage.symbols(of: "AvatarImage") == ["avatar", "avatarImage"])
        // Two sets with one symbol: the reference is read as dynamic between them.
        let source = "ActivityConfiguration(for: A.self) { c in Image(.teamLogo) } dynamicIsland: { c in DynamicIsland { } }"
        let usage = ImageUsage(SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))]), names: ["team-logo", "team_logo"])
        #expect(usage.shown["team-logo"]?.map(\.evidence) == [.candidate] && usage.shown["team_logo"]?.map(\.evidence) == [.candidate])
    }

    @Test func aViewFromOutsideTheFilesIsSaidToBeUndecidedAndMayShowAnyImage() {
        let source = "ActivityConfiguration(for: A.self) { c in ScoreBoard(c) } dynamicIsland: { c in DynamicIsland { } minimal: { Text(\"x\") } }"
        let reading = SwiftUsageReader.read([(path: "Sources/W.swift", bytes: Array(source.utf8))])
        #expect(reading.undecided == ["ScoreBoard (W.swift:1) is not declared in these files"])
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name) \($0.call) \($0.unresolved ?? "")" } == [
            "lock-screen dynamic(nil) ScoreBoard(c) ScoreBoard is declared nowhere the reader can read",
        ])
    }

    @Test func withoutTheSmallFamilyTheContentViewIsTheLockScreenOnly() {
        let source = "ActivityConfiguration(for: A.self) { c in Image(\"a\") } dynamicIsland: { c in DynamicIsland { } }"
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(!reading.declaresSmallFamily)
        #expect(reading.references.map(\.presentation) == [.lockScreen])
    }
}

extension SwiftUsageReaderTests {
    @Test func aViewInTheSmallAndTheMediumCaseShowsInBoth() {
        let source = """
            struct Crest: View { var body: some View { Image("crest") } }
            struct Family: View {
                @Environment(\\.activityFamily) var activityFamily
                var body: some View {
                    switch activityFamily {
                    case .small: Crest()
                    case .medium: Crest()
                    @unknown default: EmptyView()
                    }
                }
            }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Family() } dynamicIsland: { _ in DynamicIsland { } }
                    .supplementalActivityFamilies([.small])
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.references.map(\.presentation) == [.small, .lockScreen])
    }
}

extension SwiftUsageReaderTests {
    @Test func aConditionalBetweenLiteralsNamesEachAndAFallbackNamesItsLiteral() {
        let source = """
            struct Theme { static func of(_ line: String) -> String { line == "A" ? "line-a" : "line-b" } }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { context in
                    Image(context.state.late ? "late" : "on-time")
                } dynamicIsland: { context in
                    DynamicIsland {
                        DynamicIslandExpandedRegion(.leading) { Image(Theme.of(context.attributes.line)) }
                    } compactLeading: {
                        Image(context.state.badge ?? "badge")
                    }
                }
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let usage = ImageUsage(reading, names: ["late", "on-time", "line-a", "line-b", "badge", "other"])
        let shown = usage.shown.mapValues { Set($0.map { "\($0.presentation.rawValue) \($0.evidence.rawValue)" }) }
        // The theme's function returns one of its two literals; the badge is the fallback of a state value
        // the code does not decide: it is shown, and any other image may be.
        #expect(shown == [
            "late": ["lock-screen literal", "compact-leading candidate"], "on-time": ["lock-screen literal", "compact-leading candidate"],
            "line-a": ["compact-leading candidate", "expanded narrowed"], "line-b": ["compact-leading candidate", "expanded narrowed"],
            "badge": ["compact-leading literal"], "other": ["compact-leading candidate"],
        ])
        #expect(usage.unreferenced.isEmpty)
    }
}

extension SwiftUsageReaderTests {
    @Test func theContentAndDynamicIslandMayBeArgumentsInParentheses() {
        let source = """
            ActivityConfiguration(for: A.self, content: { _ in Image("lock") }, dynamicIsland: { _ in
                DynamicIsland(expanded: { DynamicIslandExpandedRegion(.center) { Image("wide") } },
                              compactLeading: { Image("lead") }, compactTrailing: { EmptyView() }, minimal: { Image("dot") })
            })
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name)" } == [
            "lock-screen literal(\"lock\")", "expanded literal(\"wide\")", "compact-leading literal(\"lead\")", "minimal literal(\"dot\")",
        ])
    }

    @Test func anyBytesAreReadWithoutATrapAndEveryTokenIsProgress() {
        // Fragments of Swift, cut and joined at random: unclosed strings, comments, brackets, regexes.
        let fragments = ["ActivityConfiguration(for: A.self) {", "} dynamicIsland: {", "DynamicIsland {", "Image(\"", "\\(", "#\"", "\"#",
                         "\"\"\"", "/*", "*/", "//", "\n", "#/", "/#", "/", "#if", "#endif", "struct V: View { var body: some View {",
                         "}", ")", "(", "[", "]", "`", "'", "\\", "$0", "1e+", "0x1p-", "?", "!", ".", "..<", "case .small:", "switch activityFamily {"]
        var random = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 40) { text += fragments[Int(random.next() % UInt64(fragments.count))] }
            let bytes = Array(text.utf8)
            #expect(SwiftLexer.tokens(of: bytes).count <= bytes.count)
            _ = SwiftUsageReader.read([(path: "F.swift", bytes: bytes)])
        }
    }
}

/// A small seeded generator, so that a failure can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SwiftUsageReaderTests {
    static func presentations(_ source: String, files: [(String, String)] = []) -> [String] {
        let sources = [(path: "W.swift", bytes: Array(source.utf8))] + files.map { (path: $0.0, bytes: Array($0.1.utf8)) }
        return SwiftUsageReader.read(sources).references.map { "\($0.presentation.rawValue) \($0.name) \($0.location)" }
    }

    @Test func aMemberNamedBodyAndAStoredPropertyBeforeBodyAreNotViewsToFollow() {
        let source = """
            struct App: View { var body: some View { Image("app-banner") } }
            struct Lock: View {
                var context: ActivityViewContext<A>
                var body: some View { Image("lock") }
            }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { context in Lock(context: context) } dynamicIsland: { context in
                    DynamicIsland { } compactTrailing: { Text(context.state.name).font(.body) }
                }
            }
            """
        #expect(Self.presentations(source) == ["lock-screen literal(\"lock\") W.swift:4"])
    }

    @Test func aSwitchInsideTheSmallCaseKeepsItSmall() {
        let source = """
            struct Family: View {
                @Environment(\\.activityFamily) var activityFamily
                var body: some View {
                    switch activityFamily {
                    case .small:
                        switch phase {
                        case .live: Image("live")
                        default: Image("idle")
                        }
                    default: Image("card")
                    }
                }
            }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Family() } dynamicIsland: { _ in DynamicIsland { } }
                    .supplementalActivityFamilies([.small])
            }
            """
        #expect(Self.presentations(source) == [
            "small literal(\"live\") W.swift:7", "small literal(\"idle\") W.swift:8", "lock-screen literal(\"card\") W.swift:10",
        ])
    }

    @Test func anExtensionsBodyIsReadWhateverFileDeclaresTheView() {
        let activity = "ActivityConfiguration(for: A.self) { _ in ZView() } dynamicIsland: { _ in DynamicIsland { } }"
        let files = [("AExt.swift", "extension ZView { var body: some View { Image(\"b\") } }"), ("Z.swift", "struct ZView: View {}")]
        #expect(Self.presentations(activity, files: files) == ["lock-screen literal(\"b\") AExt.swift:1"])
    }

    @Test func anIslandBuiltByAFunctionIsFollowedAndOneNotFoundIsSaidSo() {
        let source = """
            func island(_ context: C) -> DynamicIsland {
                DynamicIsland { } compactLeading: { Image("dot") }
            }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Text("") } dynamicIsland: { context in island(context) }
            }
            """
        #expect(Self.presentations(source) == ["compact-leading literal(\"dot\") W.swift:2"])
        let elsewhere = "ActivityConfiguration(for: A.self) { _ in Text(\"\") } dynamicIsland: { context in Shared.island(context) }"
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(elsewhere.utf8))])
        #expect(reading.undecided == ["the Dynamic Island of the ActivityConfiguration at W.swift:1 is not built where the reader can follow it"])
    }

    @Test func typesTheFilesDeclareAreNotUndecidedAndOthersAreSaidOnceEach() {
        let source = """
            struct Team { let name: String }
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in
                    Score(team: Team(name: "a")); Score(team: Team(name: "b"))
                } dynamicIsland: { _ in DynamicIsland { } minimal: { Score() } }
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.undecided == ["Score (W.swift:4 and 1 more place) is not declared in these files"])
    }
}
