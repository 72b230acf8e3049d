import LiveAssetsCore

/// A scale variant `fit` adds to an image set: made from a higher-scale variant (never by upscaling),
/// sized to that scale and fitted to the devices that will use it.
package struct VariantPlan: Sendable, Hashable {
    /// Where the new file goes, and how the app finds it.
    package enum Home: Sendable, Hashable {
        /// An image set: the file is listed in its Contents.json, which Xcode selects by.
        case imageSet(contents: String)
        /// A folder of loose files: the file is found by its name alone (`logo@2x.png` beside `logo.png`,
        /// as `UIImage(named:)` and `Image("logo")` look a loose file's scales up).
        case folder(String)

        /// The folder the new file goes in.
        package var folder: String {
            switch self {
            case .imageSet(let contents): String(contents.dropLast("/Contents.json".count))
            case .folder(let folder): folder
            }
        }
    }

    package var home: Home
    /// The image set's Contents.json; nil for a loose file's variant.
    package var contentsPath: String? {
        if case .imageSet(let contents) = home { return contents }
        return nil
    }
    /// The idiom and appearance of the source entry, which the new entry keeps.
    package var idiom: AssetVariant.Idiom
    package var appearance: String?
    package var scale: Int
    /// The variant it is made from.
    package var source: String
    package var sourceScale: Int
    /// The new file's name, beside the source ("logo@2x.png").
    package var fileName: String
    package var target: PixelSize
    /// The device classes that will use it.
    package var devices: [String]
    /// The source is a single-scale entry (no scale): adding this variant first makes it the
    /// `sourceScale` entry of an Individual Scales set, as Xcode lays one out, so that each scale's
    /// devices load a file of their own.
    package var givesSourceItsScale = false
    /// Whether a limit behind ``target`` is inferred.
    package var inferred = false

    /// The variants missing from a catalog image set for the devices that show it, when a higher-scale
    /// variant exists to make them from.
    package static func missing(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [VariantPlan] {
        guard asset.reportPath.hasSuffix("Contents.json") else { return [] }
        var plans: [VariantPlan] = []
        for choice in AssetWalk(choices: asset.appearanceGroups, presentations: presentations, limits: limits).choices {
            let group = choice.variants
            let readable = group.filter { $0.info != nil && $0.catalogScale != nil }
            guard !readable.isEmpty else {
                plans += individualScales(for: asset, choice: choice, limits: limits)
                continue
            }
            let present = Set(readable.compactMap(\.catalogScale))
            let boxes = choice.boxesByScale(limits: limits).filter { !present.contains($0.key) }
            for (scale, entry) in boxes.sorted(by: { $0.key < $1.key }) {
                // The nearest higher scale: the least shrinking, and never an upscale.
                guard let source = readable.filter({ $0.catalogScale! > scale }).min(by: { $0.catalogScale! < $1.catalogScale! }),
                      let info = source.info else { continue }
                let natural = PixelSize(width: max(1, info.displayWidth * scale / source.catalogScale!),
                                        height: max(1, info.displayHeight * scale / source.catalogScale!))
                plans.append(VariantPlan(
                    home: .imageSet(contents: asset.reportPath), idiom: source.idiom, appearance: group.first?.appearance, scale: scale,
                    source: source.path,
                    sourceScale: source.catalogScale!, fileName: fileName(for: source.fileName, scale: scale),
                    target: natural.fitted(in: entry.box), devices: entry.devices))
            }
        }
        return plans
    }

    /// For an image set's single-scale entry (no scale) that devices of several scales load and that is
    /// too large for some of them: the entry becomes that of the scale its name gives ("@2x"), else the
    /// highest of those scales, and each other
    /// scale gets a file of its own, the largest size, aspect ratio kept, that fits every device of that
    /// scale loading it, made from the original (never upscaled): each device its sharpest image, where
    /// one file would be the size the tightest device allows. Nothing where one file serves every scale
    /// as well.
    static func individualScales(for asset: Asset, choice: AssetWalk.Choice, limits: DeviceLimits) -> [VariantPlan] {
        // Only a set whose appearance holds that one entry (no P3, locale or other idiom's entry beside it, which fit
        // would have to split too), and whose file no other entry lists: fit's plan for the file is then this one.
        guard asset.reportPath.hasSuffix("/Contents.json"), choice.variants.count == 1, let source = choice.variants.first,
              source.catalogScale == nil, source.traits == nil, let info = source.info,
              asset.variants.count(where: { $0.appearance == source.appearance || $0.path.isSamePath(as: source.path) }) == 1
        else { return [] }
        let boxes = choice.boxesByScale(limits: limits)
        // The file keeps the scale its name gives (logo@2x.png: the 2x slot) where devices of it load the file; else the highest.
        guard boxes.count > 1, let top = source.suffixScale.flatMap({ boxes[$0] == nil ? nil : $0 }) ?? boxes.keys.max() else { return [] }
        let current = info.displaySize
        let one = current.fitted(in: boxes.values.map(\.box).reduce(PixelSize(width: Int.max, height: Int.max)) { $0.intersection($1) })
        guard boxes.values.contains(where: { current.fitted(in: $0.box) != one }) else { return [] }
        return boxes.keys.sorted().filter { $0 != top }.map { scale in
            VariantPlan(home: .imageSet(contents: asset.reportPath), idiom: source.idiom, appearance: source.appearance, scale: scale,
                        source: source.path, sourceScale: top, fileName: fileName(for: source.fileName, scale: scale),
                        target: current.fitted(in: boxes[scale]!.box), devices: boxes[scale]!.devices, givesSourceItsScale: true,
                        inferred: boxes[scale]!.inferred)
        }
    }

    /// For loose files (no image set) that devices of a scale none of them is named for show (`logo.png`
    /// alone, on @2x and @3x iPhones): a file for each such scale beside them, named for it
    /// (`logo@2x.png`), the largest size that fits every device of that scale, made from the nearest
    /// higher scale, else from the file with the most pixels, and never larger than that source (no
    /// upscaling). What `fit --variants` adds; the app finds them only where its code loads the file by
    /// name (`UIImage(named:)`, `Image("logo")`).
    package static func looseScales(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [VariantPlan] {
        guard !asset.reportPath.hasSuffix("/Contents.json") else { return [] }
        var plans: [VariantPlan] = []
        for choice in AssetWalk(choices: asset.appearanceGroups, presentations: presentations, limits: limits).choices {
            // Files for every device alike (no `~ipad`): a new file is named for its scale alone.
            guard choice.variants.allSatisfy({ $0.idiom == .universal && $0.catalogScale == nil && $0.traits == nil }) else { continue }
            let readable = choice.variants.filter { $0.info != nil }
            guard !readable.isEmpty else { continue }
            func scale(_ variant: AssetVariant) -> Int { variant.suffixScale ?? 1 }
            let present = Set(choice.variants.map(scale))  // an unreadable file holds its scale's name too
            let all = choice.boxesByScale(limits: limits)
            // Only where a file is too large for a device that loads it: otherwise every scale keeps its file.
            guard readable.contains(where: { variant in all.values.contains { !variant.info!.displaySize.fits(in: $0.box) } }) else { continue }
            let boxes = all.filter { !present.contains($0.key) }
            guard !boxes.isEmpty else { continue }
            for (target, entry) in boxes.sorted(by: { $0.key < $1.key }) {
                let higher = readable.filter { scale($0) > target }.min { scale($0) < scale($1) }
                guard let source = higher ?? readable.max(by: { $0.info!.displayWidth * $0.info!.displayHeight < $1.info!.displayWidth * $1.info!.displayHeight }),
                      let info = source.info else { continue }
                let natural = PixelSize(width: max(1, info.displayWidth * target / scale(source)),
                                        height: max(1, info.displayHeight * target / scale(source)))
                let path = source.path
                let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
                plans.append(VariantPlan(
                    home: .folder(folder), idiom: source.idiom, appearance: nil, scale: target, source: path,
                    sourceScale: scale(source), fileName: fileName(for: source.fileName, scale: target),
                    target: natural.fitted(in: entry.box).fitted(in: info.displaySize), devices: entry.devices, inferred: entry.inferred))
            }
        }
        return plans
    }

    /// "logo@3x.png" -> "logo@2x.png"; "logo.png" -> "logo@2x.png"; "logo@3x~dark.png" -> "logo@2x~dark.png";
    /// with a `tag`, "logo-dark@2x.png".
    package static func fileName(for source: String, scale: Int, tag: String? = nil) -> String {
        let dot = source.lastIndex(of: ".") ?? source.endIndex
        var stem = String(source[..<dot])
        let ext = String(source[dot...])
        var suffix = ""
        if let tilde = stem.lastIndex(of: "~") {
            suffix = String(stem[tilde...])
            stem = String(stem[..<tilde])
        }
        for existing in 1...3 where stem.hasSuffix("@\(existing)x") { stem.removeLast(3) }
        return "\(stem)\(tag.map { "-" + $0 } ?? "")@\(scale)x\(suffix)\(ext)"
    }
}

extension Asset {
    /// The asset as it will be once `variants` are added (each `.planned`, with no image facts): what
    /// `fit` plans the existing files against, so that a @3x is not shrunk for the @2x devices that are
    /// about to get their own variant.
    package func adding(_ variants: [VariantPlan]) -> Asset {
        var copy = self
        for plan in variants {
            // A single-scale source is its new scale's entry.
            if plan.givesSourceItsScale, let index = copy.variants.firstIndex(where: { $0.path == plan.source && $0.catalogScale == nil }) {
                copy.variants[index].catalogScale = plan.sourceScale
            }
            let path = plan.home.folder + "/" + plan.fileName
            switch plan.home {
            case .imageSet(let contents):
                copy.variants.append(AssetVariant(path: path, content: .planned(plan.target), catalogScale: plan.scale, idiom: plan.idiom,
                                                  appearance: plan.appearance, reportPath: contents))
            case .folder:
                copy.variants.append(AssetVariant(path: path, content: .planned(plan.target), suffixScale: plan.scale, idiom: plan.idiom,
                                                  reportPath: path))
            }
        }
        return copy
    }
}
