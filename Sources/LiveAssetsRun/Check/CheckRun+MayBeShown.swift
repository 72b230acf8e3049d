import LiveAssetsCore
import LiveAssets

extension CheckRun {
    /// A call in a Live Activity view that may show images the code does not name: a computed name it
    /// does not narrow, or a construct the reader could not follow.
    struct MayBeShownCall: Hashable {
        let file: String
        let line: Int
        let call: String
        /// What the reader could not follow there; nil for a computed name.
        let unresolved: String?
    }

    /// One `may-be-shown` finding per call of `group`'s views that may show images the code does not
    /// name, where one of them is too large there: how many it leaves possible, and the largest against
    /// its limit (from the images' own oversized `findings`, which it speaks for).
    static func mayBeShownFindings(_ findings: [Finding], group: Group) -> [Finding] {
        guard group.configuration.severity(of: .mayBeShown) != .off else { return [] }
        var order: [MayBeShownCall] = []
        var calls: [MayBeShownCall: (assets: [Int], presentations: Set<Presentation>)] = [:]
        for (index, placement) in group.placements.enumerated() where placement.isChecked {
            for shown in placement.candidates where shown.evidence == .candidate {
                let call = MayBeShownCall(file: shown.file, line: shown.line, call: shown.call, unresolved: shown.unresolved)
                if calls[call] == nil {
                    order.append(call)
                    calls[call] = ([], [])
                }
                if calls[call]!.assets.last != index { calls[call]!.assets.append(index) }
                calls[call]!.presentations.insert(shown.presentation)
            }
        }
        guard !order.isEmpty else { return [] }
        // The summarized oversized findings, by the asset they are about.
        var assetOfFile: [PathKey: Int] = [:]
        for (index, asset) in group.scan.assets.enumerated() where !group.placements[index].candidates.isEmpty {
            for variant in asset.variants { assetOfFile[PathKey(variant.path)] = index }
        }
        var oversized: [Int: [Int]] = [:]
        for (index, finding) in findings.enumerated() where finding.isSummarized && finding.rule == .oversized {
            if let asset = assetOfFile[PathKey(finding.image ?? finding.path)] { oversized[asset, default: []].append(index) }
        }
        var result: [Finding] = []
        for call in order {
            let (assets, presentations) = calls[call]!
            // The violation furthest over its limit, in the call's presentations.
            var worst: (finding: Finding, violation: Finding.Violation, ratio: Double)?
            for asset in assets {
                for index in oversized[asset] ?? [] {
                    for violation in findings[index].violations where presentations.contains(violation.presentation) {
                        let ratio = max(Double(violation.actual.width) / Double(max(violation.limit.width, 1)),
                                        Double(violation.actual.height) / Double(max(violation.limit.height, 1)))
                        if ratio > worst?.ratio ?? 0 { worst = (findings[index], violation, ratio) }
                    }
                }
            }
            guard let worst else { continue }
            let shownIn = Presentation.allCases.filter(presentations.contains).map(\.displayName).spokenList()
            let count = assets.count == 1 ? "1 image" : "\(assets.count.groupedDigits) images"
            let cause = call.unresolved.map { call.call.isEmpty ? "\($0), so" : "\($0) (`\(call.call)`), so" }
                ?? "`\(call.call)` computes a name the code does not narrow, so"
            let file = FileTree.lastComponent(worst.finding.image ?? worst.finding.path)
            let scale = worst.finding.scale.map { "@\($0)x" } ?? "counted as @1x"
            let fix = call.unresolved == nil ? "narrow the name in the code, or fit the images it may name"
                : "let the reader follow it, or fit the images it may show"
            result.append(Finding(
                rule: .mayBeShown, severity: group.configuration.severity(of: .mayBeShown), path: call.file, line: call.line,
                device: worst.violation.device, presentation: worst.violation.presentation, actual: worst.violation.actual,
                limit: worst.violation.limit, scale: worst.finding.scale,
                message: "\(cause) \(count) may be shown in \(shownIn); the largest against its limit, \(file) (\(worst.violation.actual) px, \(scale)), is over the \(worst.violation.limit) px limit of \(worst.violation.presentation.displayName) on \(worst.violation.model); \(fix).",
                usesInferredLimit: worst.finding.usesInferredLimit, image: worst.finding.image, model: worst.violation.model))
        }
        return result
    }
}
