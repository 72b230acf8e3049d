#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsCore

/// Checks the images at `url` (a file, a folder or an `.xcassets` catalog) against the bundled size
/// table: the call an app or a tool makes before `Activity.request`.
///
/// ```swift
/// let findings = LiveAssets.check(imageURL, presentations: [.compactLeading])
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
    /// `presentations(asset)` gives it, and each catalog's decoded-memory finding; with `severity`,
    /// each finding gets the severity it gives its rule, and those it turns `.off` are left out.
    package func findings(devices: [DeviceClass], jobs: Int = 1, presentations: (Asset) -> [Presentation]?,
                         declaresSmallFamily: Bool = false, severity: (@Sendable (Rule) -> Severity)? = nil) -> [Finding] {
        checkedFindings(limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily), jobs: jobs,
                        presentations: assets.map(presentations), severity: severity).findings
    }

    /// ``findings(devices:jobs:presentations:declaresSmallFamily:severity:)``, whether they came out in
    /// report order, and the indices of the assets of unstated presentation that were held to a limit
    /// (those with a readable file).
    package func checkedFindings(limits: DeviceLimits, jobs: Int = 1, presentations wanted: [[Presentation]?],
                                 severity: (@Sendable (Rule) -> Severity)? = nil) -> CheckedFindings
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
        let perAsset = (0..<assets.count).concurrentFlatMap(jobs: jobs, checkingOrder: Finding.reportOrder) { index in
            var found = adjusted(AssetChecker.findings(for: assets[index], presentations: wanted[index], limits: limits))
            found.sort(by: Finding.reportOrder)
            return found
        }
        var all = adjusted(findings)
        // Catalog findings come before the assets' and the catalogs' memory findings after: their order
        // is not known.
        var inOrder = perAsset.inOrder && all.isEmpty
        if all.isEmpty { all = perAsset.elements } else { all += perAsset.elements }
        let catalogs = Dictionary(grouping: assets.filter { $0.catalogPath != nil }, by: { $0.catalogPath! })
        for catalog in catalogs.keys.sorted() {
            let memory = adjusted(AssetChecker.decodedMemoryFindings(catalogPath: catalog, assets: catalogs[catalog]!, limits: limits))
            inOrder = inOrder && memory.isEmpty
            all += memory
        }
        let unstated = assets.indices.filter { wanted[$0] == nil && assets[$0].variants.contains { $0.info != nil } }
        return CheckedFindings(findings: all, inOrder: inOrder, unstated: unstated)
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
}
