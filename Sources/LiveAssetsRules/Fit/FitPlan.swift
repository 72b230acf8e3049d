import LiveAssetsCore

/// What `fit` does to one file: the largest size, aspect ratio kept, that fits every limit `check`
/// would apply to it.
package struct FitPlan: Sendable, Hashable {
    /// The image file.
    package var path: String
    /// Its displayed size now (after EXIF orientation).
    package var current: PixelSize
    /// The strictest limit over the devices that use this file and the presentations it is shown in:
    /// the smallest width and the smallest height among them.
    package var box: PixelSize
    /// The size to write: `current` scaled down to fit `box` on both axes, never up.
    package var target: PixelSize

    package init(path: String, current: PixelSize, box: PixelSize, target: PixelSize) {
        self.path = path
        self.current = current
        self.box = box
        self.target = target
    }

    /// Whether the file needs rewriting.
    package var changes: Bool { target != current }

    /// A plan per readable image of `asset` that some device shows, read from the walk the check's findings read (``AssetWalk``).
    package static func plans(for asset: Asset, presentations: [Presentation]?, devices: [DeviceClass],
                             declaresSmallFamily: Bool = false) -> [FitPlan] {
        plans(for: asset, presentations: presentations, limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily))
    }

    /// ``plans(for:presentations:devices:declaresSmallFamily:)`` on the devices of `limits`.
    package static func plans(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [FitPlan] {
        var boxes: [PathKey: PixelSize] = [:]
        var order: [PathKey] = []
        for choice in AssetWalk(asset, presentations: presentations, limits: limits).choices {
            for load in choice.loads {
                guard let variant = load.variant, choice.variants[variant].info != nil else { continue }
                let path = PathKey(choice.variants[variant].path)
                for held in choice.held[load.held] {
                    let limit = limits.entries[held.entry].limit
                    if let box = boxes[path] {
                        boxes[path] = box.intersection(limit)
                    } else {
                        boxes[path] = limit
                        order.append(path)
                    }
                }
            }
        }
        return order.compactMap { key in
            guard let info = asset.variants.first(where: { $0.path.isSamePath(as: key.path) })?.info, let box = boxes[key] else { return nil }
            let current = info.displaySize
            return FitPlan(path: key.path, current: current, box: box, target: current.fitted(in: box))
        }
    }
}

extension FitPlan {
    /// What `fit` does to `asset`: the scale variants it adds (made from a higher scale), then a plan per
    /// existing file, fitted for the devices that keep using it once those variants exist.
    package static func fitting(_ asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> Fitting {
        let added = VariantPlan.missing(for: asset, presentations: presentations, limits: limits)
        let existing = Set(asset.variants.map { PathKey($0.path) })
        let plans = plans(for: asset.adding(added), presentations: presentations, limits: limits).filter { existing.contains(PathKey($0.path)) }
        return Fitting(plans: plans, added: added)
    }

    /// What `fit` does to one asset.
    package struct Fitting: Sendable, Hashable {
        /// A plan per existing file, fitted for the devices that keep using it.
        package var plans: [FitPlan]
        /// The scale variants it adds.
        package var added: [VariantPlan]

        package init(plans: [FitPlan] = [], added: [VariantPlan] = []) {
            self.plans = plans
            self.added = added
        }
    }
}

/// A scale variant `fit` adds to an image set: made from a higher-scale variant (never by upscaling),
/// sized to that scale and fitted to the devices that will use it.
package struct VariantPlan: Sendable, Hashable {
    /// The image set's Contents.json.
    package var contentsPath: String
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

    /// The variants missing from a catalog image set for the devices that show it, when a higher-scale
    /// variant exists to make them from.
    package static func missing(for asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [VariantPlan] {
        guard asset.reportPath.hasSuffix("Contents.json") else { return [] }
        var plans: [VariantPlan] = []
        for choice in AssetWalk(choices: asset.appearanceGroups, presentations: presentations, limits: limits).choices {
            let group = choice.variants
            let readable = group.filter { $0.info != nil && $0.catalogScale != nil }
            guard !readable.isEmpty else { continue }
            let present = Set(readable.compactMap(\.catalogScale))
            var boxes: [Int: (box: PixelSize, devices: [String])] = [:]
            for load in choice.loads {
                let scale = limits.devices[load.device].scale, id = limits.classes[load.device].id
                guard load.variant != nil, !present.contains(scale) else { continue }
                for held in choice.held[load.held] {
                    let limit = limits.entries[held.entry].limit
                    let slot = boxes[scale] ?? (limit, [])
                    boxes[scale] = (slot.box.intersection(limit), slot.devices.contains(id) ? slot.devices : slot.devices + [id])
                }
            }
            for (scale, entry) in boxes.sorted(by: { $0.key < $1.key }) {
                // The nearest higher scale: the least shrinking, and never an upscale.
                guard let source = readable.filter({ $0.catalogScale! > scale }).min(by: { $0.catalogScale! < $1.catalogScale! }),
                      let info = source.info else { continue }
                let natural = PixelSize(width: max(1, info.displayWidth * scale / source.catalogScale!),
                                        height: max(1, info.displayHeight * scale / source.catalogScale!))
                plans.append(VariantPlan(
                    contentsPath: asset.reportPath, idiom: source.idiom, appearance: group.first?.appearance, scale: scale,
                    source: source.path,
                    sourceScale: source.catalogScale!, fileName: fileName(for: source.fileName, scale: scale),
                    target: natural.fitted(in: entry.box), devices: entry.devices))
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
            let folder = plan.contentsPath.dropLast("Contents.json".count)
            copy.variants.append(AssetVariant(
                path: folder + plan.fileName, content: .planned(plan.target), catalogScale: plan.scale, idiom: plan.idiom,
                appearance: plan.appearance, reportPath: plan.contentsPath))
        }
        return copy
    }
}
