import Foundation
import LiveAssetsRun
import LiveAssetsReports
import Testing

/// C0 control characters in file names and Contents.json strings: XML 1.0 cannot carry them even as
/// references, so JUnit shows U+FFFD; JSON (the report, SARIF, Contents.json edits) escapes them as
/// \u00XX; GitHub's workflow commands and step summary show them as their codes (`\\u{1B}`).
@Suite struct ControlCharacterReportTests {
    static let path = "in/a\u{01}b\u{1B}c\u{7F}d\u{FFFF}.png"

    func report(strict: Bool = false) -> CheckReport {
        let finding = Finding(rule: .oversized, path: Self.path, message: "a\u{01}b is\tbig,\r\nreally \u{02}.")
        return CheckReport(findings: [finding], files: [Self.path, "ok\u{1F}.png"], strict: strict,
                           context: .init(toolVersion: "0", timestamp: "T", hostname: "h\u{03}st", seconds: 0))
    }

    @Test func junitReplacesWhatXMLCannotHoldAndKeepsDEL() {
        let text = ReportFormat.junit.render(report())
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite package="liveassets" id="0" name="liveassets check" timestamp="T" hostname="h\u{FFFD}st" tests="2" failures="1" errors="0" skipped="0" time="0.000">
                <properties/>
                <testcase classname="oversized" name="in/a\u{FFFD}b\u{FFFD}c\u{7F}d\u{FFFD}.png" time="0">
                  <failure type="oversized" message="a\u{FFFD}b is&#9;big, really \u{FFFD}.">a\u{FFFD}b is\tbig,&#13;
            really \u{FFFD}.</failure>
                </testcase>
                <testcase classname="liveassets" name="ok\u{FFFD}.png" time="0"/>
                <system-out/>
                <system-err/>
              </testsuite>
            </testsuites>

            """)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func jsonAndSARIFEscapeControlCharactersAsUnicodeEscapes() throws {
        let json = ReportFormat.json.render(report())
        #expect(json.contains(#""path": "in/a\u0001b\u001bc\#u{7F}d\#u{FFFF}.png","#))
        // SARIF's location is a URI: percent-encoded.
        let sarif = ReportFormat.sarif.render(report())
        #expect(sarif.contains(#""uri": "in/a%01b%1Bc%7Fd%EF%BF%BF.png""#))
        for text in [json, sarif] {
            #expect(text.contains(#""a\u0001b is\tbig,\r\nreally \u0002.""#))
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        }
    }

    @Test func githubAnnotationsAndStepSummaryShowControlCharactersAsTheirCodes() {
        let rendered = GitHubReport.render(report())
        #expect(rendered.annotations
            == "::error file=in/a\\u{01}b\\u{1B}c\\u{7F}d\u{FFFF}.png,title=Oversized image [oversized]::a\\u{01}b is\tbig,%0D%0Areally \\u{02}.\n")
        #expect(rendered.stepSummary.hasSuffix(
            #"| error | oversized | in/a\\u\{01\}b\\u\{1B\}c\\u\{7F\}d\#u{FFFF}\.png |  |  |  |  | a\\u\{01\}b is\#tbig, really \\u\{02\}\. |\#n"#))
    }

    /// A name written to be Markdown and HTML (a link that claims the check passed, a remote image, an
    /// autolink, an e-mail address, bold text) is shown as its characters in the step summary.
    @Test func theStepSummaryShowsMarkdownAndHTMLInANameAsText() {
        let name = "[**All checks passed**](https://example.com/x) <img src=https://example.com/p.png> www.example.com a@example.com $x$ `c` ~~s~~ &amp;"
        #expect(GitHubReport.escapeCell(name) == #"""
            \[\*\*All checks passed\*\*\]\(https\://example\.com/x\) \<img src=https\://example\.com/p\.png\> www\.example\.com a\@example\.com \$x\$ \`c\` \~\~s\~\~ \&amp;
            """#)
        let finding = Finding(rule: .catalogMissingFile, path: "A.xcassets/L.imageset/Contents.json", message: "lists \(name), which is missing.")
        let summary = GitHubReport.render(CheckReport(findings: [finding], files: [], strict: false,
                                                      context: .init(toolVersion: "0", timestamp: "T", hostname: "h", seconds: 0))).stepSummary
        // Outside the escapes, none of the characters that make a link, an image or HTML is left bare.
        let row = summary.split(separator: "\n").last!
        var bare = ""
        var escaped = false
        for character in row {
            if !escaped && "[]()<>!:".contains(character) { bare.append(character) }
            escaped = !escaped && character == "\\"
        }
        #expect(bare == "")
    }

    @Test func aContentsJSONEditEscapesAControlCharacterInTheFileName() throws {
        let contents = "{\n  \"images\" : [\n    {\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\"\n    }\n  ]\n}\n"
        let edited = try ImageSetEdit.addingFile("a\u{01}\"b@2x.png", scale: 2, to: contents)
        #expect(edited == contents.replacingOccurrences(
            of: "      \"idiom\"", with: "      \"filename\" : \"a\\u0001\\\"b@2x.png\",\n      \"idiom\""))
        #expect(try ImageSetContents.entries(Array(edited.utf8)).map(\.filename) == ["a\u{01}\"b@2x.png"])
    }
}
