import LiveAssetsCore
import LiveAssets

/// Where one asset is shown, as a run decides it once, right after the scan: its presentations and what
/// said so. Everything later (the check, `fit`'s plans, the report, the notes on patterns that matched
/// nothing and on what the Swift sources placed) reads these values; nothing is recorded on the side.
package struct Placement: Sendable, Hashable {
    /// What decided the presentations.
    package enum Origin: Sendable, Hashable {
        /// Whether nothing proves the asset is shown, only that it may be (see ``Placement/mayBeShown``).
        package var mayBeShown: Bool {
            switch self {
            case .candidate, .undecided: true
            default: false
            }
        }

        /// `--presentation`, for every asset.
        case flag
        /// The configuration's `presentations` patterns (``Placement/patterns``).
        case patterns
        /// The configuration's patterns give it an empty list: it is in no Live Activity, and not checked.
        case outsideLiveActivity
        /// The project says no Live Activity target can load it (bundled by other targets only, a
        /// development asset, in no target, or no Live Activity at all): not checked.
        case notLoaded(ProjectScope.Reason)
        /// A project file that would say whether a Live Activity loads it could not be read (named in the
        /// phrase): it may be shown in any presentation, and is held to each as a warning.
        case undecided(String)
        /// The widget's Swift code shows it in these presentations (a literal name, or a computed one the
        /// code narrows to it).
        case sources
        /// A name a Live Activity view computes may be it, and nothing narrows that name
        /// (``Placement/candidates``): held to those views' presentations, as warnings.
        case candidate
        /// The Swift sources were read to the end of every Live Activity view, and none names it or may
        /// name it: not a Live Activity image, and not checked. (What the reader could not follow makes
        /// every image a ``candidate`` of the views it is in.)
        case notShown
        /// Nobody said: the default check.
        case unstated
    }

    /// The presentations the asset is held to; nil: not stated (the default check); empty for an asset
    /// that is not checked (``isChecked``).
    package var presentations: [Presentation]?
    package var origin: Origin
    /// The index in the configuration's `presentations` of each pattern that matches the asset, whatever
    /// decided.
    package var patterns: [Int] = []
    /// For a ``Origin/candidate``: each view that may show it, with the call; for one the ``Origin/sources``
    /// place, each view that may show it in another presentation (checked there as warnings).
    package var candidates: [ImageUsage.Shown] = []

    /// Where an app target's own code can show the asset too (nil: only the Live Activity can): `fit`
    /// leaves it unless asked.
    package var app: AppUse?

    /// The presentations of ``candidates``, each once, in presentation order.
    package var candidatePresentations: [Presentation] {
        Presentation.allCases.filter { presentation in candidates.contains { $0.presentation == presentation } }
    }

    /// Whether nothing proves the asset is shown, only that it may be: a computed name's candidate, or
    /// one a project not read leaves open. Checked as warnings; `fit` leaves it unless asked.
    /// (Its presentations are those it may be shown in.)
    package var mayBeShown: Bool { origin.mayBeShown }

    /// Whether the asset is a Live Activity image, checked against presentation sizes.
    package var isChecked: Bool {
        switch origin {
        case .notShown, .outsideLiveActivity, .notLoaded: false
        default: true
        }
    }
}

/// What a run read of the widget's Swift sources for one group.
package struct SourceFacts: Sendable {
    /// The reading: references, views, what could not be followed.
    package var reading: SourceReading
    /// How many Swift files it read.
    package var fileCount: Int
    /// Which presentations show each image name.
    package var usage: ImageUsage
    /// Whether the files are those found under the inputs (no `--sources`, no configuration `sources`).
    package var isFoundUnderInputs = false
    /// Whether the files are the Live Activity targets' code, as the project says (not those under the inputs).
    package var isLiveActivityTargetsCode = false
}

extension CheckRun {
    /// Where `asset` is shown: `flag`'s presentations, else the configuration's patterns' (an empty list:
    /// in no Live Activity), else what the sources prove, else the views that may show it by a computed
    /// name or a construct the reader could not follow, else nowhere, else unstated.
    static func placement(of asset: Asset, flag: [Presentation]?, configuration: CheckConfiguration, directory: String,
                          membership: ProjectScope.Membership = .plain, sources: SourceFacts?) -> Placement {
        if let flag { return Placement(presentations: flag, origin: .flag) }
        var patterns: [Int] = []
        if !configuration.presentations.isEmpty {
            let paths = patternPaths(of: asset).compactMap { relative($0, to: configuration.directory, from: directory) }
            let match = configuration.presentations(forRelativePaths: paths)
            if let presentations = match.presentations {
                return Placement(presentations: presentations, origin: presentations.isEmpty ? .outsideLiveActivity : .patterns,
                                 patterns: match.patterns)
            }
            patterns = match.patterns
        }
        // What the project says no Live Activity target loads is not a Live Activity image; what a project
        // not read leaves open may be shown anywhere.
        switch membership {
        case .outside(let reason): return Placement(presentations: [], origin: .notLoaded(reason), patterns: patterns)
        case .undecided(let phrase): return Placement(presentations: Presentation.allCases, origin: .undecided(phrase), patterns: patterns)
        case .liveActivity, .plain: break
        }
        // Code with no ActivityConfiguration places nothing: every image keeps the default check.
        guard let sources, sources.reading.configurations > 0 else { return Placement(presentations: nil, origin: .unstated, patterns: patterns) }
        let shown = sources.usage.shown[asset.name] ?? []
        let candidates = sources.usage.candidates[asset.name] ?? []
        let proven = shown.filter { $0.evidence != .candidate }
        if !proven.isEmpty {
            let sure = Set(proven.map(\.presentation))
            return Placement(presentations: proven.map(\.presentation), origin: .sources, patterns: patterns,
                             candidates: candidates.filter { !sure.contains($0.presentation) })
        }
        if !shown.isEmpty {
            return Placement(presentations: shown.map(\.presentation), origin: .candidate, patterns: patterns, candidates: candidates)
        }
        return Placement(presentations: [], origin: .notShown, patterns: patterns)
    }
}

extension CheckRun.Group {
    /// The image names the Swift sources place in views.
    package var namesPlacedBySources: Set<String> { names { $0 == .sources } }
    /// The image names a computed name in a Live Activity view may be.
    package var candidateNames: Set<String> { names { $0 == .candidate } }

    /// The image names whose placement's origin passes `origin`.
    package func names(_ origin: (Placement.Origin) -> Bool) -> Set<String> {
        Set(scan.assets.indices.filter { origin(placements[$0].origin) }.map { scan.assets[$0].name })
    }

    /// The image files of the assets whose placement keeps them out of the check and whose origin
    /// passes `origin` (every such placement by default), each once, in path order: a file an asset that
    /// is checked also uses is checked, and one the scan could not read is not counted. What every output
    /// counts as the images no Live Activity shows.
    package func filesNotChecked(_ origin: (Placement.Origin) -> Bool = { _ in true }) -> [String] {
        guard placements.contains(where: { !$0.isChecked }) else { return [] }
        let assets = scan.assets
        let checked = Set(assets.indices.filter { placements[$0].isChecked }.flatMap { assets[$0].variants.map { PathKey($0.path) } })
        let read = Set(scan.files.map(PathKey.init))
        var files = assets.indices.filter { !placements[$0].isChecked && origin(placements[$0].origin) }
            .flatMap { assets[$0].variants.map(\.path) }
            .filter { !checked.contains(PathKey($0)) && read.contains(PathKey($0)) }
        files.sort { PathKey($0) < PathKey($1) }
        files.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })
        return files
    }

    /// Whether the configuration's pattern `index` matched something: its exclude patterns, then its
    /// presentations patterns, counted on.
    func matched(pattern index: Int) -> Bool {
        let excludes = configuration.exclude.count
        guard index >= excludes else { return excludeMatches.used[index] }
        return placements.contains { $0.patterns.contains(index - excludes) }
    }
}
