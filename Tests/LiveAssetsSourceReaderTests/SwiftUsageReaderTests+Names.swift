import LiveAssetsPlatform
import Testing

@testable import LiveAssetsSourceReader
import LiveAssetsRun

// How the reader names images and follows code: the calls, recursion, brackets, literal defaults,
// members and modifiers, interpolations, receivers' types.
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
