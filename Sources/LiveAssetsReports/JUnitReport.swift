import LiveAssetsRun

/// JUnit XML as the Ant/Jenkins schema has it: one test case per file and rule with a finding (a
/// failure for errors, and for warnings under --strict; a skipped case for an image nothing checked; a
/// passing case for other warnings), one passing case per clean image, and a skipped case per image not
/// in a Live Activity (not checked). An image's finding that a `may-be-shown` finding speaks for is that
/// finding's case.
enum JUnitReport {
    static func render(_ report: CheckReport) -> String {
        var cases: [String] = []
        var failures = 0, skipped = 0
        let byFile = Dictionary(grouping: report.reportedFindings, by: { PathKey($0.path) })  // by bytes, as files are told apart
        for key in byFile.keys.sorted() {
            let (path, findings) = (key.path, byFile[key]!)
            for rule in Rule.allCases {
                let matching = findings.filter { $0.rule == rule }
                guard !matching.isEmpty else { continue }
                let fails = matching.contains { $0.severity == .error } || report.strict
                var line = "    <testcase classname=\"\(escape(rule.rawValue))\" name=\"\(escape(path))\" time=\"0\""
                if fails {
                    failures += 1
                    // Messages show bidirectional characters as their codes; the test case's name is the exact path.
                    let text = matching.map(\.message.bidiVisible).joined(separator: "\n")
                    line += ">\n      <failure type=\"\(escape(rule.rawValue))\" message=\"\(escape(matching[0].message.replacingNewlines.bidiVisible))\">\(escape(text, inAttribute: false))</failure>\n    </testcase>"
                } else if rule == .notChecked {
                    // Never a pass: nothing held the image to a limit.
                    skipped += 1
                    line += ">\n      <skipped message=\"\(escape(matching[0].message.replacingNewlines.bidiVisible))\"/>\n    </testcase>"
                } else {
                    line += "/>"
                }
                cases.append(line)
            }
        }
        // A catalog image's findings point at its image set's Contents.json. An image a `may-be-shown`
        // finding speaks for is that finding's case, never a clean one.
        let reported = Set(report.findings.map { PathKey($0.path) })
        func isReported(_ file: String) -> Bool {
            guard !reported.contains(PathKey(file)) else { return true }
            guard let slash = file.lastIndex(of: "/") else { return false }
            return reported.contains(PathKey(file[..<slash] + "/Contents.json"))
        }
        let unchecked = Set(report.unchecked.map(PathKey.init))
        for file in report.files.sorted(by: { PathKey($0) < PathKey($1) }) where !isReported(file) {
            if unchecked.contains(PathKey(file)) {
                // Never a pass: nothing held the image to a limit.
                skipped += 1
                cases.append("    <testcase classname=\"liveassets\" name=\"\(escape(file))\" time=\"0\">\n      <skipped message=\"not in a Live Activity: not checked\"/>\n    </testcase>")
            } else {
                cases.append("    <testcase classname=\"liveassets\" name=\"\(escape(file))\" time=\"0\"/>")
            }
        }
        let header = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite package="liveassets" id="0" name="liveassets check" timestamp="\(report.context.timestamp)" \
            hostname="\(escape(report.context.hostname))" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="\(skipped)" \
            time="\(seconds(report.context.seconds))">
            \(properties(report))

            """
        // The run's notes, one a line, where a CI page shows the suite's output.
        let output = report.notes.isEmpty ? "    <system-out/>\n"
            : "    <system-out>" + report.notes.map { escape($0.bidiVisible, inAttribute: false) }.joined(separator: "\n") + "</system-out>\n"
        return header + cases.map { $0 + "\n" }.joined() + output + "    <system-err/>\n  </testsuite>\n</testsuites>\n"
    }

    /// What the configurations changed, one property each, where a CI page shows the suite's facts.
    static func properties(_ report: CheckReport) -> String {
        guard !report.notices.isEmpty else { return "    <properties/>" }
        return "    <properties>\n" + report.notices.map { notice in
            "      <property name=\"liveassets.configuration\" value=\"\(escape(notice.sentence.bidiVisible))\"/>\n"
        }.joined() + "    </properties>"
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `text` as XML 1.0 can carry it, the one escaping every part of the report goes through: markup
    /// characters as entities; in attributes, tab, line feed and carriage return as character
    /// references (a parser would turn them into spaces), in element text only the carriage return
    /// (a parser would turn it into a line feed); the characters XML 1.0 cannot hold at all, not
    /// even as references (the other C0 controls, U+FFFE and U+FFFF), as U+FFFD. DEL is allowed, and kept.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t": inAttribute ? "&#9;" : nil
            case "\n": inAttribute ? "&#10;" : nil
            case "\r": "&#13;"
            case "\u{00}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        }
    }
}
