import Foundation
import LiveAssetsTestSupport
import Testing

/// A pull request's `.liveassets.json` cannot act unseen: every effect it has on what is checked is a
/// notice, once per run, in every format (golden files `Golden/notices.*`); notices never change the
/// exit code, nor count under `--strict`.
@Suite struct ConfigurationNoticeTests {
    let folder: TemporaryDirectory

    /// A widget's folder whose configuration does each thing a configuration can do to a check.
    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("W/big.png", ImageBytes.png(width: 2000, height: 2000))
        try folder.write("W/hidden.png", ImageBytes.png(width: 2000, height: 2000))
        try folder.write("W/splash.png", ImageBytes.png(width: 2000, height: 2000))
        try folder.write("W/badge.png", ImageBytes.png(width: 60, height: 60))
        try folder.write("W/Gone.xcassets/Gone.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "gone.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        try folder.write("W/Code/Activity.swift", Array("""
            struct A: Widget { var body: some WidgetConfiguration {
                ActivityConfiguration(for: X.self) { _ in VStack { Image("badge"); Image("big") } } dynamicIsland: { _ in DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { } } } }

            """.utf8))
        try folder.write("W/.liveassets.json", Array("""
            {
              "rules": {"oversized": "off", "catalog-missing-file": "warning", "exif-rotated": "error"},
              "strict": false,
              "exclude": ["hidden.png", "nothing-here"],
              "presentations": {"splash.png": [], "badge.png": ["minimal"]},
              "supplementalFamilies": ["small"],
              "devices": ["iphone", "watch"],
              "sources": ["Code"]
            }

            """.utf8))
    }

    func check(_ arguments: [String]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["check"] + arguments + ["W"], in: folder.url)
    }

    @Test(arguments: ["xcode", "json", "sarif", "junit", "github"])
    func eachEffectIsANoticeInEachFormat(format: String) throws {
        let result = try check(["--format", format])
        #expect(result.status == 0)
        let text = format == "xcode" ? result.output + "--- standard error\n" + result.error : result.output
        try Golden.expectMatches(Golden.normalizingRun(text), "notices.\(format)")
    }

    @Test func theStepSummaryAndTheHTMLReportListTheNotices() throws {
        let summary = folder.path("summary.md")
        let github = try CLIRunner.run(["check", "--format", "github", "W"], in: folder.url, environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(github.status == 0)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("### liveassets check: 0 errors, 1 warning in 2 image files (1 more not in a Live Activity, not checked)\n\nConfiguration:\n\n- W/\\.liveassets\\.json, line 2, turns the rule \\`oversized\\` off"))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("- W/") }.count == 9)
        let html = try check(["--format", "html"])
        #expect(html.status == 0)
        let start = try #require(html.output.range(of: "<dt>Configuration</dt><dd><ul class=\"configuration\">\n"))
        let items = String(html.output[start.upperBound...]).components(separatedBy: "</ul>")[0]
        #expect(items.components(separatedBy: "<li>").count - 1 == 9)
        #expect(items.contains("<li>W/.liveassets.json, line 2, turns the rule <code>oversized</code> off, so its findings are not reported.</li>"))
    }

    @Test func noticesNeverChangeTheExitCodeNorCountUnderStrict() throws {
        // The catalog's missing file, lowered to a warning, is the run's one finding: --strict fails on it (3).
        #expect(try check([]).status == 0)
        #expect(try check(["--strict"]).status == 3)
        // With nothing to find, notices alone pass under --strict.
        try FileManager.default.removeItem(atPath: folder.path("W/Gone.xcassets"))
        let strict = try check(["--strict", "--format", "json"])
        #expect(strict.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(strict.output.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["configuration"] as? [Any])?.count == 8)  // "strict": false has no effect under --strict
        #expect(summary["warnings"] as? Int == 0 && summary["errors"] as? Int == 0)
        // The same tree without the configuration: the oversized images are errors (exit 2).
        try FileManager.default.removeItem(atPath: folder.path("W/.liveassets.json"))
        #expect(try check([]).status == 2)
    }

    @Test func quietKeepsTheNotices() throws {
        let quiet = try check(["--quiet"])
        let lines = quiet.error.split(separator: "\n")
        #expect(lines.count == 10)  // the warning of a pattern that matched nothing, then the 9 notices
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("W/.liveassets.json:") && $0.contains(":1: note: this configuration ") })
    }
}
