#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsCore
import LiveAssets

/// Checks the images at `url` (a file, a folder or an `.xcassets` catalog) against the bundled size
/// table: the call an app or a tool makes before `Activity.request`.
///
/// ```swift
/// let findings = LiveAssetsRun.check(imageURL, presentations: [.compactLeading])
/// guard !findings.contains(where: { $0.severity == .error }) else { return }
/// ```
///
/// - parameters:
///   - url: an image file, an asset catalog or a folder of either.
///   - presentations: where the images are shown; nil holds them, on each iPhone and iPad class, to the
///     larger of the Lock Screen and expanded sizes.
///   - devices: the device classes to check on; nil means the table's default classes (all but the Mac
///     menu bar, which is checked only when chosen).
///   - declaresSmallFamily: the app declares `.supplementalActivityFamilies([.small])`, so the Apple
///     Watch Smart Stack and CarPlay show its small view instead of the compact views.
public func check(_ url: URL, presentations: [Presentation]? = nil, devices: [DeviceClass]? = nil,
                  declaresSmallFamily: Bool = false) -> [Finding] {
    AssetScanner.scan([url.path])
        .findings(devices: devices ?? SizeTable.bundled.defaultDevices, presentations: { _ in presentations },
                  declaresSmallFamily: declaresSmallFamily)
        .filter { $0.severity != .off }.sorted(by: Finding.reportOrder)
}

extension AssetScan {
    /// The scan's catalog findings, every asset's findings on `devices` with the presentations
    /// `presentations(asset)` gives it, and each image's decoded-memory finding; with `severity`,
    /// each finding gets the severity it gives its rule, and those it turns `.off` are left out.
    package func findings(devices: [DeviceClass], jobs: Int = 1, presentations: (Asset) -> [Presentation]?,
                         declaresSmallFamily: Bool = false, severity: (@Sendable (Rule) -> Severity)? = nil) -> [Finding] {
        checkedFindings(limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily), jobs: jobs,
                        placements: assets.map { asset in
                            let presentations = presentations(asset)
                            return Placement(presentations: presentations, origin: presentations == nil ? .unstated : .flag)
                        }, severity: severity).findings
    }

    /// ``findings(devices:jobs:presentations:declaresSmallFamily:severity:)`` with each asset placed by
    /// `placements` (`placements[i]` for `assets[i]`): an asset that is not a Live Activity image gets no
    /// finding; a candidate of a computed name is held to its views' presentations and its errors are
    /// warnings that name the calls (as is an image shown for sure elsewhere, in the presentations only a
    /// computed name may show it in: ``Placement/candidates``). Decoded memory is counted per view in `views` (from the Swift
    /// sources), and for each checked image no view names, on its own. Also says whether the findings
    /// came out in report order, and which assets of unstated presentation were held to a limit (those
    /// with a readable file); with `keepsWalks`, each asset's walk too.
    package func checkedFindings(limits: DeviceLimits, jobs: Int = 1, placements: [Placement], views: [AssetChecker.ViewImages] = [],
                                 keepsWalks: Bool = false, severity: (@Sendable (Rule) -> Severity)? = nil) -> CheckedFindings
    {
        let assets = self.assets
        @Sendable func adjusted(_ list: [Finding]) -> [Finding] {
            guard let severity else { return list }
            var list = list  // the caller's only reference: changed in place, no finding copied
            for index in list.indices { list[index].severity = severity(list[index].rule) }
            list.removeAll { $0.severity == .off }
            return list
        }
        // Each asset's findings are adjusted, and sorted on the worker that made them: loose files come in
        // name order, so the whole is usually in order already.
        // The oversized findings of what only a computed name or code not followed may show are spoken
        // for by one `may-be-shown` finding per call (see `CheckRun.mayBeShownFindings`), unless it is off.
        let summarizes = severity.map { $0(.mayBeShown) != .off } ?? true
        // The table's one walk of each checked asset, in the presentations it is held to: what its size
        // findings are read from, kept for the outputs that draw more than the findings when asked
        // (``CheckedFindings/walks``); else each is let go with its findings (keeping 2,000 makes check
        // about 5 % slower, in page faults).
        @Sendable func walk(_ index: Int) -> AssetWalk {
            placements[index].isChecked ? AssetWalk(assets[index], presentations: placements[index].presentations, limits: limits) : .none
        }
        let walks = keepsWalks ? assets.indices.concurrentMap(jobs: jobs, walk) : []
        let perAsset = (0..<assets.count).concurrentFlatMap(jobs: jobs, checkingOrder: Finding.reportOrder) { index in
            let placement = placements[index]
            guard placement.isChecked else { return [] }
            var calls = placement.origin == .candidate ? Self.calls(placement.candidates) : nil
            if case .undecided(let phrase) = placement.origin { calls = phrase }
            var found = adjusted(AssetChecker.findings(for: assets[index], walk: keepsWalks ? walks[index] : walk(index), limits: limits,
                                                       mayBeShownBy: calls))
            if calls != nil {
                // The code does not prove it is shown: what would fail the build warns (--strict fails on it).
                for finding in found.indices where found[finding].severity == .error { found[finding].severity = .warning }
                if placement.origin == .candidate && summarizes {
                    for finding in found.indices where found[finding].rule == .oversized { found[finding].isSummarized = true }
                }
            } else if placement.origin == .sources, !placement.candidates.isEmpty {
                // Shown for sure in some presentations, and perhaps by a computed name in others: a file too
                // large only for those others is a warning that names the calls.
                let oversized = Set(found.filter { $0.rule == .oversized }.compactMap { PathKey($0.image ?? $0.path) })
                let maybe = adjusted(AssetChecker.findings(for: assets[index], presentations: placement.candidatePresentations,
                                                           limits: limits, mayBeShownBy: Self.calls(placement.candidates)))
                // Spoken for by the calls' `may-be-shown` findings, each is listed even for a file already
                // too large where it is shown (the call's finding weighs it); else only the others.
                for var finding in maybe where finding.rule == .oversized && (summarizes || !oversized.contains(PathKey(finding.image ?? finding.path))) {
                    if finding.severity == .error { finding.severity = .warning }
                    finding.isSummarized = summarizes
                    found.append(finding)
                }
            }
            found.sort(by: Finding.reportOrder)
            return found
        }
        var all = adjusted(findings)
        // Catalog findings come before the assets' and the memory findings after: their order is not known.
        var inOrder = perAsset.inOrder && all.isEmpty
        if all.isEmpty { all = perAsset.elements } else { all += perAsset.elements }
        var memory: [Finding] = []
        let inViews = Set(views.flatMap { $0.shown + $0.choices.flatMap(\.assets) })
        for index in assets.indices where placements[index].isChecked && !inViews.contains(index) {
            if let finding = AssetChecker.decodedMemoryFinding(for: assets[index], limits: limits) { memory.append(finding) }
        }
        for view in views {
            if let finding = AssetChecker.decodedMemoryFinding(for: view, assets: assets, limits: limits) { memory.append(finding) }
        }
        memory = adjusted(memory)
        inOrder = inOrder && memory.isEmpty
        all += memory
        let unstated = assets.indices.filter { placements[$0].presentations == nil && assets[$0].variants.contains { $0.info != nil } }
        return CheckedFindings(findings: all, inOrder: inOrder, unstated: unstated, walks: walks)
    }

    /// "`Image(team)` (MatchLiveActivity.swift:19)", or two such joined, and how many more.
    static func calls(_ candidates: [ImageUsage.Shown]) -> String {
        var seen = Set<String>()
        let calls = candidates.map { "`\($0.call)` (\($0.location))" }.filter { seen.insert($0).inserted }
        return calls.count <= 2 ? calls.spokenList() : calls.prefix(2).joined(separator: ", ") + " and \(calls.count - 2) more"
    }
}

/// What checking a scan gave: its findings, and what the run needs to know of them.
package struct CheckedFindings {
    /// The findings, severities applied.
    package var findings: [Finding]
    /// Whether ``findings`` came out in report order.
    package var inOrder: Bool
    /// The indices of the assets of unstated presentation that were held to a limit (those with a
    /// readable file).
    package var unstated: [Int]
    /// With `keepsWalks`, each asset's walk, by index in the scan's assets, in the presentations it is
    /// held to (``AssetWalk/none`` for one that is not checked): the one its size findings were read
    /// from; without, none.
    package var walks: [AssetWalk]
}
