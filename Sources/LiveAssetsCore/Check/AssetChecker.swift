/// Turns image facts, scales, devices and presentations into findings. Pure: it reads no file and
/// knows no codec, so an app can run it on facts it gathered itself.
public enum AssetChecker {
    /// The reported memory budget of a widget extension, where Live Activity views are rendered.
    public static let decodedMemoryBudget = 30_000_000

    /// Findings for one asset.
    ///
    /// - parameters:
    ///   - presentations: the views the asset is shown in; nil when nobody said, and then it is held, on
    ///     each iPhone and iPad class, to the larger of the Lock Screen and expanded sizes.
    ///   - devices: the device classes to check on.
    ///   - declaresSmallFamily: the app declares `.supplementalActivityFamilies([.small])`, so the Apple
    ///     Watch Smart Stack and CarPlay show its small view instead of the compact views.
    public static func findings(for asset: Asset, presentations: [Presentation]?, devices: [DeviceClass],
                                declaresSmallFamily: Bool = false) -> [Finding] {
        findings(for: asset, presentations: presentations, limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily))
    }

    /// ``findings(for:presentations:devices:declaresSmallFamily:)`` on the devices of `limits`, built once
    /// for many assets.
    package static func findings(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [Finding] {
        var findings = asset.variants.flatMap(contentFindings)
        for group in asset.appearanceGroups {
            findings += sizeFindings(asset: asset, group: group, presentations: presentations, limits: limits)
        }
        return findings
    }

    /// Findings about a file itself, whatever device shows it.
    static func contentFindings(_ variant: AssetVariant) -> [Finding] {
        let name = variant.fileName
        func finding(_ rule: Rule, _ message: String) -> Finding {
            Finding(rule: rule, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
                    actual: variant.info.map(\.displaySize),
                    scale: variant.scale, message: message, image: variant.path)
        }
        var findings: [Finding] = []
        if let catalog = variant.catalogScale, let suffix = variant.suffixScale, catalog != suffix {
            findings.append(finding(.scaleMismatch,
                "\(name) is named @\(suffix)x but its Contents.json entry declares \(catalog)x; the catalog's scale is the one used, so rename the file or fix the entry."))
        }
        switch variant.content {
        case .unreadable(_, let message):
            findings.append(finding(.unreadable, message))
        case .unsupported(let format):
            findings.append(finding(.unsupportedFormat,
                "\(name) is a \(format.displayName) file, which LiveAssets cannot measure, so it was not validated; use PNG or JPEG to have it checked."))
        case .image(let info):
            if let truncation = info.truncation {
                findings.append(finding(.truncated,
                    "\(name) is cut short: \(truncation.clause(fileSize: info.fileSize)), so it may not load; export it again from its source."))
            }
            if info.isAnimated {
                findings.append(finding(.animatedPNG,
                    "\(name) is an animated PNG with \(info.frameCount) frames, but a Live Activity shows no animation; keep one frame."))
            }
            if info.colorModel == .cmyk || info.colorModel == .ycck {
                findings.append(finding(.cmykJPEG,
                    "\(name) is a \(info.colorModel.displayName) JPEG, whose colours depend on the decoder; save it as RGB."))
            }
            if info.bitDepth == 16 {
                findings.append(finding(.sixteenBit,
                    "\(name) has 16-bit samples, twice the memory of 8-bit for no visible gain; save it with 8 bits per sample."))
            }
            if info.orientation != .up {
                findings.append(finding(.exifRotated,
                    "\(name) is stored \(info.width)x\(info.height) px but its EXIF orientation \(info.orientation.rawValue) shows it \(info.displayWidth)x\(info.displayHeight) px, the size checked; `liveassets fit` writes it upright."))
            }
            if let expected = ImageFormat.expected(forFileName: name), expected != info.format {
                findings.append(finding(.extensionMismatch,
                    "\(name) holds \(info.format.displayName) data under a .\(name.split(separator: ".").last!) extension; rename it to match its format."))
            }
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

    static func sizeFindings(asset: Asset, group: [AssetVariant], presentations: [Presentation]?,
                             limits: DeviceLimits) -> [Finding] {
        let devices = limits.classes
        // Per file (a file listed twice is one image), by the index of its first variant in `group`;
        // device lists hold indices in `devices`.
        let file = group.indices.map { index in group.indices.first { group[$0].path == group[index].path }! }
        var chosen = [Int](repeating: -1, count: group.count)  // the variant of each file last chosen
        // Each file's excesses by presentation: a few pairs, searched in place (no hashing per device).
        var excesses = [[(presentation: Presentation, list: [Excess])]](repeating: [], count: group.count)
        var undersized = [[Int]](repeating: [], count: group.count)
        var missing: [Int: (fallback: Int, devices: [Int])] = [:]
        let declaresScales = group.indices.contains { group[$0].scale != nil }
        let actualSizes = group.map { $0.info.map(\.displaySize) }
        func isShown(_ entry: Int) -> Bool { presentations?.contains(limits.entries[entry].presentation) ?? true }

        var shownSomewhere = false  // a device shows the asset's views
        var checked = false  // and one of those uses a variant of the group
        for (deviceIndex, device) in limits.devices.enumerated() {
            // Without given presentations, the device's limit for them; none: the device never shows this asset.
            let shown = presentations == nil ? max(device.unstated, 0)..<device.unstated + 1 : device.entries
            guard shown.contains(where: isShown) else { continue }
            shownSomewhere = true
            guard let variantIndex = Asset.variantIndex(family: device.family, scale: device.scale, in: group) else { continue }
            checked = true
            let fallback = group[variantIndex].effectiveScale != device.scale
            if fallback && declaresScales {
                missing[device.scale, default: (variantIndex, [])].devices.append(deviceIndex)
            }
            guard let actual = actualSizes[variantIndex] else { continue }
            let fileIndex = file[variantIndex]
            chosen[fileIndex] = variantIndex
            for entryIndex in shown where isShown(entryIndex) {
                let entry = limits.entries[entryIndex]
                if !actual.fits(in: entry.limit) {
                    let excess = Excess(device: deviceIndex, entry: entryIndex, limit: entry.limit,
                                        fallback: fallback && declaresScales, inferred: entry.inferred)
                    if let slot = excesses[fileIndex].firstIndex(where: { $0.presentation == entry.presentation }) {
                        excesses[fileIndex][slot].list.append(excess)
                    } else {
                        excesses[fileIndex].append((entry.presentation, [excess]))
                    }
                } else if entry.presentation == .lockScreen, device.standby != nil {
                    // Fitting the Lock Screen means StandBy, which doubles it, shows the image upscaled.
                    undersized[fileIndex].append(deviceIndex)
                }
            }
        }

        var findings: [Finding] = []
        if !checked, let variant = group.first(where: { $0.info != nil }) {
            findings.append(notChecked(asset: asset, group: group, variant: variant, presentations: presentations,
                                       shownSomewhere: shownSomewhere))
        }
        let files = group.indices.filter { chosen[$0] >= 0 }.sorted { group[$0].path < group[$1].path }
        for fileIndex in files {
            guard !excesses[fileIndex].isEmpty else { continue }
            findings.append(oversized(group[chosen[fileIndex]], excesses[fileIndex].sorted { $0.presentation < $1.presentation },
                                      limits: limits))
        }
        for fileIndex in files where !undersized[fileIndex].isEmpty {
            let variant = group[chosen[fileIndex]], list = undersized[fileIndex], first = list[0]
            findings.append(Finding(
                rule: .undersizedForStandby, path: variant.reportPath, line: variant.reportLine,
                column: variant.reportColumn, device: devices[first].id, presentation: .lockScreen,
                actual: variant.info.map(\.displaySize),
                limit: limits.devices[first].standby, scale: variant.scale,
                message: "\(variant.fileName) fits the Lock Screen, so StandBy, which doubles the Lock Screen, shows it upscaled 2x on \(deviceList(list, of: devices)); Apple asks for assets with a resolution high enough for StandBy.",
                usesInferredLimit: true, image: variant.path, model: devices[first].displayName))
        }
        if !missing.isEmpty {
            // One finding for the group: its missing scales, and the classes that fall back (models by name).
            let scales = missing.keys.sorted()
            let classes = scales.flatMap { missing[$0]!.devices }
            let fallback = group[missing[scales[0]]!.fallback]
            let appearance = group.first?.appearance.map { " (\($0) appearance)" } ?? ""
            let slot = asset.emptySlots.first { $0.scale == scales[0] && $0.appearance == group.first?.appearance }
            let names = scales.map { "@\($0)x" }
            let missingText = names.spokenList("or") + (names.count == 1 ? " variant" : " variants")
            let count = classes.count == 1 ? "1 device class" : "\(classes.count) device classes"
            let use = scales.count == 1 ? "the @\(fallback.effectiveScale)x one" : "another scale"
            findings.append(Finding(
                rule: .missingScaleVariant, path: asset.reportPath, line: slot?.line, column: slot?.column,
                device: devices[classes[0]].id,
                actual: fallback.info.map(\.displaySize),
                scale: fallback.effectiveScale,
                message: "\(asset.displayName)\(appearance) has no \(missingText), so \(count) (\(deviceList(classes, of: devices))) \(classes.count == 1 ? "uses" : "use") \(use); add \(scales.count == 1 ? "it" : "them").",
                model: devices[classes[0]].displayName))
        }
        return findings
    }

    /// The one finding of a file too large somewhere: every (device, presentation) it violates, the
    /// tightest of them (the one whose fit is smallest; on a tie, the smaller limit, then the first device
    /// in table order), and the largest size, aspect ratio kept, inside every violated limit that fitting
    /// the file must meet: in a catalog, a device that falls back from this scale to a lower one gets its
    /// own variant from `fit` instead (and `missing-scale-variant` says so), as long as another limit binds.
    static func oversized(_ variant: AssetVariant, _ excesses: [(presentation: Presentation, list: [Excess])],
                          limits: DeviceLimits) -> Finding {
        let devices = limits.classes
        let info = variant.info!
        let actual = info.displaySize
        let all = excesses.flatMap(\.list)
        let gainsVariant = { (excess: Excess) in
            variant.catalogScale != nil && excess.fallback && limits.devices[excess.device].scale < variant.effectiveScale
        }
        // Only devices that a lower-scale variant would serve: adding it is the fix, fitting this file the other.
        let onlyFallbacks = !all.contains { !gainsVariant($0) }
        let binding = onlyFallbacks ? all : all.filter { !gainsVariant($0) }
        var box = binding[0].limit
        for excess in binding { box = PixelSize(width: min(box.width, excess.limit.width), height: min(box.height, excess.limit.height)) }
        let suggested = FitPlan.fitted(actual, in: box)
        // Each violation's fit, once: the tightest has the smallest, then the smaller limit, then table order.
        let ranked = binding.map { excess -> (fit: Int, area: Int, excess: Excess) in
            let size = FitPlan.fitted(actual, in: excess.limit)
            let fit: Int = size.width * size.height, area: Int = excess.limit.width * excess.limit.height
            return (fit, area, excess)
        }
        let tightest = ranked.min { a, b in
            if a.fit != b.fit { return a.fit < b.fit }
            if a.area != b.area { return a.area < b.area }
            return a.excess.device != b.excess.device ? a.excess.device < b.excess.device : a.excess.entry < b.excess.entry
        }!.excess
        let presentation = limits.entries[tightest.entry].presentation
        let model = devices[tightest.device].displayName
        let names = excesses.map(\.presentation.displayName)
        let list = names.spokenList()
        let scale = variant.scale.map { "@\($0)x" } ?? "counted as @1x"
        var entries: [ViolationList.Entry] = []
        entries.reserveCapacity(all.count)
        for entry in excesses {
            for excess in entry.list {
                entries.append(ViolationList.Entry(device: excess.device, presentation: entry.presentation, limit: excess.limit))
            }
        }
        var finding = Finding(
            rule: .oversized, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
            device: devices[tightest.device].id, presentation: presentation, actual: actual, limit: tightest.limit,
            scale: variant.scale,
            message: Self.oversizedMessage(variant.fileName, actual, scale, list, count: names.count,
                                           presentation, model, tightest.limit, suggested,
                                           addScale: onlyFallbacks ? limits.devices[tightest.device].scale : nil),
            usesInferredLimit: tightest.inferred, image: variant.path, model: model, suggested: suggested)
        finding.violationList = ViolationList(names: limits.names, entries: entries, actual: actual)
        return finding
    }

    /// "logo.png (300x300 px, @3x) is too large for ...; tightest: ...; fit it to at most ... px.", with the
    /// presentations counted instead of listed when the list would take the message over 200 characters.
    /// With `addScale`, every violation is on devices that fall back to this file, and adding their scale's
    /// variant comes first.
    static func oversizedMessage(_ file: String, _ actual: PixelSize, _ scale: String, _ presentations: String, count: Int,
                                 _ presentation: Presentation, _ model: String, _ limit: PixelSize, _ suggested: PixelSize,
                                 addScale: Int? = nil) -> String {
        let fix = addScale.map { "add a @\($0)x variant, or fit it to at most \(suggested) px" } ?? "fit it to at most \(suggested) px"
        func message(_ what: String) -> String {
            "\(file) (\(actual) px, \(scale)) is too large for \(what); tightest: \(presentation.displayName) on \(model), \(limit) px; \(fix)."
        }
        let full = message(presentations)
        return full.count < 200 || count < 2 ? full : message("\(count) presentations")
    }

    /// Why no selected device checked `group`, an appearance of `asset` (`variant` is its first readable
    /// file): its views are shown on none of them, or those that show them use none of its variants.
    static func notChecked(asset: Asset, group: [AssetVariant], variant: AssetVariant, presentations: [Presentation]?,
                           shownSomewhere: Bool) -> Finding {
        let name = variant.appearance.map { "\(asset.displayName) (\($0) appearance)" } ?? asset.displayName
        let reason: String
        if shownSomewhere {
            var idioms: [String] = []
            for variant in group where !idioms.contains(variant.idiom.rawValue) { idioms.append(variant.idiom.rawValue) }
            let list = idioms.spokenList()
            reason = "has only \(list) entries, which none of the devices that show it uses; check it on the devices those entries are for"
        } else if let presentations {
            let names = presentations.map(\.rawValue).joined(separator: ", ")
            reason = "is shown in \(names), which none of the selected devices shows; check it on a device that does (see `liveassets sizes`) or correct its presentation"
        } else {
            reason = "has no stated presentation, and only iPhone and iPad classes bound such images; state its presentation or check it on an iPhone or iPad"
        }
        return Finding(rule: .notChecked, path: asset.reportPath, scale: variant.scale,
                       message: "\(name) was not checked: it \(reason).")
    }

    /// Findings for the images one catalog hands each device: their decoded size against the budget.
    public static func decodedMemoryFindings(catalogPath: String, assets: [Asset], devices: [DeviceClass]) -> [Finding] {
        var worst: (device: DeviceClass, bytes: Int)?
        for device in devices {
            var bytes = 0
            for asset in assets {
                guard let group = asset.appearanceGroups.first,
                      let info = Asset.variant(for: device, in: group)?.info else { continue }
                bytes += info.width * info.height * (info.bitDepth == 16 ? 8 : 4)
            }
            if bytes > (worst?.bytes ?? 0) { worst = (device, bytes) }
        }
        guard let worst, worst.bytes > decodedMemoryBudget else { return [] }
        let megabytes = (worst.bytes + 500_000) / 1_000_000
        return [Finding(
            rule: .decodedMemory, path: catalogPath, device: worst.device.id,
            message: "\(catalogPath) hands \(worst.device.displayName) (\(worst.device.id)) images that decode to about \(megabytes) MB, over the ~30 MB memory budget reported for widget extensions; shrink them with `liveassets fit`.",
            usesInferredLimit: true, model: worst.device.displayName)]
    }

    /// "iPhone XR, iPhone 8" or "iPhone XR, iPhone 8, ...": the models that name `devices[i]` for the
    /// first two indices.
    static func deviceList(_ indices: [Int], of devices: [DeviceClass]) -> String {
        indices.prefix(2).map { devices[$0].displayName }.joined(separator: ", ") + (indices.count > 2 ? ", ..." : "")
    }
}

extension ImageFormat {
    /// The format a file name's extension promises, for the formats LiveAssets reads.
    static func expected(forFileName name: String) -> ImageFormat? {
        switch name.packedExtension {
        case packedExtension("png"): .png
        case packedExtension("jpg"), packedExtension("jpeg"), packedExtension("jpe"), packedExtension("jfif"): .jpeg
        default: nil
        }
    }
}
