import LiveAssetsCore

/// Turns image facts, scales, devices and presentations into findings. Pure: it reads no file and
/// knows no codec, so an app can run it on facts it gathered itself. It walks an asset's devices once
/// for all the size rules; each rule's description and the code that words its findings sit together
/// in `Rules/`.
package enum AssetChecker {
    /// Findings for one asset.
    ///
    /// - parameters:
    ///   - asset: the image set or loose image, with the facts of each of its files.
    ///   - presentations: the views the asset is shown in; nil when nobody said, and then it is held, on
    ///     each iPhone and iPad class, to the larger of the Lock Screen and expanded sizes.
    ///   - devices: the device classes to check on.
    ///   - declaresSmallFamily: the app declares `.supplementalActivityFamilies([.small])`, so the Apple
    ///     Watch Smart Stack and CarPlay show its small view instead of the compact views.
    package static func findings(for asset: Asset, presentations: [Presentation]?, devices: [DeviceClass],
                                declaresSmallFamily: Bool = false) -> [Finding] {
        findings(for: asset, presentations: presentations, limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily))
    }

    /// ``findings(for:presentations:devices:declaresSmallFamily:)`` on the devices of `limits`, built once
    /// for many assets. `mayBeShownBy`: the code does not prove the asset is shown, only that these calls
    /// of a computed name may show it ("`Image(team)` (MatchLiveActivity.swift:19)"); its messages say so.
    package static func findings(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits,
                                 mayBeShownBy calls: String? = nil) -> [Finding] {
        findings(for: asset, walk: AssetWalk(asset, presentations: presentations, limits: limits), limits: limits, mayBeShownBy: calls)
    }

    /// The findings of `asset` from its walk on the devices of `limits` (``AssetWalk``, the one every
    /// output reads): those about its files, and those about its sizes, each read from the walk's verdicts.
    package static func findings(for asset: Asset, walk: AssetWalk, limits: DeviceLimits, mayBeShownBy calls: String? = nil) -> [Finding] {
        var findings = asset.variants.flatMap(contentFindings) + variantsNotScaled(asset)
        let choices = walk.choices
        guard choices.count > 1 else {
            for choice in choices { findings += sizeFindings(asset: asset, choice: choice, presentations: walk.presentations, limits: limits, mayBeShownBy: calls) }
            return findings
        }
        // A file in several choices (a plain @2x beside a P3 @3x): one finding per file and rule, the first;
        // a finding about the set (a missing scale) once per appearance.
        var found = Set<[PathKey?]>()  // rule, file (by its bytes), appearance
        for choice in choices {
            for finding in sizeFindings(asset: asset, choice: choice, presentations: walk.presentations, limits: limits, mayBeShownBy: calls)
            where found.insert([PathKey(finding.rule.rawValue), PathKey(finding.image ?? finding.path),
                                (finding.image == nil ? choice.variants.first?.appearance : nil).map(PathKey.init)]).inserted {
                findings.append(finding)
            }
        }
        return findings
    }

    /// The rules about a readable file's facts, each with the code that words its finding (nil: none).
    static let fileRules: [(Rule, @Sendable (String, ImageInfo) -> String?)] = [
        (.truncated, truncated), (.animatedPNG, animatedPNG), (.cmykJPEG, cmykJPEG),
        (.sixteenBit, sixteenBit), (.exifRotated, exifRotated), (.extensionMismatch, extensionMismatch),
    ]

    /// Findings about a file itself, whatever device shows it.
    static func contentFindings(_ variant: AssetVariant) -> [Finding] {
        let name = variant.fileName
        func finding(_ rule: Rule, _ message: String) -> Finding {
            Finding(rule: rule, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
                    actual: variant.info.map(\.displaySize),
                    scale: variant.scale, message: message, image: variant.path)
        }
        var findings: [Finding] = []
        if let message = scaleMismatch(variant) { findings.append(finding(.scaleMismatch, message)) }
        switch variant.content {
        case .unreadable(_, let message):
            findings.append(finding(.unreadable, message))
        case .unsupported(let format):
            findings.append(finding(.unsupportedFormat, unsupportedFormat(name, format)))
        case .image(let info):
            for (rule, message) in fileRules {
                if let message = message(name, info) { findings.append(finding(rule, message)) }
            }
        case .planned:
            break  // only fit's plans hold one, never a scan
        }
        return findings
    }

    /// A presentation a device could not fit an image into.
    struct Excess {
        /// The device's index in the devices checked.
        let device: Int
        /// The presentation's index in ``DeviceLimits/entries``.
        let entry: Int
        let limit: PixelSize
        let fallback: Bool
        let inferred: Bool
    }

    /// The size findings of one choice among the files of `asset`, read from its walk.
    static func sizeFindings(asset: Asset, choice: AssetWalk.Choice, presentations: [Presentation]?,
                             limits: DeviceLimits, mayBeShownBy calls: String? = nil) -> [Finding] {
        let group = choice.variants
        // Per file (a file listed twice is one image), by the index of its first variant in `group`;
        // device lists hold indices in `devices`.
        let file = group.indices.map { index in group.indices.first { group[$0].path.isSamePath(as: group[index].path) }! }
        var chosen = [Int](repeating: -1, count: group.count)  // the variant of each file last chosen
        // Each file's excesses by presentation: a few pairs, searched in place (no hashing per device).
        var excesses = [[(presentation: Presentation, list: [Excess])]](repeating: [], count: group.count)
        var undersized = [[Int]](repeating: [], count: group.count)
        var missing: [Int: (fallback: Int, devices: [Int])] = [:]
        let declaresScales = group.indices.contains { group[$0].scale != nil }
        for load in choice.loads {
            guard let variantIndex = load.variant else { continue }
            let deviceIndex = load.device, device = limits.devices[deviceIndex]
            let fallback = group[variantIndex].effectiveScale != device.scale
            if fallback && declaresScales {
                missing[device.scale, default: (variantIndex, [])].devices.append(deviceIndex)
            }
            // The walk read the file's size (a file it could not read has no verdict but `.unread`).
            guard choice.held[load.held].first?.verdict != .unread else { continue }
            let fileIndex = file[variantIndex]
            chosen[fileIndex] = variantIndex
            for held in choice.held[load.held] {
                let entry = limits.entries[held.entry]
                if held.verdict == .tooLarge {
                    let excess = Excess(device: deviceIndex, entry: held.entry, limit: entry.limit,
                                        fallback: fallback && declaresScales, inferred: entry.isInferred)
                    if let slot = excesses[fileIndex].firstIndex(where: { $0.presentation == entry.presentation }) {
                        excesses[fileIndex][slot].list.append(excess)
                    } else {
                        excesses[fileIndex].append((entry.presentation, [excess]))
                    }
                } else if held.verdict == .fits, entry.presentation == .lockScreen, device.standby != nil {
                    // Fitting the Lock Screen means StandBy, which doubles it, shows the image upscaled.
                    undersized[fileIndex].append(deviceIndex)
                }
            }
        }

        // A single-scale entry fit makes a file per scale: judged as fit leaves it (one decision: fit's plan).
        let split = excesses.contains { !$0.isEmpty } ? VariantPlan.individualScales(for: asset, choice: choice, limits: limits) : []
        var findings: [Finding] = []
        if !choice.loadsAFile, let variant = group.first(where: { $0.info != nil }) {
            findings.append(notChecked(asset: asset, group: group, variant: variant, presentations: presentations,
                                       shownSomewhere: !choice.loads.isEmpty))
        }
        let files = group.indices.filter { chosen[$0] >= 0 }.sorted { group[$0].path < group[$1].path }
        for fileIndex in files {
            guard !excesses[fileIndex].isEmpty else { continue }
            findings.append(oversized(group[chosen[fileIndex]], excesses[fileIndex].sorted { $0.presentation < $1.presentation },
                                      limits: limits, mayBeShownBy: calls, split: split))
        }
        for fileIndex in files where !undersized[fileIndex].isEmpty {
            findings.append(undersizedForStandby(group[chosen[fileIndex]], devices: undersized[fileIndex], limits: limits))
        }
        if !missing.isEmpty {
            findings.append(missingScaleVariant(asset, group: group, missing: missing, limits: limits))
        }
        return findings
    }

    /// "iPhone XR", "iPhone XR and iPhone 15" or "iPhone XR, iPhone 15 and 10 more": the models that
    /// name classes `indices` of `names` (on StandBy with `standby`), for the first two indices.
    static func deviceList(_ indices: [Int], of names: DeviceNames, standby: Bool = false) -> String {
        let names = indices.prefix(2).map { standby ? names.standbyModels[$0] : names.models[$0] }
        return indices.count > 2 ? names.joined(separator: ", ") + " and \(indices.count - 2) more" : names.spokenList()
    }
}
