enum JSONReport {
    static func size(_ size: PixelSize?) -> JSONValue {
        size.map { .object([("width", .int($0.width)), ("height", .int($0.height))]) } ?? .null
    }

    static func render(_ report: CheckReport) -> String {
        let findings = report.findings.map { finding -> JSONValue in
            .object([
                ("path", .string(finding.path)),
                ("rule", .string(finding.rule.rawValue)),
                ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)),
                ("device", .optional(finding.device, JSONValue.string)),
                ("presentation", .optional(finding.presentation?.rawValue, JSONValue.string)),
                ("actual", size(finding.actual)),
                ("limit", size(finding.limit)),
                ("scale", .optional(finding.scale, JSONValue.int)),
            ])
        }
        let byRule = report.countsByRule.map { ($0.rule.rawValue, JSONValue.int($0.errors + $0.warnings)) }
        return JSONValue.object([
            ("findings", .array(findings)),
            ("summary", .object([
                ("files", .int(report.files.count)),
                ("errors", .int(report.errorCount)),
                ("warnings", .int(report.warningCount)),
                ("byRule", .object(byRule)),
                ("notes", .array(report.notes.map(JSONValue.string))),
            ])),
        ]).serialized() + "\n"
    }
}
