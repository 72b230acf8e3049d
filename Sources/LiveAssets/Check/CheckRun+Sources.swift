import LiveAssetsCore

extension CheckRun {
    /// `findings` with the code that shows each image cited where the Swift sources decided its
    /// presentations: "...; shown in compact leading (ScoreLiveActivity.swift:23)."; where they do not
    /// place it, that it is held to the default check.
    static func citing(_ findings: [Finding], sources usage: ImageUsage, group: Group) -> [Finding] {
        let decided = group.namesPlacedBySources, defaulted = group.namesNotPlacedBySources
        guard !decided.isEmpty || !defaulted.isEmpty else { return findings }
        var names: [String: String] = [:]  // image file -> its image name
        for asset in group.scan.assets where decided.contains(asset.name) || defaulted.contains(asset.name) {
            for variant in asset.variants { names[variant.path] = asset.name }
        }
        return findings.map { finding in
            guard let name = names[finding.image ?? finding.path] else { return finding }
            let presentations = Set(finding.violations.map(\.presentation) + (finding.presentation.map { [$0] } ?? []))
            guard !presentations.isEmpty else { return finding }
            var finding = finding
            var text = finding.message.hasSuffix(".") ? String(finding.message.dropLast()) : finding.message
            let cited = (usage.shown[name] ?? []).filter { presentations.contains($0.presentation) && $0.evidence != .candidate }
            if defaulted.contains(name) {
                text += "; no Live Activity view in the sources surely shows it, so it is held to the default check"
            } else if !cited.isEmpty {
                text += "; shown in " + cited.map { shown in
                    "\(shown.presentation.displayName) (\(shown.location)\(shown.evidence == .narrowed ? ", a computed name the code's data narrows to this image" : ""))"
                }.spokenList()
            } else {
                return finding
            }
            finding.message = text + "."
            return finding
        }
    }

    /// What the run says once of the Swift sources it read: how many images they place, what they do
    /// not name, and where the reader could not follow the code.
    func sourceNotes(_ survey: Survey) -> [String] {
        var notes: [String] = []
        for group in survey.groups {
            guard let sources = group.sources else { continue }
            let reading = sources.reading
            let files = sources.fileCount == 1 ? "1 Swift file" : "\(sources.fileCount) Swift files"
            guard reading.configurations > 0 else {
                notes.append("No ActivityConfiguration was found in the \(files) of the sources, so no image's presentations come from the code; give the widget extension's folder.")
                continue
            }
            guard presentations == nil else {
                notes.append("--presentation holds every image to its presentations, so the \(files) of the sources were not used.")
                continue
            }
            let placed = group.namesPlacedBySources.count, defaulted = group.namesNotPlacedBySources.sorted()
            var note = "The \(files) of the sources \(sources.fileCount == 1 ? "places" : "place") \(placed == 1 ? "1 image" : "\(placed) images") in Live Activity views"
            if !defaulted.isEmpty {
                let listed = defaulted.prefix(3).joined(separator: ", ") + (defaulted.count > 3 ? ", ..." : "")
                note += "; \(defaulted.count == 1 ? "1 image" : "\(defaulted.count) images") no view surely shows (\(listed)) \(defaulted.count == 1 ? "keeps" : "keep") the default check"
            }
            notes.append(note + "; `liveassets usage` lists where each is shown.")
            if !reading.undecided.isEmpty {
                notes.append("The code could not be followed everywhere: \(reading.undecided.prefix(3).joined(separator: "; "))\(reading.undecided.count > 3 ? "; and \(reading.undecided.count - 3) more" : ""); the images those views show are not placed by the code.")
            }
        }
        return notes
    }
}
