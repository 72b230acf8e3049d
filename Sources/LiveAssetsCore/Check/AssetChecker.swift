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
                    actual: variant.info.map { PixelSize(width: $0.displayWidth, height: $0.displayHeight) },
                    scale: variant.scale, message: message)
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
        let actualSizes = group.map { $0.info.map { PixelSize(width: $0.displayWidth, height: $0.displayHeight) } }
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
            for (presentation, list) in excesses[fileIndex].sorted(by: { $0.presentation < $1.presentation }) {
                findings.append(oversized(group[chosen[fileIndex]], presentation, list, limits: limits,
                                          presentationsGiven: presentations != nil))
            }
        }
        for fileIndex in files where !undersized[fileIndex].isEmpty {
            let variant = group[chosen[fileIndex]], list = undersized[fileIndex], first = list[0]
            findings.append(Finding(
                rule: .undersizedForStandby, path: variant.reportPath, line: variant.reportLine,
                column: variant.reportColumn, device: devices[first].id, presentation: .lockScreen,
                actual: variant.info.map { PixelSize(width: $0.displayWidth, height: $0.displayHeight) },
                limit: limits.devices[first].standby, scale: variant.scale,
                message: "\(variant.fileName) fits the Lock Screen, so StandBy, which doubles the Lock Screen, shows it upscaled 2x on \(deviceList(list, of: devices)); Apple asks for assets with a resolution high enough for StandBy.",
                usesInferredLimit: true))
        }
        for (scale, missingEntry) in missing.sorted(by: { $0.key < $1.key }) {
            let entry = (fallback: group[missingEntry.fallback], devices: missingEntry.devices)
            let appearance = group.first?.appearance.map { " (\($0) appearance)" } ?? ""
            let slot = asset.emptySlots.first { $0.scale == scale && $0.appearance == group.first?.appearance }
            findings.append(Finding(
                rule: .missingScaleVariant, path: asset.reportPath, line: slot?.line, column: slot?.column,
                device: devices[entry.devices[0]].id,
                actual: entry.fallback.info.map { PixelSize(width: $0.displayWidth, height: $0.displayHeight) },
                scale: entry.fallback.effectiveScale,
                message: "\(asset.displayName)\(appearance) has no @\(scale)x variant, so \(deviceList(entry.devices, of: devices)) fall\(entry.devices.count == 1 ? "s" : "") back to the @\(entry.fallback.effectiveScale)x one; add a @\(scale)x variant."))
        }
        return findings
    }

    static func oversized(_ variant: AssetVariant, _ presentation: Presentation, _ list: [Excess], limits: DeviceLimits,
                          presentationsGiven: Bool) -> Finding {
        let devices = limits.classes
        let info = variant.info!
        let actual = PixelSize(width: info.displayWidth, height: info.displayHeight)
        // The strictest device first: the smallest limit, then table order.
        let sorted = list.enumerated().sorted { a, b in
            let x = a.element.limit.width * a.element.limit.height, y = b.element.limit.width * b.element.limit.height
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        let strictest = sorted[0]
        let size = limits.entries[strictest.entry]
        let scale = variant.effectiveScale
        // Most messages are 300-600 bytes: written into one buffer, made a String once.
        var message = MessageText(capacity: 640)
        message.write(variant.fileName)
        message.write(" is ")
        message.write(actual)
        message.write(" px (")
        message.write(Points(pixels: actual.width, scale: scale))
        message.write("x")
        message.write(Points(pixels: actual.height, scale: scale))
        message.write(" pt @")
        message.write(scale)
        message.write("x), larger than the ")
        message.write(presentation.displayName)
        message.write(" presentation allows on ")
        message.write(devices[strictest.device].id)
        message.write(": ")
        message.write(strictest.limit)
        message.write(" px (")
        message.write(size.width)
        message.write("x")
        message.write(size.height)
        message.write(" pt @")
        message.write(limits.devices[strictest.device].scale)
        message.write("x)")
        if sorted.count > 1 {
            // Device ids are written in place, never gathered: each would be another reference count
            // on the table that every thread shares.
            let others = sorted.count - 1
            message.write(", and on ")
            message.write(others)
            message.write(others == 1 ? " more device class (" : " more device classes (")
            for (position, excess) in sorted.dropFirst().prefix(4).enumerated() {
                if position > 0 { message.write(", ") }
                message.write(devices[excess.device].id)
            }
            message.write(others > 4 ? ", ...)" : ")")
        }
        let fallbacks = sorted.filter(\.fallback)
        if !fallbacks.isEmpty {
            message.write(fallbacks.count == sorted.count ? "; these devices have no " : "; some of these devices have no ")
            writeScales(fallbacks.lazy.map { limits.devices[$0.device].scale }, separator: " or ", to: &message)
            message.write(" variant and fall back to this @")
            message.write(variant.effectiveScale)
            message.write("x one")
        }
        if variant.scale == nil {
            message.write(variant.reportPath == variant.path
                ? "; its scale is unknown (no catalog entry or @2x/@3x suffix), so it counts as 1x"
                : "; its Contents.json entry declares no scale and its name no @2x/@3x suffix, so it counts as 1x")
        }
        if strictest.inferred {
            message.write("; this limit is inferred, not published by Apple (see `liveassets sizes`)")
        } else if sorted.contains(where: \.inferred) {
            message.write("; some of the other limits are inferred, not published by Apple (see `liveassets sizes`)")
        }
        if !presentationsGiven { message.write("; its presentation was not stated, so the larger of the Lock Screen and expanded sizes was used") }
        message.write("; fit it with `liveassets fit`")
        let missing = variant.scale == nil ? sorted : fallbacks
        if !missing.isEmpty {
            message.write(" or provide a ")
            writeScales(missing.lazy.map { limits.devices[$0.device].scale }, separator: " and a ", to: &message)
            message.write(" variant")
        }
        message.write(".")
        return Finding(
            rule: .oversized, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
            device: devices[strictest.device].id, presentation: presentation, actual: actual, limit: strictest.limit,
            scale: variant.scale, message: message.string, usesInferredLimit: strictest.inferred)
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
            let list = idioms.count == 1 ? idioms[0] : idioms.dropLast().joined(separator: ", ") + " and " + idioms.last!
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
            message: "\(catalogPath) hands \(worst.device.id) images that decode to about \(megabytes) MB, over the ~30 MB memory budget reported for widget extensions; shrink them with `liveassets fit`.",
            usesInferredLimit: true)]
    }

    /// "a, b, c" or "a, b, c and 4 more": the ids of `devices[i]` for each index, read in place.
    static func deviceList(_ indices: [Int], of devices: [DeviceClass]) -> String {
        var list = ""
        for (position, index) in indices.prefix(3).enumerated() {
            if position > 0 { list += ", " }
            list += devices[index].id
        }
        return indices.count <= 3 ? list : list + " and \(indices.count - 3) more"
    }

    /// Writes "@2x or @3x": each scale once, in increasing order. Asked for in most oversized messages,
    /// so it gathers nothing: each pass finds the next larger scale (there are at most three).
    static func writeScales(_ scales: some Collection<Int>, separator: String, to message: inout MessageText) {
        var last = Int.min
        while let next = scales.lazy.filter({ $0 > last }).min() {
            if last != Int.min { message.write(separator) }
            message.write("@")
            message.write(next)
            message.write("x")
            last = next
        }
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
