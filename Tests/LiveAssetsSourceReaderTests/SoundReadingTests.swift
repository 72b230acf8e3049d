import Foundation
import Testing

@testable import LiveAssetsSourceReader
import LiveAssetsCore

/// What the reader decides of each image: shown (named, or narrowed to a closed set), may be shown (the
/// code does not decide), or not referenced; and that it never narrows by strings found elsewhere.
@Suite struct SoundReadingTests {
    /// Each image name the files reference, with "presentation evidence" for each place.
    static func shown(_ files: [(String, String)], names: [String]) -> [String: Set<String>] {
        let reading = SwiftUsageReader.read(files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
        let usage = ImageUsage(reading, names: names)
        var result = usage.shown.mapValues { Set($0.filter { $0.evidence != .candidate }.map { "\($0.presentation.rawValue) \($0.evidence.rawValue)" }) }
        for (name, list) in usage.candidates {
            result[name, default: []].formUnion(list.map { "\($0.presentation.rawValue) candidate" })
        }
        return result
    }

    /// A Live Activity whose compact leading view is `view`, beside `declarations`.
    static func compact(_ view: String, _ declarations: String = "") -> [(String, String)] {
        [("W.swift", """
            struct W: Widget { var body: some WidgetConfiguration {
                ActivityConfiguration(for: MatchAttributes.self) { context in Text("") } dynamicIsland: { context in
                    DynamicIsland { } compactLeading: { \(view) } compactTrailing: { } minimal: { }
                }
            } }
            \(declarations)
            """)]
    }

    @Test func anEnumsCaseNamesNarrowItsDescribedNameAndTheCodesOtherStringsNarrowNothing() {
        let files = [
            ("Card.swift", """
                enum Card: CaseIterable {
                    case card_a, card_b
                    var fileName: String { .init(describing: self) }
                }
                extension CaseIterable { static var random: Self { allCases.randomElement()! } }
                struct Settings { var iconName: String? { return "big-icon" } }
                """),
            ("Activity.swift", """
                struct W: Widget { var body: some WidgetConfiguration {
                    ActivityConfiguration(for: A.self) { context in Image(Card.random.fileName) } dynamicIsland: { _ in DynamicIsland { } }
                } }
                """),
        ]
        #expect(Self.shown(files, names: ["card_a", "card_b", "big-icon"]) == ["card_a": ["lock-screen narrowed"], "card_b": ["lock-screen narrowed"]])
    }

    /// Each way the attack rounds found to show an image: the view, the declarations beside it, and what
    /// the reader makes of "team-logo" and of "other" (nil: not referenced).
    static let shapes: [(view: String, declarations: String, teamLogo: String, other: String?)] = [
        // A generated accessor file in the target: followed to its name.
        ("Image(asset: Asset.teamLogo)", "enum Asset { static let teamLogo = ImageAsset(name: \"team-logo\") }", "compact-leading literal", nil),
        ("Asset.teamLogo.swiftUIImage", "enum Asset { static let teamLogo = ImageAsset(name: \"team-logo\") }", "compact-leading literal", nil),
        // Not in the target: declared nowhere the reader can read, so any image may be shown.
        ("Asset.teamLogo.swiftUIImage", "", "compact-leading candidate", "compact-leading candidate"),
        ("Image(uiImage: UIImage(resource: .teamLogo))", "", "compact-leading literal", nil),
        ("Image(uiImage: UIImage(imageLiteralResourceName: \"team-logo\"))", "", "compact-leading literal", nil),
        ("Image(uiImage: #imageLiteral(resourceName: \"team-logo\"))", "", "compact-leading literal", nil),
        ("SwiftUI.Image(\"team-logo\")", "", "compact-leading literal", nil),
        ("Image(uiImage: UIKit.UIImage(named: \"team-logo\")!)", "", "compact-leading literal", nil),
        ("Image(uiImage: .init(named: \"team-logo\")!)", "", "compact-leading literal", nil),
        ("Image(uiImage: UIImage(named: \"team-logo.png\")!)", "", "compact-leading literal", nil),
        ("Image(uiImage: UIImage(contentsOfFile: Bundle.main.path(forResource: \"team-logo\", ofType: \"png\")!)!)", "", "compact-leading narrowed", nil),
        ("Image(uiImage: UIImage(contentsOfFile: folder + \"/\" + name)!)", "", "compact-leading candidate", "compact-leading candidate"),
        ("Text(\"\\(Image(\"team-logo\")) 2-1\")", "", "compact-leading literal", nil),
        ("Label { Text(\"score\") } icon: { Image(\"team-logo\") }", "", "compact-leading literal", nil),
        ("Image(context.state.a ? \"other\" : context.state.b ? \"team-logo\" : \"third\")", "", "compact-leading literal", "compact-leading literal"),
        ("Image(Team.home.logo)", "enum Team { case home, away\n var logo: String { switch self { case .home: \"team-logo\" case .away: \"other\" } } }",
         "compact-leading narrowed", "compact-leading narrowed"),
        // A lookup with a fallback: the table's values and the fallback; a table the reader cannot find, any.
        ("Image(Logos.table[context.state.id] ?? \"placeholder\")", "enum Logos { static let table = [\"a\": \"team-logo\", \"b\": \"other\"] }",
         "compact-leading narrowed", "compact-leading narrowed"),
        ("Image(Self.table[context.state.id] ?? \"placeholder\")", "", "compact-leading candidate", "compact-leading candidate"),
        ("Image(Logos.all.randomElement()!)", "enum Logos { static let all = [\"team-logo\", \"other\"] }", "compact-leading narrowed", "compact-leading narrowed"),
        ("Image(uiImage: Crest.logo)", "enum Crest { static var logo: UIImage { UIImage(named: \"team-logo\")! } }", "compact-leading literal", nil),
        ("Crest.badge", "enum Crest { static var badge: TeamBadge { TeamBadge() } }\nstruct TeamBadge: View { var body: some View { Image(\"team-logo\") } }",
         "compact-leading literal", nil),
        // Helpers declared outside the code read, a view declared nowhere, a macro: any image may be shown.
        ("Image(Theme.logo(for: context.state.team))", "", "compact-leading candidate", "compact-leading candidate"),
        ("TeamBadge(team: context.state.team)", "", "compact-leading candidate", "compact-leading candidate"),
        ("#TeamLogo(context.state.team)", "", "compact-leading candidate", "compact-leading candidate"),
    ]

    @Test(arguments: Self.shapes.indices)
    func eachWayOfNamingAnImageIsRead(shape index: Int) {
        let shape = Self.shapes[index]
        let shown = Self.shown(Self.compact(shape.view, shape.declarations), names: ["team-logo", "other"])
        #expect(shown["team-logo"] == [shape.teamLogo], "\(shape.view)")
        #expect(shown["other"] == shape.other.map { [$0] }, "\(shape.view)")
    }

    @Test func aRawValueIsNarrowedToItsOwnEnumsValuesNeverAnothers() {
        let declarations = "struct MatchAttributes { var team: Team }\nenum Team: String { case home = \"team-logo\" }\nenum Other: String { case x = \"other\" }"
        let shown = Self.shown(Self.compact("Image(context.attributes.team.rawValue)", declarations), names: ["team-logo", "other"])
        #expect(shown == ["team-logo": ["compact-leading narrowed"]])
    }

    @Test func aContentViewPassedByReferenceIsFollowed() {
        let source = """
            struct LockScreenView: View { let context: ActivityViewContext<A>; var body: some View { Image("team-logo") } }
            struct W: Widget { var body: some WidgetConfiguration {
                ActivityConfiguration(for: A.self, content: LockScreenView.init, dynamicIsland: { _ in DynamicIsland { } })
            } }
            """
        #expect(Self.shown([("W.swift", source)], names: ["team-logo"]) == ["team-logo": ["lock-screen literal"]])
    }

    @Test func theSmallFamilyDeclaredThroughAPropertyIsFound() {
        let source = """
            struct W: Widget {
                static let families: [ActivityFamily] = [.small, .medium]
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: A.self) { _ in Image("team-logo") } dynamicIsland: { _ in DynamicIsland { } }
                        .supplementalActivityFamilies(Self.families)
                }
            }
            """
        let reading = SwiftUsageReader.read([(path: "W.swift", bytes: Array(source.utf8))])
        #expect(reading.smallFamily == .declared)
        // Families the reader cannot follow may hold the small one: its view's images are candidates.
        let unknown = source.replacingOccurrences(of: "static let families: [ActivityFamily] = [.small, .medium]", with: "")
        let undecided = SwiftUsageReader.read([(path: "W.swift", bytes: Array(unknown.utf8))])
        #expect(undecided.smallFamily == .undecided)
        #expect(undecided.references.filter { $0.presentation == .small }.map(\.evidence) == [.candidate])
    }

    @Test func aDefaultAModifiersCopyChangesOrATwinTypeHasDecidesNothing() {
        let copied = """
            struct Badge: View {
                var showsCrest = false
                var body: some View { if showsCrest { Image("team-logo") } else { Image("other") } }
                func crest(_ on: Bool) -> Self { var copy = self; copy.showsCrest = on; return copy }
            }
            """
        #expect(Self.shown(Self.compact("Badge().crest(true)", copied), names: ["team-logo", "other"])
            == ["team-logo": ["compact-leading literal"], "other": ["compact-leading literal"]])
        let twins = [
            ("A.swift", "struct Badge: View { var big = true\n var body: some View { if big { Image(\"team-logo\") } else { Image(\"other\") } } }"),
            ("B.swift", "struct Badge: View { var big = false\n var body: some View { if big { Image(\"team-logo\") } else { Image(\"other\") } } }"),
        ]
        #expect(Self.shown(Self.compact("Badge()") + twins, names: ["team-logo", "other"])
            == ["team-logo": ["compact-leading literal"], "other": ["compact-leading literal"]])
    }

    @Test func aStringDescribingAnEnumIsItsDescriptionWhereItDeclaresOneAndOpenWithValues() {
        let described = """
            enum Team: CustomStringConvertible { case home
                var description: String { "team-logo" }
                var name: String { "\\(self)" }
            }
            """
        #expect(Self.shown(Self.compact("Image(Team.home.name)", described), names: ["team-logo", "home"]) == ["team-logo": ["compact-leading narrowed"]])
        let payload = "enum Team { case home(Int)\n var name: String { String(describing: self) } }"
        #expect(Self.shown(Self.compact("Image(Team.home(1).name)", payload), names: ["team-logo", "home"])
            == ["team-logo": ["compact-leading candidate"], "home": ["compact-leading candidate"]])
    }

    @Test func theRecieversTypeUnknownEveryMemberOfThatNameMayBeShown() {
        let declarations = """
            enum Team { case a\n var logo: String { "team-logo" } }
            enum League { case b\n var logo: String { "other" } }
            """
        // `row` is a closure's parameter the reader does not type: both `logo`s are possible, neither proven.
        #expect(Self.shown(Self.compact("ForEach(rows) { row in Image(row.logo) }", declarations), names: ["team-logo", "other", "third"])
            == ["team-logo": ["compact-leading candidate"], "other": ["compact-leading candidate"]])
    }

    @Test func theSystemsTypesAreKnownNotUnresolved() {
        let view = """
            VStack { Text(Date.now, style: .timer).font(Font.body).foregroundStyle(Color.red)
                Text(LocalizedStringKey("score")); Image(systemName: "star")
                Text(String(data: Data(), encoding: .utf8) ?? "") ; Text(URLRequest(url: URL(string: "x")!).description)
                Label("Score", systemImage: "star"); Text("").font(Font(UIFont.systemFont(ofSize: 12))) }
            """
        let reading = SwiftUsageReader.read(Self.compact(view).map { (path: $0.0, bytes: Array($0.1.utf8)) })
        #expect(reading.references.isEmpty)
        #expect(reading.undecided.isEmpty)
    }

    @Test func aNameWithAnImageExtensionMatchesTheLooseFileAndTheImageSet() {
        let shown = Self.shown(Self.compact("Image(uiImage: UIImage(named: \"hero.jpg\")!)"), names: ["hero.jpg", "hero", "other"])
        #expect(shown == ["hero.jpg": ["compact-leading literal"], "hero": ["compact-leading literal"]])
    }

    @Test func aConstructTheReaderCannotFollowIsOneReferenceForItsView() {
        let reading = SwiftUsageReader.read(Self.compact("HStack { TeamBadge(); TeamBadge() }").map { (path: $0.0, bytes: Array($0.1.utf8)) })
        #expect(reading.references.map { "\($0.presentation.rawValue) \($0.name) \($0.location) \($0.unresolved ?? "")" } == [
            "compact-leading dynamic(nil) W.swift:3 TeamBadge is declared nowhere the reader can read",
        ])
    }
}
