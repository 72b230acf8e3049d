import LiveAssetsRun

/// GitHub Actions workflow commands. A step shows at most 10 error and 10 warning annotations, so the
/// rest are counted in a notice and listed in full in the step summary.
package enum GitHubReport {
    package static let annotationsPerSeverity = 10

    /// A path as an annotation names its file, from the repository's root: `check .` finds
    /// "./Widgets/logo.png", which GitHub knows as "Widgets/logo.png".
    static func repositoryPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
        return String(path)
    }

    /// The workflow commands for standard output, and the Markdown for `$GITHUB_STEP_SUMMARY`.
    package static func render(_ report: CheckReport) -> (annotations: String, stepSummary: String) {
        var lines: [String] = []
        var shown = 0
        for severity in [Severity.error, .warning] {
            let matching = report.reportedFindings.filter { $0.severity == severity }
            for finding in matching.prefix(annotationsPerSeverity) {
                var properties = "file=\(escapeProperty(repositoryPath(finding.path), keepsBidirectionalCharacters: true))"
                if let line = finding.line { properties += ",line=\(line),col=\(finding.column ?? 1)" }
                properties += ",title=\(escapeProperty("\(finding.rule.title) [\(finding.rule.rawValue)]"))"
                lines.append("::\(severity.rawValue) \(properties)::\(escapeData(finding.message))")
                shown += 1
            }
        }
        if report.reportedFindings.count > shown {
            lines.append("::notice::\(report.reportedFindings.count - shown) more findings are not annotated (GitHub shows \(annotationsPerSeverity) per severity); the step summary lists them all.")
        }
        // What the configurations changed, each at its line, then the run's notes, once each, where the
        // job's log and its annotations show them.
        for notice in report.notices {
            lines.append("::notice file=\(escapeProperty(repositoryPath(notice.file), keepsBidirectionalCharacters: true)),line=\(notice.line),title=Configuration::" + escapeData(notice.sentence))
        }
        for note in report.notes { lines.append("::notice::" + escapeData(note)) }
        var summary = "### liveassets check: \(report.summaryLine)\n\n"
        if !report.notices.isEmpty {
            summary += "Configuration:\n\n" + report.notices.map { "- " + escapeCell($0.sentence) + "\n" }.joined() + "\n"
        }
        for note in report.notes { summary += "> " + escapeCell(note) + "\n\n" }
        if !report.reportedFindings.isEmpty {
            summary += "| severity | rule | file | device | presentation | actual px | limit px | message |\n|---|---|---|---|---|---|---|---|\n"
            for finding in report.reportedFindings {
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
    /// undoes; the other control characters but tab (C0, DEL, C1), which it has no escape for (an ESC
    /// would act on the log), shown as their codes (`\u{1B}`), as `String.visible` shows them.
    /// Bidirectional and invisible format characters are shown as their codes too, unless
    /// `keepsBidirectionalCharacters` (a path GitHub must match to its file).
    static func escapeData(_ text: String, keepsBidirectionalCharacters: Bool = false) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case _ where String.isControl(scalar) || (!keepsBidirectionalCharacters && String.isBidiFormat(scalar)):
                String.code(of: scalar)
            default: nil
            }
        }
    }

    /// A workflow command's property value: ``escapeData(_:keepsBidirectionalCharacters:)``, and ":" and ","
    /// percent-encoded.
    static func escapeProperty(_ text: String, keepsBidirectionalCharacters: Bool = false) -> String {
        escapeData(text, keepsBidirectionalCharacters: keepsBidirectionalCharacters).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    /// The characters a cell of the step summary shows with a backslash before them, so that GitHub's
    /// Markdown takes them as text: those that start emphasis, code, links and images (`*_`[]()!`),
    /// inline HTML and entities (`<>&`), tables (`|`), strikethrough (`~`), math (`$`), braces, and the
    /// `:`, `.` and `@` of a bare URL, a `www.` name or an e-mail address that GitHub would link, and
    /// the backslash itself. `#`, `+` and `-` make headings and lists only where a line starts: escaped
    /// there alone.
    static let markdownPunctuation: Set<Unicode.Scalar> = Set("\\`*_{}[]()!|~<>&:@$.".unicodeScalars)

    /// A Markdown table cell (or note) of the step summary: text, on one line, whatever a name holds.
    /// Line breaks become spaces; control characters but tab are shown as their codes (`\u{1B}`); every
    /// character Markdown or HTML could read as syntax is escaped with a backslash, so a file name such
    /// as `[**All checks passed**](https://example.com) <img src=...>` shows as those characters, never
    /// as a link, bold text or a remote image.
    package static func escapeCell(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        func append(_ scalar: Unicode.Scalar) {
            if markdownPunctuation.contains(scalar) || (output.isEmpty && (scalar == "#" || scalar == "+" || scalar == "-")) {
                output += "\\"
            }
            output.unicodeScalars.append(scalar)
        }
        for scalar in text.replacingNewlines.unicodeScalars {
            guard String.isShownAsCode(scalar) else {
                append(scalar)
                continue
            }
            for part in String.code(of: scalar).unicodeScalars { append(part) }
        }
        return output
    }
}
