import LiveAssetsCore
import LiveAssets

extension CheckRun {
    /// `findings` with the code that shows each image cited where the Swift sources decided its
    /// presentations: "...; shown in compact leading (ScoreLiveActivity.swift:23)."; where they do not
    /// place it, that it is held to the default check.
    static func citing(_ findings: [Finding], sources usage: ImageUsage, group: Group) -> [Finding] {
        let decided = group.namesPlacedBySources
        guard !decided.isEmpty else { return findings }
        var names: [PathKey: String] = [:]  // image file -> its image name
        for asset in group.scan.assets where decided.contains(asset.name) {
            for variant in asset.variants { names[PathKey(variant.path)] = asset.name }
        }
        return findings.map { finding in
            guard let name = names[PathKey(finding.image ?? finding.path)] else { return finding }
            let presentations = Set(finding.violations.map(\.presentation) + (finding.presentation.map { [$0] } ?? []))
            guard !presentations.isEmpty else { return finding }
            var finding = finding
            var text = finding.message.hasSuffix(".") ? String(finding.message.dropLast()) : finding.message
            let cited = (usage.shown[name] ?? []).filter { presentations.contains($0.presentation) && $0.evidence != .candidate }
            if !cited.isEmpty {
                text += "; shown in " + cited.map { shown in
                    "\(shown.presentation.displayName) (\(shown.location)\(shown.evidence == .narrowed ? ", a computed name the code narrows to this image" : ""))"
                }.spokenList()
            } else {
                return finding
            }
            finding.message = text + "."
            return finding
        }
    }

    /// The images each Live Activity view of `group`'s Swift sources can show at once, for the
    /// decoded-memory rule: per presentation, the checked assets it names, and per call of a computed
    /// name, the assets that name may be.
    static func views(of group: Group) -> [AssetChecker.ViewImages] {
        guard let sources = group.sources else { return [] }
        var indices: [String: [Int]] = [:]
        for (index, asset) in group.scan.assets.enumerated() where group.placements[index].isChecked {
            indices[asset.name, default: []].append(index)
        }
        var views: [Presentation: AssetChecker.ViewImages] = [:]
        var choices: [Presentation: [String: Int]] = [:]  // "location call" -> its place in the view's choices
        for name in sources.usage.shown.keys.sorted() {
            guard let assets = indices[name] else { continue }
            for shown in sources.usage.shown[name]! {
                let presentation = shown.presentation
                if views[presentation] == nil {
                    views[presentation] = .init(presentation: presentation, file: shown.file, line: shown.line, shown: [], choices: [])
                }
                if (shown.file, shown.line) < (views[presentation]!.file, views[presentation]!.line) {
                    (views[presentation]!.file, views[presentation]!.line) = (shown.file, shown.line)
                }
                // Two image sets of one name (in two catalogs): the view shows one, counted as the larger.
                guard shown.evidence != .literal || assets.count > 1 else {
                    views[presentation]!.shown += assets
                    continue
                }
                let key = shown.location + " " + shown.call
                if let place = choices[presentation]?[key] {
                    views[presentation]!.choices[place].assets += assets
                } else {
                    choices[presentation, default: [:]][key] = views[presentation]!.choices.count
                    views[presentation]!.choices.append(("`\(shown.call)`", assets))
                }
            }
        }
        return Presentation.allCases.compactMap { views[$0] }
    }

    /// What the run says once of the Swift sources it read: how many images they place, which images no
    /// view shows (not checked) or may show, and where the reader could not follow the code.
    func sourceNotes(_ survey: Survey) -> [String] {
        var notes: [String] = []
        func cut(_ undecided: [String]) -> String {
            undecided.prefix(3).joined(separator: "; ") + (undecided.count > 3 ? "; and \(undecided.count - 3) more" : "")
        }
        for group in survey.groups {
            guard let sources = group.sources else {
                // No file read names ActivityConfiguration; one left unread (the budget, its size) may.
                if !group.unreadSources.isEmpty {
                    notes.append("No Swift file read under the inputs names ActivityConfiguration, but not every file was read: \(cut(group.unreadSources)); no image's presentations come from the code.")
                }
                continue
            }
            let reading = sources.reading
            let files = sources.fileCount == 1 ? "1 Swift file" : "\(sources.fileCount) Swift files"
            let where_ = sources.isLiveActivityTargetsCode ? "of the Live Activity targets" : sources.isFoundUnderInputs ? "under the inputs" : "of the sources"
            guard reading.configurations > 0 else {
                let unread = reading.undecided.isEmpty ? "" : " (not every file was read: \(cut(reading.undecided)))"
                notes.append("No ActivityConfiguration was found in the \(files) \(where_)\(unread), so no image's presentations come from the code; give the widget extension's folder.")
                continue
            }
            guard presentations == nil else {
                notes.append("--presentation holds every image to its presentations, so the \(files) \(where_) were not used.")
                continue
            }
            func count(_ n: Int) -> String { n == 1 ? "1 image" : "\(n) images" }
            func listed(_ names: [String]) -> String { names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "") }
            let placed = group.namesPlacedBySources.count
            var note = "The \(files) \(where_) \(sources.fileCount == 1 ? "places" : "place") \(count(placed)) in Live Activity views"
            let candidates = group.candidateNames.sorted()
            if !candidates.isEmpty {
                note += "; \(count(candidates.count)) the views may show without the code proving it (\(listed(candidates))) \(candidates.count == 1 ? "is" : "are") checked there, as warnings"
            }
            notes.append(note + "; `liveassets usage` lists where each is shown.")
            // Counted in files, as the summary counts them; named by image set.
            let unshown = group.filesNotChecked { $0 == .notShown }.count
            if unshown > 0 {
                let names = group.names { $0 == .notShown }.sorted()
                notes.append("\(unshown.imageFiles) no Live Activity view shows (\(listed(names))) \(unshown == 1 ? "was" : "were") not checked; `liveassets usage` lists \(unshown == 1 ? "it" : "them").")
            }
            if !reading.undecided.isEmpty {
                notes.append("The code could not be followed everywhere: \(cut(reading.undecided)); the images no followed view names may be shown in the views that hold what was not followed, and are checked there as warnings.")
            }
        }
        return notes
    }
}

extension CheckRun {
    /// The configuration's `sources`, as absolute paths, each checked to resolve (by its real path)
    /// inside the repository that holds the configuration (the folder with `.git` at or above it, else
    /// the configuration's folder): a pull request's configuration cannot have the run read, and place
    /// images by, code from elsewhere on the machine. A path that does not exist is left to the reading
    /// to say so.
    func configuredSources(_ configuration: CheckConfiguration) throws(Failure) -> [String] {
        guard let file = configuration.path, !configuration.sources.isEmpty else { return [] }
        guard let bounds = RepositoryRoot.bounds(of: configuration.directory, else: configuration.directory) else { return [] }
        var paths: [String] = []
        for source in configuration.sources {
            let path = Self.absolute(source, from: configuration.directory)
            if let real = FileTree.realPath(path), !RepositoryRoot.contains(bounds, real) {
                throw .sourcesOutsideRepository(configuration: file, source: source, real: real, repository: bounds)
            }
            paths.append(path)
        }
        return paths
    }
}

extension CheckRun {
    /// The folders a group's walks may follow links into, by real path: each input's repository (else
    /// the input itself) and the configuration's (else its folder).
    static func bounds(of inputs: [String], configuration: CheckConfiguration) -> [String] {
        var bounds = inputs.compactMap { RepositoryRoot.bounds(of: $0, else: $0) }
        if configuration.path != nil, let own = RepositoryRoot.bounds(of: configuration.directory, else: configuration.directory) {
            bounds.append(own)
        }
        var seen = Set<PathKey>()
        return bounds.filter { seen.insert(PathKey($0)).inserted }
    }
}
