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
    /// For a file outside a catalog that serves every scale: what the devices of each scale that could
    /// take more lose (``ScaleShortfall``); empty elsewhere.
    package var shortfalls: [ScaleShortfall] = []

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
    /// With `looseVariants` (`fit --variants`), a loose file's missing scales are added beside it too
    /// (``VariantPlan/looseScales(for:presentations:limits:)``).
    package static func fitting(_ asset: Asset, presentations: [Presentation]?, limits: DeviceLimits, looseVariants: Bool = false) -> Fitting {
        var added = VariantPlan.missing(for: asset, presentations: presentations, limits: limits)
        if looseVariants { added += VariantPlan.looseScales(for: asset, presentations: presentations, limits: limits) }
        return fitting(asset, adding: added, presentations: presentations, limits: limits)
    }

    /// What `fit` does to `asset` when it adds only `added` of the variants it plans (the others
    /// refused): each existing file fitted for the devices that load it once those are added.
    package static func fitting(_ asset: Asset, adding added: [VariantPlan], presentations: [Presentation]?, limits: DeviceLimits) -> Fitting {
        let existing = Set(asset.variants.map { PathKey($0.path) })
        var plans = plans(for: asset.adding(added), presentations: presentations, limits: limits).filter { existing.contains(PathKey($0.path)) }
        // One file for every scale (no variant added beside it): what the devices of the other scales lose.
        if plans.count == 1 && plans[0].changes && added.isEmpty {
            plans[0].shortfalls = ScaleShortfall.of(asset, presentations: presentations, limits: limits)
        }
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
