import LiveAssetsRun

/// Everything a report says: the findings (severities applied, in report order) and the run's facts.
package struct CheckReport: Sendable, Hashable {
    package var findings: [Finding]
    /// The image files read.
    package var files: [String]
    /// Those of ``files`` not in a Live Activity, so not checked: never a pass.
    package var unchecked: [String] = []
    /// Warnings count as failures (exit 3, JUnit failures).
    package var strict: Bool
    /// What the run says once, in its summary, rather than in each finding (one sentence each).
    package var notes: [String]
    /// What the configurations changed about what was checked: never findings, never failures.
    package var notices: [ConfigurationNotice] = []
    package var context: Context
    /// The devices the run checked, for the HTML report (the other formats name them in findings).
    package var devices: [DeviceClass] = []
    /// Class id -> the models the user selected it by (`--devices "iPhone 15"`): the report calls the
    /// class by them, as findings do (see ``DeviceNames``).
    package var selectedModels: [String: [String]] = [:]
    /// What the HTML report draws of each image (empty for the other formats).
    package var pictures: [ReportPicture] = []
    /// The bytes the run took from Swift files (each file once, failed reads too): what its reading
    /// budget counted.
    package var swiftBytesRead = 0

    /// Facts about the run that reports print; injected so that output can be compared exactly.
    package struct Context: Sendable, Hashable {
        package var toolVersion: String
        /// "2026-11-29T17:20:00" (UTC, no zone, as JUnit wants).
        package var timestamp: String
        package var hostname: String
        package var seconds: Double
        /// The revision of the size table the run used (``SizeTable/revision``).
        package var tableRevision: String

        package init(toolVersion: String, timestamp: String, hostname: String, seconds: Double, tableRevision: String = "") {
            self.toolVersion = toolVersion
            self.timestamp = timestamp
            self.hostname = hostname
            self.seconds = seconds
            self.tableRevision = tableRevision
        }
    }

    package init(findings: [Finding], files: [String], strict: Bool, notes: [String] = [], context: Context) {
        // Findings that come filtered and in order are kept as they are, uncopied.
        let kept = findings.indices.contains { findings[$0].severity == .off } ? findings.filter { $0.severity != .off } : findings
        self.init(orderedFindings: kept.isInOrder(by: Finding.reportOrder) ? kept : kept.sorted(by: Finding.reportOrder),
                  files: files, strict: strict, notes: notes, context: context)
    }

    /// A report on findings already without "off" ones and in report order, as `CheckRun.run()` gives
    /// them: taken as they are, unchecked (in release builds).
    package init(orderedFindings findings: [Finding], files: [String], strict: Bool, notes: [String] = [], context: Context) {
        assert(!findings.contains { $0.severity == .off } && findings.isInOrder(by: Finding.reportOrder))
        self.findings = findings
        self.files = files
        self.strict = strict
        self.notes = notes
        self.context = context
    }

    package var errorCount: Int { count(of: .error) }
    package var warningCount: Int { count(of: .warning) }

    /// The findings the formats a person reads show (xcode, GitHub, JUnit, the terminal) and the counts
    /// count: all but those a `may-be-shown` finding speaks for (``Finding/isSummarized``), which JSON,
    /// SARIF and the HTML report list too.
    package var reportedFindings: [Finding] {
        findings.contains { $0.isSummarized } ? findings.filter { !$0.isSummarized } : findings
    }

    func count(of severity: Severity) -> Int {
        findings.indices.count { findings[$0].severity == severity && !findings[$0].isSummarized }  // by index: no finding is copied
    }

    /// Finding counts per rule, in rule order (those a `may-be-shown` finding speaks for left out).
    package var countsByRule: [(rule: Rule, errors: Int, warnings: Int)] {
        let findings = reportedFindings
        return Rule.allCases.compactMap { rule in
            let matching = findings.filter { $0.rule == rule }
            guard !matching.isEmpty else { return nil }
            return (rule, matching.filter { $0.severity == .error }.count, matching.filter { $0.severity == .warning }.count)
        }
    }

    /// "liveassets: 2 errors, 1 warning in 14 image files (3 more not in a Live Activity, not checked)": the
    /// line `check` ends on, on standard error.
    package var statusLine: String { "liveassets: " + summaryLine }

    /// The image files checked: those read, less those not in a Live Activity.
    package var checkedFileCount: Int { files.count - unchecked.count }

    /// "2 errors, 1 warning in 14 image files (3 more not in a Live Activity, not checked)": the run's
    /// counts, the same words in every output.
    package var summaryLine: String {
        func count(_ n: Int, _ word: String) -> String { "\(n.groupedDigits) \(word)\(n == 1 ? "" : "s")" }
        let line = "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(checkedFileCount.imageFiles)"
        return unchecked.isEmpty ? line : line + " (\(unchecked.count.groupedDigits) more not in a Live Activity, not checked)"
    }
}

/// The report formats of `liveassets check --format`.
package enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    /// `path:line:col: error: message [rule-id]`, which Xcode and `swift build` show inline.
    case xcode
    case json
    /// SARIF 2.1.0, for GitHub code scanning.
    case sarif
    case junit
    /// GitHub Actions workflow annotations.
    case github
    /// One self-contained page that draws every image in its presentations at true size; needs the
    /// report's ``CheckReport/pictures``.
    case html

    /// The report text for standard output.
    package func render(_ report: CheckReport) -> String {
        switch self {
        case .xcode: report.reportedFindings.map(XcodeReport.line).joined()
        case .json: JSONReport.render(report)
        case .sarif: SARIFReport.render(report)
        case .junit: JUnitReport.render(report)
        case .github: GitHubReport.render(report).annotations
        case .html: HTMLReport.render(report)
        }
    }

    /// Writes `render(report)` to `output`; the xcode format's lines go out one by one, never gathered
    /// into one string.
    package func write(_ report: CheckReport, to output: inout some TextOutputStream) {
        guard self == .xcode else { return output.write(render(report)) }
        for finding in report.findings where !finding.isSummarized { output.write(XcodeReport.line(finding)) }
    }
}

enum XcodeReport {
    /// One finding as the line Xcode and most editors read: `path:line:column: severity: message [rule]`,
    /// safe for a terminal as it is: the path shows control characters as their codes but stays exact
    /// otherwise, for Xcode to open (a `bidi-name` finding says that a name holds a bidirectional
    /// character); the message shows both as codes (`String.visible`).
    static func line(_ finding: Finding) -> String {
        "\(finding.path.replacingNewlines.controlsVisible):\(finding.line ?? 1):\(finding.column ?? 1): \(finding.severity.rawValue): "
            + "\(finding.message.replacingNewlines.visible) [\(finding.rule.rawValue)]\n"
    }
}
