import LiveAssetsCore

/// Where one asset is shown, as a run decides it once, right after the scan: its presentations and what
/// said so. Everything later (the check, `fit`'s plans, the report, the notes on patterns that matched
/// nothing and on what the Swift sources placed) reads these values; nothing is recorded on the side.
package struct Placement: Sendable, Hashable {
    /// What decided the presentations.
    package enum Origin: Sendable, Hashable {
        /// `--presentation`, for every asset.
        case flag
        /// The configuration's `presentations` patterns (``Placement/patterns``).
        case patterns
        /// The widget's Swift code shows it in these presentations.
        case sources
        /// The Swift sources were read and do not surely show it: the default check.
        case notPlacedBySources
        /// Nobody said: the default check.
        case unstated
    }

    /// The presentations the asset is held to; nil: not stated (the default check).
    package var presentations: [Presentation]?
    package var origin: Origin
    /// The index in the configuration's `presentations` of each pattern that matches the asset, whatever
    /// decided (a pattern with an empty list matches and decides nothing).
    package var patterns: [Int] = []
}

/// What a run read of the widget's Swift sources for one group.
package struct SourceFacts: Sendable {
    /// The reading: references, views, what could not be followed.
    package var reading: SourceReading
    /// How many Swift files it read.
    package var fileCount: Int
    /// Which presentations show each image name.
    package var usage: ImageUsage
}

extension CheckRun {
    /// Where `asset` is shown: `flag`'s presentations, else the configuration's patterns', else what the
    /// sources prove (a name the code computes and nothing narrows keeps the default check), else unstated.
    static func placement(of asset: Asset, flag: [Presentation]?, configuration: CheckConfiguration, directory: String,
                          sources: SourceFacts?) -> Placement {
        if let flag { return Placement(presentations: flag, origin: .flag) }
        var patterns: [Int] = []
        if !configuration.presentations.isEmpty {
            let paths = patternPaths(of: asset).compactMap { relative($0, to: configuration.directory, from: directory) }
            let match = configuration.presentations(forRelativePaths: paths)
            if let presentations = match.presentations {
                return Placement(presentations: presentations, origin: .patterns, patterns: match.patterns)
            }
            patterns = match.patterns
        }
        guard let sources else { return Placement(presentations: nil, origin: .unstated, patterns: patterns) }
        guard let shown = sources.usage.shown[asset.name]?.filter({ $0.evidence != .candidate }), !shown.isEmpty else {
            return Placement(presentations: nil, origin: .notPlacedBySources, patterns: patterns)
        }
        return Placement(presentations: shown.map(\.presentation), origin: .sources, patterns: patterns)
    }
}

extension CheckRun.Group {
    /// The image names the Swift sources place in views.
    package var namesPlacedBySources: Set<String> { names { $0 == .sources } }
    /// The image names the Swift sources were asked about and do not surely place: the default check.
    package var namesNotPlacedBySources: Set<String> { names { $0 == .notPlacedBySources } }

    private func names(_ origin: (Placement.Origin) -> Bool) -> Set<String> {
        Set(scan.assets.indices.filter { origin(placements[$0].origin) }.map { scan.assets[$0].name })
    }

    /// Whether the configuration's pattern `index` matched something: its exclude patterns, then its
    /// presentations patterns, counted on.
    func matched(pattern index: Int) -> Bool {
        let excludes = configuration.exclude.count
        guard index >= excludes else { return excludeMatches.used[index] }
        return placements.contains { $0.patterns.contains(index - excludes) }
    }
}
