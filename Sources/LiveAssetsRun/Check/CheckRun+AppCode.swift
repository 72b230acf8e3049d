import LiveAssetsCore
import LiveAssets

extension CheckRun {
    /// For which images a run reads the app targets' code (``readsAppCode``).
    package enum AppCodeReading: Int, Comparable, Sendable {
        /// Not at all (`check`).
        case never
        /// For the images a Live Activity view is proven to show: those `fit` changes by default.
        case forShownImages
        /// For those a view only may show too (`fit --candidates`).
        case forEveryImage

        package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The app targets' code a run has read, by its Swift files: each list read once a run.
    typealias AppReadings = [[PathKey]: ImageMentions]

    /// Sets ``Placement/app`` on each placement of `scan` that is checked and whose image an app target
    /// of `scope` bundles (or links a library that bundles): where that target's code names it, may name
    /// it, or was not all read. The app's code is read only where such an image is, through `store`.
    /// A mention in code the Live Activity compiles too counts only outside the views `sources` followed
    /// (there it is the Live Activity's, at its sizes).
    /// Only for the images `reading` asks for, and that `fit` would change (under `limits`): a view's
    /// candidates are not fitted by default, and an image that fits is not touched, so for those the
    /// app's code need not be read.
    static func addAppUses(to placements: inout [Placement], of scan: AssetScan, reading: AppCodeReading, limits: DeviceLimits,
                           scope: ProjectScope, sources: SourceFacts?, directory: String, store: inout SwiftSources.Store,
                           bounds: [String], readings: inout AppReadings) {
        guard scope.hasLiveActivity else { return }
        var codes: [[Int]: ProjectScope.AppCode] = [:]  // by app targets: walked once a group
        var strongest: [[PathKey]: [String: ImageMention]] = [:]  // by reading: matched once a group
        let names = scan.assets.map(\.name)
        let viewLines = Set((sources?.reading.references ?? []).map { "\($0.line) " + $0.file })
        for (index, asset) in scan.assets.enumerated()
        where placements[index].isChecked && (reading == .forEveryImage || !placements[index].mayBeShown) {
            let targets = scope.appTargets(of: patternPaths(of: asset).map { absolute($0, from: directory) })
            guard !targets.isEmpty else { continue }
            let placement = placements[index]
            let presentations = reading == .forEveryImage && placement.origin == .sources
                ? placement.presentations.map { $0 + placement.candidatePresentations } : placement.presentations
            let fitting = FitPlan.fitting(asset, presentations: presentations, limits: limits)
            guard fitting.plans.contains(where: \.changes) || !fitting.added.isEmpty else { continue }
            if codes[targets] == nil { codes[targets] = scope.appCode(of: targets) }
            let code = codes[targets]!
            let key = (code.swift + ["\u{0}"] + code.interfaces).map(PathKey.init)
            if readings[key] == nil {
                readings[key] = SwiftSources.mentions(of: code.swift, interfaces: code.interfaces, store: &store, bounds: bounds)
            }
            if strongest[key] == nil {
                strongest[key] = readings[key]!.strongest(for: names) { mention in
                    code.shared.contains(PathKey(mention.file)) && viewLines.contains("\(mention.line) " + mention.file)
                }
            }
            if let mention = strongest[key]![asset.name] {
                let evidence: AppUse.Evidence = !mention.isCall ? .mentions : mention.evidence == .candidate ? .mayName : .named
                placements[index].app = AppUse(targets: code.targets(compiling: mention.file), evidence: evidence,
                                               place: mention.location, call: mention.call)
            } else if let file = code.other.first {
                let what = code.other.count == 1 ? "\(shortPath(file)) is Objective-C"
                    : "\(shortPath(file)) and \(code.other.count - 1) more \(code.other.count == 2 ? "file are" : "files are") Objective-C"
                placements[index].app = AppUse(targets: code.targets(compiling: file), evidence: .unread,
                                               place: "\(what), which LiveAssets does not read", call: "")
            } else if let unread = readings[key]!.unread.first {
                placements[index].app = AppUse(targets: code.targets, evidence: .unread, place: unread, call: "")
            }
        }
    }
}
