#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssets

/// What a run says once rather than per image: warnings before its report, notes in its summary, and
/// why a selection shows nothing.
extension CheckRun {
    /// The warnings a run prints once, before its report: deprecated names, patterns that matched nothing.
    package func warnings(_ survey: Survey) -> [String] {
        var notes: [String] = []
        let directory = FileManager.default.currentDirectoryPath
        for group in survey.groups {
            notes += group.configuration.deprecations.map { "warning: " + $0 }
            // Named as findings name files: relative to the working directory when inside it.
            guard let path = group.configuration.path else { continue }
            let file = Self.relative(path, to: directory, from: directory) ?? path
            let configuration = group.configuration
            if !configuration.exclude.isEmpty || (presentations == nil && !configuration.presentations.isEmpty),
               let outside = group.inputsOutsideConfigurationFolder.first {
                notes.append("warning: \(outside) is outside \(configuration.directory), the folder of \(file), whose patterns are relative to it and so cannot match there; give --config a configuration in a folder that holds the inputs.")
            }
            // A run over part of the folder, one that --include or --exclude narrows, or one whose
            // --presentation overrides the patterns says nothing of patterns that matched nothing.
            guard group.coversConfigurationFolder && include.isEmpty && exclude.isEmpty else { continue }
            let patterns = group.configuration.exclude.map { ("exclude", $0) }
                + (presentations == nil ? group.configuration.presentations.map { ("presentations", $0.glob) } : [])
            for (index, (key, pattern)) in patterns.enumerated() where !group.matched(pattern: index) {
                notes.append("warning: \(file): the \(key) pattern \"\(pattern)\" matched nothing; patterns are relative to the configuration's folder (see `liveassets check --help`).")
            }
        }
        for imageSet in survey.groups.flatMap(\.scan.partlyExcludedImageSets) {
            notes.append("warning: \(imageSet) is checked whole although some of its files match an exclude pattern; an image set is left out only when it or all its files match, so exclude the image set itself.")
        }
        for pattern in survey.unmatchedFlagPatterns {
            notes.append("warning: \(pattern) matched nothing; patterns are relative to each input given (see `liveassets check --help`).")
        }
        return notes
    }

    /// What the run's summary says once rather than each finding: how many images had no stated
    /// presentation and how to state it, how many were counted as @1x, and how many findings rest on
    /// inferred limits. `unstated` counts the images of unstated presentation that were held to a limit
    /// (those with a readable file), as the check counted them, with the first one's name.
    package func summaryNotes(_ survey: Survey, findings: [Finding], unstated: (count: Int, example: String?)) -> [String] {
        var notes: [String] = []
        let bounded = survey.groups.contains { $0.devices.contains { $0.unstatedPresentationLimit != nil } }
        if unstated.count > 0, bounded, let example = unstated.example {
            let held = unstated.count == 1 ? "1 image has no stated presentation, so it was" : "\(unstated.count) images have no stated presentation, so each was"
            notes.append("\(held) held to the larger of the Lock Screen and expanded sizes of each selected iPhone and iPad; to check exactly, give the widget's Swift code too (its folder, or --sources), or say where images are shown in .liveassets.json: {\"presentations\": {\"\(example)\": [\"minimal\"]}} holds \(example) to the minimal view.")
        }
        // As the report shows them: an image a `may-be-shown` finding speaks for counts through that finding.
        let oversized = findings.filter { ($0.rule == .oversized || $0.rule == .mayBeShown) && !$0.isSummarized }
        // Each case as it is: a loose file without a scale in its name, or a catalog's single-scale entry.
        let singleScale = oversized.count { $0.scale == nil && $0.path.hasSuffix("/Contents.json") }
        let unscaled = oversized.count { $0.scale == nil } - singleScale
        if unscaled > 0 {
            notes.append("\(unscaled == 1 ? "1 oversized image file has" : "\(unscaled) oversized image files have") no scale (outside a catalog, no @2x or @3x in the name), so \(unscaled == 1 ? "it was" : "each was") counted as @1x, as UIImage(data:) reads it; name the files @2x or @3x, or put them in a catalog.")
        }
        if singleScale > 0 {
            notes.append("\(singleScale == 1 ? "1 oversized image file is a single-scale entry" : "\(singleScale) oversized image files are single-scale entries") of an image set (no scale in its Contents.json, which Apple meant for a PDF), so \(singleScale == 1 ? "it was" : "each was") counted as @1x on every device, our reading; `fit` gives such a set a file per scale (Xcode's Individual Scales) where the devices' scales call for different sizes.")
        }
        let inferred = oversized.count(where: \.usesInferredLimit)
        if inferred > 0 {
            notes.append("\(inferred == 1 ? "1 oversized finding rests" : "\(inferred) oversized findings rest") on a tightest limit that Apple does not publish; `liveassets sizes` marks each such number and says how it was inferred.")
        }
        return notes
    }

    /// Fails when no device of `devices` shows any presentation the run asks for: the flag's, or the
    /// configuration's patterns' and that of images nobody gave one (the iPhone's and iPad's), whether the
    /// app declares the small family or not, as `declarations` allows: the group's one decision
    /// (``Group/declaresSmallFamily``: the configuration or the code), or both before the code is read.
    func checkShown(_ configuration: CheckConfiguration, devices: [DeviceClass], declarations: [Bool]) throws(Failure) {
        if declarations.count > 1, declarations.dropLast().contains(where: { (try? checkShown(configuration, devices: devices, declarations: [$0])) != nil }) {
            return
        }
        let small = declarations.last ?? configuration.declaresSmallFamily
        let asked = presentations ?? Presentation.allCases.filter { presentation in
            configuration.presentations.contains { $0.presentations.contains(presentation) }
        }
        let unstated = presentations == nil  // some images may have none stated
        if asked.contains(where: { presentation in devices.contains { $0.shows(presentation, declaresSmallFamily: small) } }) { return }
        if unstated && devices.contains(where: { $0.unstatedPresentationLimit != nil }) { return }
        throw .nothingShown(reason: Self.nothingShownReason(asked: asked, unstated: unstated, devices: devices, declaresSmallFamily: small,
                                                            declaredInCode: small && !configuration.declaresSmallFamily))
    }

    /// Why `devices` show none of `asked` (nor, with `unstated`, check images of unstated presentation),
    /// in one sentence: "iPhone XR has no Dynamic Island: compact-leading is not shown there; ...".
    static func nothingShownReason(asked: [Presentation], unstated: Bool, devices: [DeviceClass], declaresSmallFamily: Bool,
                                   declaredInCode: Bool = false) -> String {
        func list(_ names: [String], _ conjunction: String) -> String { names.spokenList(conjunction) }
        let names = asked.map(\.rawValue)
        let islandViews: Set<Presentation> = [.compactLeading, .compactTrailing, .minimal, .expanded]
        func shown(_ device: DeviceClass) -> String {
            list(device.presentations.map(\.presentation).filter { device.shows($0, declaresSmallFamily: declaresSmallFamily) }.map(\.rawValue), "and")
        }
        // The configuration's small family hides the compact views on the watch and in CarPlay.
        let hidden = declaresSmallFamily && asked.contains { $0 == .compactLeading || $0 == .compactTrailing }
            && devices.contains { $0.family == .watch || $0.family == .carplay }
        let declaration = declaredInCode ? "the widget's `.supplementalActivityFamilies([.small])`" : "the configuration's \"supplementalFamilies\": [\"small\"]"
        let because = hidden ? " (\(declaration) says the app shows its small view there instead of the compact ones)" : ""
        let advice = unstated
            ? "state where the images are shown (--presentation, or \"presentations\" in .liveassets.json), or select an iPhone or iPad"
            : "select devices that show \(names.count == 1 ? "it" : "them") (see `liveassets sizes`), or other presentations"
        // Devices that show the same views are named together: "Apple Watch Series 6 40mm, ... and 5 more show only small".
        var groups: [(views: String, names: [String])] = []
        for device in devices {
            let views = shown(device)
            if let index = groups.firstIndex(where: { $0.views == views }) { groups[index].names.append(device.displayName) }
            else { groups.append((views, [device.displayName])) }
        }
        let sample = groups.map { group in
            let names = group.names.count <= 3 ? list(group.names, "and")
                : group.names.prefix(2).joined(separator: ", ") + " and \(group.names.count - 2) more"
            return "\(names) show\(group.names.count == 1 ? "s" : "") only \(group.views)"
        }.joined(separator: "; ")
        if asked.isEmpty {
            return "None of the selected devices checks images whose presentation is not stated, which only iPhones and iPads bound (by their Lock Screen or expanded size): \(sample); \(advice)."
        }
        if devices.count == 1, let device = devices.first {
            if device.family == .iphone && !device.hasDynamicIsland && asked.allSatisfy(islandViews.contains) {
                return "\(device.displayName) has no Dynamic Island: \(list(names, "and")) \(names.count == 1 ? "is" : "are") not shown there; \(advice)."
            }
            return "\(device.displayName) shows none of \(list(names, "or"))\(because): it shows only \(shown(device)); \(advice)."
        }
        let what = names.count == 1 ? names[0] : "any of " + list(names, "or")
        return "None of the \(devices.count) selected device classes shows \(what)\(unstated ? ", or checks images whose presentation is not stated" : "")\(because): \(sample); \(advice)."
    }
}
