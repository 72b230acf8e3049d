/// GitHub Actions workflow commands. A step shows at most 10 error and 10 warning annotations, so the
/// rest are counted in a notice and listed in full in the step summary.
package enum GitHubReport {
    package static let annotationsPerSeverity = 10

    /// The workflow commands for standard output, and the Markdown for `$GITHUB_STEP_SUMMARY`.
    package static func render(_ report: CheckReport) -> (annotations: String, stepSummary: String) {
        var lines: [String] = []
        var shown = 0
        for severity in [Severity.error, .warning] {
            let matching = report.findings.filter { $0.severity == severity }
            for finding in matching.prefix(annotationsPerSeverity) {
                var properties = "file=\(escapeProperty(finding.path))"
                if let line = finding.line { properties += ",line=\(line),col=\(finding.column ?? 1)" }
                properties += ",title=\(escapeProperty("\(finding.rule.title) [\(finding.rule.rawValue)]"))"
                lines.append("::\(severity.rawValue) \(properties)::\(escapeData(finding.message))")
                shown += 1
            }
        }
        if report.findings.count > shown {
            lines.append("::notice::\(report.findings.count - shown) more findings are not annotated (GitHub shows \(annotationsPerSeverity) per severity); the step summary lists them all.")
        }
        var summary = "### liveassets check: \(report.summaryLine)\n\n"
        for note in report.notes { summary += "> " + escapeCell(note) + "\n\n" }
        if !report.findings.isEmpty {
            summary += "| severity | rule | file | device | presentation | actual px | limit px | message |\n|---|---|---|---|---|---|---|---|\n"
            for finding in report.findings {
                let cells = [
                    finding.severity.rawValue, finding.rule.rawValue,
                    finding.path + (finding.line.map { ":\($0)" } ?? ""), finding.device ?? "",
                    finding.presentation?.rawValue ?? "", finding.actual?.description ?? "",
                    finding.limit?.description ?? "", finding.message,
                ]
                summary += "| " + cells.map(escapeCell).joined(separator: " | ") + " |\n"
            }
        }
        return (lines.map { $0 + "\n" }.joined(), summary)
    }

    /// A workflow command's message: "%", CR and LF percent-encoded, the only escapes the runner
    /// undoes; the other C0 control characters but tab, which it has no escape for (an ESC would
    /// colour the log), as U+FFFD.
    static func escapeData(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            case "\u{00}"..."\u{08}", "\u{0A}"..."\u{1F}": output.unicodeScalars.append("\u{FFFD}")
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A workflow command's property value: ``escapeData(_:)``, and ":" and "," percent-encoded.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    /// A Markdown table cell of the step summary: on one line, "|" escaped, the C0 control characters
    /// but tab as U+FFFD.
    package static func escapeCell(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.replacingNewlines.unicodeScalars {
            switch scalar {
            case "|": output += "\\|"
            case "\u{00}"..."\u{08}", "\u{0A}"..."\u{1F}": output.unicodeScalars.append("\u{FFFD}")
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
