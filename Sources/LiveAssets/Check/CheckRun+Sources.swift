import LiveAssetsCore

extension CheckRun {
    /// `findings` with the code that shows each image cited where the Swift sources decided its
    /// presentations: "...; shown in compact leading (ScoreLiveActivity.swift:23)." A finding about
    /// presentations the code only may show (a computed name nothing in it narrows) is a warning at most.
    static func citing(_ findings: [Finding], sources usage: ImageUsage, decided: Set<String>, assets: [Asset]) -> [Finding] {
        var names: [String: String] = [:]  // image file -> its image name
        for asset in assets where decided.contains(asset.name) {
            for variant in asset.variants { names[variant.path] = asset.name }
        }
        return findings.map { finding in
            guard let name = names[finding.image ?? finding.path], let shown = usage.shown[name] else { return finding }
            let presentations = Set(finding.violations.map(\.presentation) + (finding.presentation.map { [$0] } ?? []))
            let cited = shown.filter { presentations.contains($0.presentation) }
            guard !cited.isEmpty else { return finding }
            var finding = finding
            let proven = cited.filter { $0.evidence != .candidate }
            var text = finding.message.hasSuffix(".") ? String(finding.message.dropLast()) : finding.message
            if proven.isEmpty {
                text += "; perhaps shown in " + cited.map { "\($0.presentation.displayName) (\($0.location))" }.spokenList()
                    + ", where the code computes an image name that nothing in it narrows, so this is a warning"
                if finding.severity == .error { finding.severity = .warning }
            } else {
                text += "; shown in " + proven.map { shown in
                    "\(shown.presentation.displayName) (\(shown.location)\(shown.evidence == .narrowed ? ", a computed name the code's data narrows to this image" : ""))"
                }.spokenList()
            }
            finding.message = text + "."
            return finding
        }
    }

    /// What the run says once of the Swift sources it read: how many images they place, what they do
    /// not name, and where the reader could not follow the code.
    func sourceNotes(_ scan: Scan) -> [String] {
        var notes: [String] = []
        for group in scan.groups {
            guard let sources = group.sources else { continue }
            let reading = sources.reading
            let files = sources.fileCount == 1 ? "1 Swift file" : "\(sources.fileCount) Swift files"
            guard reading.configurations > 0 else {
                notes.append("No ActivityConfiguration was found in the \(files) of the sources, so no image's presentations come from the code; give the widget extension's folder.")
                continue
            }
            let placed = sources.usage.shown.count, unnamed = sources.usage.unreferenced.count
            var note = "The \(files) of the sources show \(placed == 1 ? "1 image" : "\(placed) images") in Live Activity views"
            if sources.decided.decided.count < placed {
                note += " (\(placed - sources.decided.decided.count) of them placed by --presentation or a configuration pattern instead)"
            }
            if unnamed > 0 {
                note += "; \(unnamed == 1 ? "1 image is" : "\(unnamed) images are") named by none (\(sources.usage.unreferenced.prefix(3).joined(separator: ", "))\(unnamed > 3 ? ", ..." : "")) and checked as of unstated presentation"
            }
            notes.append(note + "; `liveassets usage` lists where each is shown.")
            if !reading.undecided.isEmpty {
                notes.append("The code could not be followed everywhere: \(reading.undecided.prefix(3).joined(separator: "; "))\(reading.undecided.count > 3 ? "; and \(reading.undecided.count - 3) more" : ""); the images those views show are not placed by the code.")
            }
        }
        return notes
    }
}
