import Foundation
import Testing

@testable import LiveAssetsSourceReader

/// An app's own code, read for every image call wherever it is: what `fit` leaves, as the app shows it too.
@Suite struct ImageMentionsTests {
    static func mentions(_ code: String) -> ImageMentions {
        SwiftUsageReader.mentions([(path: "/app/App.swift", bytes: Array(code.utf8))])
    }

    static func listed(_ code: String) -> [String] {
        mentions(code).mentions.filter(\.isCall).map { "\($0.name) \($0.evidence.rawValue) \($0.location) \($0.call)" }
    }

    @Test func everyImageCallIsFoundInViewsControllersAndFunctionsAlike() {
        let code = """
            import SwiftUI
            import UIKit
            struct Header: View {
                var body: some View { Image("logo").resizable() }
            }
            final class Onboarding: UIViewController {
                override func viewDidLoad() {
                    let view = UIImageView(image: UIImage(named: "welcome.png"))
                    view.image = .hero
                    let icon = UIImage.badge
                    let banner = #imageLiteral(resourceName: "banner")
                    let old = R.image.legacyIcon()
                    let label = Text("\\(Image("inline")) 2-1")
                }
            }
            func tab() -> some View { Label("Home", image: "house-custom") }
            func scanned(_ cgImage: CGImage) -> some View { Image(decorative: cgImage, scale: 1, orientation: .up) }
            func photo(_ cgImage: CGImage) -> some View { Image(cgImage, scale: 2, label: Text("")) }

            """
        #expect(Self.listed(code) == [
            "literal(\"logo\") literal App.swift:4 Image(\"logo\")",
            "literal(\"welcome.png\") literal App.swift:8 UIImage(named: \"welcome.png\")",
            "symbol(\"badge\") literal App.swift:10 UIImage.badge",
            "literal(\"banner\") literal App.swift:11 #imageLiteral(resourceName: \"banner\")",
            "symbol(\"legacyIcon\") literal App.swift:12 R.image.legacyIcon",
            "literal(\"inline\") literal App.swift:13 Image(\"inline\")",
            "literal(\"house-custom\") literal App.swift:16 Label(\"Home\", image: \"house-custom\")",
        ])
        #expect(Self.mentions(code).unread.isEmpty)
    }

    @Test func aComputedNameIsNarrowedWhereTheCodeDecidesItAndAnyNameWhereItDoesNot() {
        let code = """
            import SwiftUI
            enum Team: String { case lions, tigers }
            struct Crest: View {
                let team: Team
                var dark: Bool
                var body: some View {
                    Image(dark ? "crest-dark" : "crest")
                    Image(team.rawValue)
                }
            }
            func flag(_ code: String) -> UIImage? { UIImage(named: "flag-\\(code)") }
            func any(_ name: String) -> UIImage? { UIImage(named: name) }

            """
        #expect(Self.listed(code) == [
            "literal(\"crest\") literal App.swift:7 Image(dark?\"crest-dark\": \"crest\")",
            "literal(\"crest-dark\") literal App.swift:7 Image(dark?\"crest-dark\": \"crest\")",
            "literal(\"lions\") narrowed App.swift:8 Image(team.rawValue)",
            "literal(\"tigers\") narrowed App.swift:8 Image(team.rawValue)",
            "dynamic(Optional(LiveAssetsSourceReader.StringLiteral(pieces: [\"flag-\", \"\"], holes: [\"code\"]))) candidate App.swift:11 UIImage(named: \"flag-\\(code)\")",
            "dynamic(nil) candidate App.swift:12 UIImage(named: name)",
        ])
    }

    @Test func aLocalBindingIsReadInItsOwnBlockOnly() {
        // `name` in `a()` is "sun"; the `name` of `b()` is a parameter, so any name.
        let code = """
            func a() -> UIImage? {
                let name = "sun"
                return UIImage(named: name)
            }
            func b(name: String) -> UIImage? {
                UIImage(named: name)
            }

            """
        #expect(Self.listed(code) == [
            "literal(\"sun\") narrowed App.swift:3 UIImage(named: name)",
            "dynamic(nil) candidate App.swift:6 UIImage(named: name)",
        ])
    }

    @Test func aMentionMatchesAnImageAsTheLiveActivitysReferencesDo() {
        let code = "let a = UIImage(named: \"logo.png\")\nlet b = Image(.teamBadge)\nlet c = UIImage(named: \"flag-\\(code)\")\nlet d = Image(.Onboarding.pencil)\n"
        let found = Self.mentions(code).strongest(for: ["logo", "team-badge", "flag-fr", "other", "Onboarding/Pencil"])
        #expect(found["logo"]?.line == 1 && found["logo"]?.evidence == .literal)
        #expect(found["team-badge"]?.evidence == .literal)
        #expect(found["flag-fr"]?.evidence == .candidate)
        #expect(found["other"] == nil)
        // A set in a folder that provides a namespace has its namespace's type before its symbol.
        #expect(found["Onboarding/Pencil"]?.line == 4 && found["Onboarding/Pencil"]?.evidence == .literal)
    }

    @Test func aNameOutsideAnyImageCallMayNameTheImage() {
        // The app's own wrapper, and UIKit's `image` properties set to a generated symbol.
        let code = """
            let row = SettingsRow(title: "Lock", icon: "padlock")
            imageView.image = .heroBanner
            let other = Color.red
            let logo = UIImage(named: "padlock")

            """
        let found = Self.mentions(code).strongest(for: ["padlock", "hero-banner", "red"])
        #expect(found["padlock"].map { "\($0.line) \($0.isCall)" } == "4 true")  // the call beats the bare string
        #expect(found["hero-banner"].map { "\($0.call) \($0.evidence.rawValue) \($0.isCall)" } == ".heroBanner candidate false")
        #expect(found["red"] == nil)  // `Color.red` is a member of a type, not an implicit one
    }

    @Test func storyboardsAndXIBsNameTheirImages() {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <imageView image="launch-logo" id="a"/>
                <button><state key="normal" backgroundImage="R&amp;D"/></button>
                <resources>
                    <image name="launch-logo" width="120" height="120"/>
                </resources>
            </document>

            """
        let found = ImageMentions.interfaceMentions(path: "/app/LaunchScreen.storyboard", bytes: Array(storyboard.utf8))
        #expect(found.map { "\($0.name) \($0.line) \($0.call)" } == [
            "literal(\"launch-logo\") 3 image=\"launch-logo\"",
            "literal(\"R&D\") 4 backgroundImage=\"R&amp;D\"".replacingOccurrences(of: "backgroundImage", with: "Image"),
            "literal(\"launch-logo\") 6 <image name=\"launch-logo\"",
        ])
    }

    @Test func codePastTheReadersBudgetIsSaidUnread() {
        // Every call reads a property of some 2,000 tokens: 3,000 calls cost more than the budget allows.
        let chain = (0..<400).map { "c\($0) ? \"a\($0)\" : " }.joined() + "\"z\""
        let code = "var name: String { \(chain) }\n" + String(repeating: "let x = UIImage(named: name)\n", count: 3000)
        let found = Self.mentions(code)
        #expect(found.unread.count == 1)
        #expect(found.unread.first?.hasPrefix("the code past the reader's budget (64 steps for each of its ") == true)
    }
}
