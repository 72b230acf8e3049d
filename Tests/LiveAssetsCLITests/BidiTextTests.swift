import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// A file name holding U+202E RIGHT-TO-LEFT OVERRIDE (the "Trojan Source" class): every text a person
/// reads shows it as its code, `\u{202E}`; where a format needs the exact path to link a finding to its
/// file, the path keeps it, and a `bidi-name` warning says so.
@Suite struct BidiTextTests {
    static let name = "logo\u{202E}gnp.png"
    static let code = "\\u{202E}"
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("W/\(Self.name)", ImageBytes.png(width: 600, height: 600))
    }

    func check(_ format: String, environment: [String: String] = [:]) throws -> CLIRunner.Outcome {
        let outcome = try CLIRunner.run(["check", "--format", format, "--presentation", "minimal", "--devices", "iphone", "W"],
                                        in: folder.url, environment: environment)
        #expect(outcome.status == 2, "\(format)")
        return outcome
    }

    static func holdsOverride(_ text: some StringProtocol) -> Bool { text.unicodeScalars.contains("\u{202E}") }

    @Test func xcodeKeepsThePathExactAndShowsTheCodeInMessagesAndNotes() throws {
        let outcome = try check("xcode")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let location = try #require(line.range(of: ":1:1: "))
            #expect(line[..<location.lowerBound] == "W/\(Self.name)")
            #expect(!Self.holdsOverride(line[location.upperBound...]) && line.contains("logo\(Self.code)gnp.png"))
        }
        #expect(lines.contains { $0.hasSuffix("W/logo\(Self.code)gnp.png has a name holding U+202E (RIGHT-TO-LEFT OVERRIDE), which makes it read otherwise than it is stored (reports that link to the file give its path as it is); rename it. [bidi-name]") })
        #expect(!Self.holdsOverride(outcome.error))
    }

    @Test func jsonAndSARIFKeepPathsAndShowTheCodeInMessages() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(check("json").output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["oversized", "bidi-name"])
        for finding in findings {
            #expect(finding["path"] as? String == "W/\(Self.name)")
            #expect(!Self.holdsOverride(try #require(finding["message"] as? String)))
        }
        let sarif = try check("sarif").output
        let results = try #require(((try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(!Self.holdsOverride(text) && text.contains("logo\(Self.code)gnp.png"))
        }
        #expect(sarif.contains(#""uri": "W/logo%E2%80%AEgnp.png""#))
    }

    @Test func junitKeepsTheCaseNameAndShowsTheCodeInMessages() throws {
        let junit = try check("junit").output
        #expect(junit.contains("<testcase classname=\"oversized\" name=\"W/\(Self.name)\""))
        #expect(junit.contains("<testcase classname=\"bidi-name\" name=\"W/\(Self.name)\""))
        let messages = junit.split(separator: "\n").filter { $0.contains("<failure") || $0.contains("message=") }
        #expect(!messages.isEmpty && messages.allSatisfy { !Self.holdsOverride($0.drop { $0 != ">" }) })
        #expect(junit.contains("message=\"logo\(Self.code)gnp.png (600x600 px, counted as @1x) is too large for minimal;"))
    }

    @Test func githubKeepsTheFilePropertyAndShowsTheCodeInMessagesAndTheStepSummary() throws {
        let summary = folder.path("summary.md")
        let outcome = try check("github", environment: ["GITHUB_STEP_SUMMARY": summary])
        let annotations = outcome.output.split(separator: "\n").filter { $0.hasPrefix("::error") || $0.hasPrefix("::warning") }
        #expect(annotations.count == 2)
        for annotation in annotations {
            #expect(annotation.contains(" file=W/\(Self.name),"))
            let message = try #require(annotation.range(of: "]::"))
            #expect(!Self.holdsOverride(annotation[message.upperBound...]))
        }
        #expect(!Self.holdsOverride(try String(contentsOfFile: summary, encoding: .utf8)))
    }

    @Test func theHTMLReportShowsTheCodeEverywhere() throws {
        let page = try check("html").output
        #expect(!Self.holdsOverride(page))
        #expect(page.contains("logo\(Self.code)gnp.png"))
    }

    @Test func everyBidiAndInvisibleFormatCharacterIsShownAsItsCode() {
        for scalar: Unicode.Scalar in ["\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                                       "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"] {
            let text = "a" + String(Character(scalar)) + "b"
            #expect(text.visible == "a\\u{\(String(scalar.value, radix: 16, uppercase: true))}b")
            #expect(text.bidiVisible == text.visible)
            #expect(text.controlsVisible == text)
        }
        // Right-to-left letters are text, not controls.
        #expect("شعار".visible == "شعار")
    }
}
