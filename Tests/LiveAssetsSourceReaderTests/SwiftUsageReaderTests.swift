import LiveAssetsPlatform
import Testing

@testable import LiveAssetsSourceReader
import LiveAssetsRun
import LiveAssetsReports

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

extension SwiftUsageReaderTests {
    @Test func everyWaySwiftUINamesAnImageIsRead() {
        let source = """
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Text("") } dynamicIsland: { _ in
                    DynamicIsland {
                        DynamicIslandExpandedRegion(.leading) { Button("Go", image: "go") { } }
                    } compactLeading: {
                        Label("Score", image: "logo")
                    } compactTrailing: {
                        Image(.init(name: "made", bundle: .main))
                    } minimal: {
                        Image(ImageResource(name: "resource", bundle: .main))
                        Image(ImageResource.generated)
                        Image("bundled", bundle: .main)
                        Image(decorative: "plain", bundle: .main)
                        Image("labelled", label: Text("x"))
                        Image(uiImage: UIImage(named: "ui", in: .main, with: nil)!)
                        Toggle("t", image: .toggled, isOn: $on)
                        Label("Symbol", systemImage: "star")
                    }
                }
            }
            """
        #expect(Self.presentations(source) == [
            "expanded literal(\"go\") W.swift:4",
            "compact-leading literal(\"logo\") W.swift:6",
            "compact-trailing literal(\"made\") W.swift:8",
            "minimal literal(\"resource\") W.swift:10",
            "minimal symbol(\"generated\") W.swift:11",
            "minimal literal(\"bundled\") W.swift:12",
            "minimal literal(\"plain\") W.swift:13",
            "minimal literal(\"labelled\") W.swift:14",
            "minimal literal(\"ui\") W.swift:15",
            "minimal symbol(\"toggled\") W.swift:16",
        ])
    }

    /// Hostile code is read in work bounded by its size: each view or function is followed a bounded
    /// number of times however often it is named, brackets are paired in one pass, and past a budget
    /// proportional to the code the reader stops and says so.
    @Test func aFunctionThatCallsItselfIsFollowedOnce() {
        let calls = Array(repeating: "f()", count: 300).joined(separator: " ")
        let source = """
            func w() -> some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Text("") } dynamicIsland: { _ in f() }
            }
            func f() -> some View { \(calls) Image("dot") }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        // No DynamicIsland anywhere: said so, after reading f's 900 tokens a few times, not 300^4.
        #expect(reading.undecided == ["the Dynamic Island of the ActivityConfiguration at W.swift:2 is not built where the reader can follow it"])
        // Its presentations may show any image.
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name)" } == [
            "expanded dynamic(nil)", "compact-leading dynamic(nil)", "compact-trailing dynamic(nil)", "minimal dynamic(nil)",
        ])
    }

    @Test func bracketsArePairedAsTheCompilerWouldWhateverTheirNumber() {
        let tokens = SwiftLexer.tokens(of: Array("( [ { ) ] } ( ] ] ) { ( }".utf8))
        // `)` closes the `(` and the two left open inside it; a `]` with no `[` open closes nothing.
        #expect(SwiftUsageReader.partners(tokens) == [3, 3, 3, 0, -1, -1, 9, -1, -1, 6, 12, 12, 10])
        let unbalanced = SwiftLexer.tokens(of: Array((String(repeating: "(", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
        let partners = SwiftUsageReader.partners(unbalanced)
        #expect(partners.prefix(100_000).allSatisfy { $0 == 200_000 } && partners.suffix(100_000).allSatisfy { $0 == -1 })
    }

    @Test func codeMoreTangledThanAWidgetsIsCutAndTheReadingSaysSo() {
        let nested = String(repeating: "DynamicIsland(", count: 20_000) + String(repeating: ")", count: 20_000)
        let source = "ActivityConfiguration(for: A.self) { _ in Image(\"lock\") } dynamicIsland: { _ in \(nested) }"
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let tokens = SwiftLexer.tokens(of: Array(source.utf8)).count
        let steps = SwiftUsageReader.workAllowance + SwiftUsageReader.workPerToken * tokens
        #expect(reading.undecided == ["the views left when the reader stopped, after \(steps.groupedDigits) steps (64 for each of the code's \(tokens.groupedDigits) tokens, and a fixed allowance): code this tangled is not a widget's"])
        // What was read before the cut stays; every presentation may show any image (the small one is not declared).
        #expect(reading.references.first.map { "\($0.presentation.rawValue) \($0.name)" } == "lock-screen literal(\"lock\")")
        #expect(Set(reading.references.dropFirst().filter { $0.name == .dynamic(nil) }.map(\.presentation)) == Set(Presentation.allCases).subtracting([.small]))
    }
}

extension SwiftUsageReaderTests {
    @Test func aBranchTheViewsOwnLiteralDefaultDecidesIsReadOnItsTakenSideOnly() {
        let source = """
            struct TeamBadge: View {
                var size: CGFloat = 40
                let compact = false
                @State var expanded = false
                var body: some View {
                    if size > 30 { Image("badge-large") } else { Image("badge-small") }
                    if compact { Image("dot") } else if size < 10 { Image("tiny") } else { Image("full") }
                    if expanded { Image("open") } else { Image("closed") }
                }
            }
            struct Sized: View {
                var size: CGFloat = 40
                var body: some View { if self.size > 30 { Image("sized-large") } else { Image("sized-small") } }
            }
            struct Passed: View {
                var size: CGFloat = 40
                var body: some View { if size > 30 { Image("passed-large") } else { Image("passed-small") } }
            }
            ActivityConfiguration(for: A.self) { c in
                TeamBadge()
                Sized(size: 12)
                Passed(size: c.size)
            } dynamicIsland: { c in DynamicIsland { } compactLeading: { Sized() } compactTrailing: { } minimal: { } }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let names = ["badge-large", "badge-small", "dot", "tiny", "full", "open", "closed", "sized-large", "sized-small", "passed-large", "passed-small"]
        let usage = ImageUsage(reading, names: names)
        // The defaults decide TeamBadge's branches; @State may change. Each call of Sized decides its own:
        // the Lock Screen's passes 12, compact leading's the default 40; Passed's call passes a variable.
        #expect(usage.shown.mapValues { $0.map(\.presentation) } == [
            "badge-large": [.lockScreen], "full": [.lockScreen], "open": [.lockScreen], "closed": [.lockScreen],
            "sized-small": [.lockScreen], "sized-large": [.compactLeading], "passed-large": [.lockScreen], "passed-small": [.lockScreen],
        ])
        #expect(usage.unreferenced == ["badge-small", "dot", "tiny"])
    }
}

extension SwiftUsageReaderTests {
    @Test func membersStoredViewsAndModifiersAreFollowedAsPlainNamesAre() {
        let source = """
            extension View { func teamBadge() -> some View { overlay { Image("badge") } } }
            extension Image { static var crest: Image { Image("crest") } }
            enum Team { static func logo(for id: String) -> some View { Image("logo") } }
            struct Art { static let banner = Image("banner")
                .resizable()
                static let unrelated = 4
            }
            struct Glow: ViewModifier { func body(content: Content) -> some View { content.overlay(Image("glow")) } }
            struct Pill: ButtonStyle { func makeBody(configuration: Configuration) -> some View { Image("pill") } }
            struct AppOnly: View { var body: some View { if let art = Optional(1) { Image("splash") } } }
            ActivityConfiguration(for: A.self) { c in
                Text("x").teamBadge()
                Image.crest
                Team.logo(for: "a")
                Art.banner
                Text("y").modifier(Glow())
                Button("b") { }.buttonStyle(Pill())
                art
            } dynamicIsland: { c in
                DynamicIsland { } compactLeading: { Image(uiImage: .generatedLead) } compactTrailing: { Image(uiImage: UIImage.generatedTrail) } minimal: { }
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name)" } == [
            "lock-screen literal(\"badge\")", "lock-screen literal(\"crest\")", "lock-screen literal(\"logo\")",
            "lock-screen literal(\"banner\")", "lock-screen literal(\"glow\")", "lock-screen literal(\"pill\")",
            "compact-leading symbol(\"generatedLead\")", "compact-trailing symbol(\"generatedTrail\")",
        ])
        // An `if let`'s braces are not a stored value: `art` does not lead to the app's splash.
        #expect(reading.undecided.isEmpty)
    }

    @Test func viewsNestedPastTheDepthAreSaidNotSkippedQuietly() {
        let chain = (0..<12).map { "struct V\($0): View { var body: some View { V\($0 + 1)() } }" }.joined(separator: "\n")
        let source = chain + "\nstruct V12: View { var body: some View { Image(\"deep\") } }\n"
            + "ActivityConfiguration(for: A.self) { c in V0() } dynamicIsland: { c in DynamicIsland { } }"
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        // Said at the presentation's view the chain starts from (its configuration's closure), once.
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name) \($0.location) \($0.unresolved ?? "")" }
            == ["lock-screen dynamic(nil) W.swift:14 views nested more than 8 deep"])
        #expect(reading.undecided == ["the view at W.swift:9, nested more than 8 deep"])
    }

    @Test func aDefaultTheTypeAssignsOrAnInitSetsDecidesNothing() {
        let source = """
            struct Assigned: View {
                var size: CGFloat = 40
                var flag = true
                var on = true
                var body: some View {
                    if size > 30 { Image("a-large") } else { Image("a-small") }
                    if flag { Image("f-on") } else { Image("f-off") }
                    if on { Image("o-on") } else { Image("o-off") }
                    Toggle("t", isOn: $on).onAppear { size += 1; self.flag.toggle() }
                }
            }
            struct Initialized: View {
                var size: CGFloat = 40
                var body: some View { if size > 30 { Image("i-large") } else { Image("i-small") } }
            }
            extension Initialized { init(small: Bool) { size = small ? 10 : 40 } }
            struct Made: View {
                var size: CGFloat = 40
                var body: some View { if size > 30 { Image("m-large") } else { Image("m-small") } }
            }
            let made: Made = .init(size: 10)
            ActivityConfiguration(for: A.self) { c in Assigned(); Initialized(); Made() } dynamicIsland: { c in DynamicIsland { } }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let names = ["a-large", "a-small", "f-on", "f-off", "o-on", "o-off", "i-large", "i-small", "m-large", "m-small"]
        let usage = ImageUsage(reading, names: names)
        // Every branch may be taken: each default is changed somewhere.
        #expect(usage.unreferenced == [])
    }

    @Test func anInterpolationWithNoFixedTextMayBeAnyImage() {
        let source = """
            ActivityConfiguration(for: A.self) { c in Image("\\(c.team)") } dynamicIsland: { c in DynamicIsland { } }
            struct AppView: View { var body: some View { Image("splash") } }
            """
        let usage = ImageUsage(SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))]), names: ["team-a", "splash"])
        #expect(usage.shown["team-a"]?.map(\.evidence) == [.candidate] && usage.shown["splash"]?.map(\.evidence) == [.candidate])
    }
}

extension SwiftUsageReaderTests {
    @Test func aPreviewsSampleAndTheCodesOtherStringsNarrowNothing() {
        let source = """
            ActivityConfiguration(for: A.self) { c in Image(systemName: "truck.box") } dynamicIsland: { c in
                DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { Image(c.attributes.courier) }
            }
            #Preview("Live", as: .content, using: A(courier: "courier-acme")) { W() } contentStates: { A.State(step: "step-a") }
            struct W_Previews: PreviewProvider { static var previews: some View { V(name: "courier-zoom") } }
            let real = ["courier-real"]
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let usage = ImageUsage(reading, names: ["courier-acme", "courier-zoom", "courier-real", "truck.box"])
        // `courier` is an attribute of a type these files do not declare: any image may be shown.
        #expect(usage.shown.mapValues { $0.map(\.evidence) } == [
            "courier-acme": [.candidate], "courier-zoom": [.candidate], "courier-real": [.candidate], "truck.box": [.candidate],
        ])
    }

    @Test func aSwitchOnTheFamilyIsReadWhateverTheEnvironmentValueIsCalled() {
        let source = """
            struct Family: View {
                @Environment(\\.activityFamily) var family
                var body: some View {
                    switch family {
                    case .small: Image("watch-glyph")
                    default: Image("lock")
                    }
                }
            }
            ActivityConfiguration(for: A.self) { _ in Family() } dynamicIsland: { _ in DynamicIsland { } }
                .supplementalActivityFamilies([.small])
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name)" } == ["small literal(\"watch-glyph\")", "lock-screen literal(\"lock\")"])
    }
}

extension SwiftUsageReaderTests {
    @Test func aNameReadFromAPropertyOrARawValueIsNarrowedThroughItsReceiversType() {
        let source = """
            enum Carrier: String { case acme = "carrier-acme"; case zoom = "carrier-zoom" }
            enum Step { case packing, shipping
                var iconName: String { switch self { case .packing: return "step-packing"; case .shipping: return "step-shipping" } }
            }
            enum Other: String { case other = "other-raw" }
            struct A: ActivityAttributes {
                struct ContentState: Codable, Hashable { var step: Step }
                var carrier: Carrier
            }
            ActivityConfiguration(for: A.self) { c in Image(c.state.step.iconName) } dynamicIsland: { c in
                DynamicIsland { } compactLeading: { Image(row.carrier.rawValue) } compactTrailing: { } minimal: { Image(c.attributes.carrier.rawValue) }
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        let usage = ImageUsage(reading, names: ["carrier-acme", "carrier-zoom", "step-packing", "step-shipping", "other-raw", "hero"])
        // The context's attributes and state are typed by `for: A.self`: their members narrow. `row` is not
        // typed: `carrier` is looked up by name (A's), so its raw values may be shown, not proven.
        #expect(usage.shown.mapValues { Set($0.map { "\($0.presentation.rawValue) \($0.evidence.rawValue)" }) } == [
            "carrier-acme": ["minimal narrowed", "compact-leading candidate"], "carrier-zoom": ["minimal narrowed", "compact-leading candidate"],
            "step-packing": ["lock-screen narrowed"], "step-shipping": ["lock-screen narrowed"],
        ])
        #expect(usage.unreferenced == ["other-raw", "hero"])
    }
}
