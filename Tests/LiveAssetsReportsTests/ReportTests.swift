import LiveAssetsRun
import LiveAssetsReports
import Testing

@Suite struct ReportTests {
    func report(_ count: Int, severity: Severity) -> CheckReport {
        let findings = (0..<count).map { index in
            Finding(rule: .oversized, severity: severity, path: "a/b\(index < 10 ? "0" : "")\(index).png",
                    message: "b\(index).png is 100% too big:\nreally, truly.")
        }
        return CheckReport(findings: findings, files: findings.map(\.path), strict: false,
                           context: .init(toolVersion: "0", timestamp: "T", hostname: "H", seconds: 0))
    }

    @Test func githubShowsTenPerSeverityAndCountsTheRest() {
        let many = report(25, severity: .error)
        let rendered = GitHubReport.render(many)
        let lines = rendered.annotations.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.last == "::notice::15 more findings are not annotated (GitHub shows 10 per severity); the step summary lists them all.")
        #expect(rendered.stepSummary.split(separator: "\n").count == 3 + 25)
        // Data escapes %, CR and LF; properties also : and ,.
        #expect(lines.first == "::error file=a/b00.png,title=Oversized image [oversized]::b0.png is 100%25 too big:%0Areally, truly.")
    }

    @Test func xcodeLinesStayOnOneLine() {
        #expect(ReportFormat.xcode.render(report(1, severity: .warning))
            == "a/b00.png:1:1: warning: b0.png is 100% too big: really, truly. [oversized]\n")
    }

    @Test func xcodeLinesAreWrittenOneByOneInOrder() {
        let large = report(300, severity: .warning)
        var written = ""
        ReportFormat.xcode.write(large, to: &written)
        let lines = written.split(separator: "\n")
        #expect(lines.count == 300)
        #expect(zip(lines, large.findings).allSatisfy { line, finding in
            line.hasPrefix("\(finding.path):1:1: warning: \(finding.message.prefix(10))")
        })
        #expect(Set(lines).count == 300)
        #expect(written == ReportFormat.xcode.render(large))
    }

    @Test func findingsInReportOrderAreKeptAsGiven() {
        let findings = [
            Finding(rule: .oversized, severity: .error, path: "a.png", message: "a"),
            Finding(rule: .exifRotated, severity: .warning, path: "b.jpg", message: "b"),
            Finding(rule: .oversized, severity: .error, path: "c.png", message: "c"),
        ]
        let report = CheckReport(orderedFindings: findings, files: ["a.png", "b.jpg", "c.png"], strict: true,
                                 context: .init(toolVersion: "0", timestamp: "T", hostname: "H", seconds: 0))
        #expect(report.findings == findings)
        #expect(report.errorCount == 2 && report.warningCount == 1)
        #expect(report.summaryLine == "2 errors, 1 warning in 3 image files")
    }

    @Test func offFindingsAreDroppedAndTheRestSorted() {
        let findings = [
            Finding(rule: .exifRotated, path: "b.jpg", message: "b"),
            Finding(rule: .animatedPNG, severity: .off, path: "a.png", message: "a"),
            Finding(rule: .oversized, path: "a.png", message: "a"),
        ]
        let report = CheckReport(findings: findings, files: [], strict: false,
                                 context: .init(toolVersion: "0", timestamp: "T", hostname: "H", seconds: 0))
        #expect(report.findings.map(\.path) == ["a.png", "b.jpg"])
        #expect(report.summaryLine == "1 error, 1 warning in 0 image files")
    }

    @Test func globsMatchSegmentsAndAnyDepth() {
        #expect(Glob("**/Previews/**").matches("App/Previews/a.png"))
        #expect(Glob("*.imageset").matches("Logo.imageset"))
        #expect(Glob("*.imageset").matches("A/Logo.imageset"))  // no slash: any component
        #expect(!Glob("B/*.imageset").matches("A/Logo.imageset"))
        #expect(Glob("Media.xcassets/*.imageset").matches("Media.xcassets/Logo.imageset"))
        #expect(Glob("**/logo?.png").matches("logo1.png"))
        #expect(!Glob("**/logo?.png").matches("logo10.png"))
    }
}
