import LiveAssetsRun

/// SARIF 2.1.0 as GitHub code scanning reads it: rules with help, results with a location and a
/// stable fingerprint.
enum SARIFReport {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    static func level(_ finding: Finding, strict: Bool) -> String {
        finding.severity == .error || strict ? "error" : "warning"
    }

    static func render(_ report: CheckReport) -> String {
        let rules = RuleDescription.all.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.rule.rawValue)),
                ("name", .string(rule.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
                ("shortDescription", .object([("text", .string(rule.title))])),
                ("fullDescription", .object([("text", .string(rule.summary))])),
                ("help", .object([("text", .string("\(rule.rationale) What to do: \(rule.fix) Sources: \(rule.sources.map { "\($0.title), \($0.url)" }.joined(separator: "; ")).")
                )])),
                ("helpUri", .string(rule.sources[0].url)),
                ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity == .off ? "none" : rule.defaultSeverity.rawValue))])),
            ])
        }
        let results = report.findings.map { finding -> JSONValue in
            var region: [(String, JSONValue)] = []
            if let line = finding.line {
                region = [("startLine", .int(line)), ("startColumn", .int(finding.column ?? 1))]
            }
            var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(finding.path)))]))]
            if !region.isEmpty { physical.append(("region", .object(region))) }
            var properties: [(String, JSONValue)] = []
            if let device = finding.device { properties.append(("device", .string(device))) }
            if let presentation = finding.presentation { properties.append(("presentation", .string(presentation.rawValue))) }
            if let actual = finding.actual { properties.append(("actual", JSONReport.size(actual))) }
            if let limit = finding.limit { properties.append(("limit", JSONReport.size(limit))) }
            if let scale = finding.scale { properties.append(("scale", .int(scale))) }
            if finding.usesInferredLimit { properties.append(("inferredLimit", .bool(true))) }
            if let model = finding.model { properties.append(("model", .string(model))) }
            if let image = finding.image { properties.append(("image", .string(image))) }
            if let suggested = finding.suggested { properties.append(("suggested", JSONReport.size(suggested))) }
            if !finding.violations.isEmpty { properties.append(("violations", JSONReport.violations(finding.violations))) }
            let key = [finding.rule.rawValue, finding.path, "\(finding.line ?? 0):\(finding.column ?? 0)",
                       finding.device ?? "", finding.presentation?.rawValue ?? ""]
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(Rule.allCases.firstIndex(of: finding.rule)!)),
                ("level", .string(level(finding, strict: report.strict))),
                ("message", .object([("text", .string(finding.message.bidiVisible))])),
                ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                ("partialFingerprints", .object([("primaryLocationLineHash", .string(fingerprint(key.joined(separator: "\u{1F}"))))])),
            ]
            if !properties.isEmpty { result.append(("properties", .object(properties))) }
            return .object(result)
        }
        return JSONValue.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("liveassets")),
                    ("semanticVersion", .string(report.context.toolVersion)),
                    ("informationUri", .string("https://github.com/liveassets/liveassets")),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
            ] + Self.invocations(report))])),
        ]).serialized() + "\n"
    }

    /// The run's notes (how many findings rest on an inferred limit, what the sources placed) as
    /// notifications of its one invocation; none when it has no note.
    /// What the configurations changed (``CheckReport/notices``) are its configuration notifications,
    /// each at its line of the configuration file.
    static func invocations(_ report: CheckReport) -> [(String, JSONValue)] {
        guard !report.notes.isEmpty || !report.notices.isEmpty else { return [] }
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(true))]
        if !report.notices.isEmpty {
            invocation.append(("toolConfigurationNotifications", .array(report.notices.map { notice in
                .object([
                    ("level", .string("note")),
                    ("message", .object([("text", .string(notice.sentence.bidiVisible))])),
                    ("locations", .array([.object([("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(uri(notice.file)))])),
                        ("region", .object([("startLine", .int(notice.line))])),
                    ]))])])),
                ])
            })))
        }
        if !report.notes.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(report.notes.map { note in
                .object([("level", .string("note")), ("message", .object([("text", .string(note.bidiVisible))]))])
            })))
        }
        return [("invocations", .array([.object(invocation)]))]
    }

    /// A relative or absolute path as a URI reference: percent-encodes what is not allowed as is. The
    /// bytes are the file system's (a name that is not UTF-8 keeps its own bytes, "%FF").
    static func uri(_ path: String) -> String {
        var text = ""
        for byte in path.fileSystemBytes {
            let scalar = UnicodeScalar(byte)
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "/-._~@".unicodeScalars.contains(scalar)
            {
                text.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return path.hasPrefix("/") ? "file://" + text : text
    }

    /// FNV-1a 64-bit of `text`, as 16 hex digits plus ":1" (the line-hash form GitHub uses).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ":1"
    }
}
