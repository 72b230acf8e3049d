import LiveAssetsRun

enum JSONReport {
    static func size(_ size: PixelSize?) -> JSONValue {
        size.map { .object([("width", .int($0.width)), ("height", .int($0.height))]) } ?? .null
    }

    /// `[{"device", "model", "presentation", "limit", "actual"}]`, as JSON and SARIF give them.
    static func violations(_ list: [Finding.Violation]) -> JSONValue {
        .array(list.map { violation in
            .object([
                ("device", .string(violation.device)), ("model", .string(violation.model)),
                ("presentation", .string(violation.presentation.rawValue)),
                ("limit", size(violation.limit)), ("actual", size(violation.actual)),
            ])
        })
    }

    static func render(_ report: CheckReport) -> String {
        let findings = report.findings.map { finding -> JSONValue in
            var members: [(String, JSONValue)] = [
                ("path", .string(finding.path)),
                ("rule", .string(finding.rule.rawValue)),
                ("severity", .string(finding.severity.rawValue)),
                // Paths are exact; messages and notes, sentences for people, show bidirectional characters as codes.
                ("message", .string(finding.message.bidiVisible)),
                ("device", .optional(finding.device, JSONValue.string)),
                ("model", .optional(finding.model, JSONValue.string)),
                ("presentation", .optional(finding.presentation?.rawValue, JSONValue.string)),
                ("image", .optional(finding.image, JSONValue.string)),
                ("actual", size(finding.actual)),
                ("limit", size(finding.limit)),
                ("scale", .optional(finding.scale, JSONValue.int)),
            ]
            if finding.rule == .oversized {
                members.append(("suggested", size(finding.suggested)))
                members.append(("violations", violations(finding.violations)))
            }
            // An image's finding a `may-be-shown` finding speaks for: listed, not counted.
            if finding.isSummarized { members.append(("summarized", .bool(true))) }
            return .object(members)
        }
        let byRule = report.countsByRule.map { ($0.rule.rawValue, JSONValue.int($0.errors + $0.warnings)) }
        return JSONValue.object([
            ("tool", .object([("name", .string("liveassets")), ("version", .string(report.context.toolVersion))])),
            ("table", .object([("revision", .string(report.context.tableRevision))])),
            ("findings", .array(findings)),
            ("summary", .object([
                ("files", .int(report.files.count)),
                ("checked", .int(report.checkedFileCount)),
                ("notInLiveActivity", .array(report.unchecked.map(JSONValue.string))),
                ("errors", .int(report.errorCount)),
                ("warnings", .int(report.warningCount)),
                ("byRule", .object(byRule)),
                ("notes", .array(report.notes.map { .string($0.bidiVisible) })),
                ("configuration", .array(report.notices.map { notice in
                    .object([("file", .string(notice.file)), ("line", .int(notice.line)), ("message", .string(notice.sentence.bidiVisible))])
                })),
                ("swiftBytesRead", .int(report.swiftBytesRead)),
            ])),
        ]).serialized() + "\n"
    }
}
