import LiveAssets

/// What a run decided of one image file, from its survey, for every output that shows more than the
/// findings (the HTML report): where it is shown and how it fares there, and what `fit` does to it.
/// Built once by ``CheckRun/decisions(of:)``; nothing that reads it computes a limit or a fit of its own.
package struct ImageDecision: Sendable {
    /// The file, its facts and its declared scale.
    package let variant: AssetVariant
    /// Each device, presentation and surface that shows it, with its limit and whether it fits.
    package var showings: [ImageShowing] = []
    /// Whether where it is shown was stated (by `--presentation`, the configuration or the code); not,
    /// it is held to the default check's presentations.
    package var presentationsStated = true
    /// The size `fit` writes it at (without `--candidates`), where it does not fit somewhere; nil
    /// where fit leaves it as it is.
    package var fitTarget: PixelSize?
    /// The device classes that load this file once `fit` has run (the others get a scale variant).
    package var devicesAfterFit: [String] = []
    /// The scale variants `fit` makes from this file, with their sizes, by scale.
    package var variantsAdded: [Int: PixelSize] = [:]

    package var path: String { variant.path }
}

extension CheckRun {
    /// What the run decided of every readable image file of `survey`, in path order: its showings by
    /// the table's one walk, and what `fit` does to it (``Group/fitting(at:fitsCandidates:)``, as fit
    /// itself plans it).
    package static func decisions(of survey: Survey) -> [ImageDecision] {
        var decisions: [String: ImageDecision] = [:]
        var boxes: [String: PixelSize] = [:]  // each file's box: inside every plan's
        for group in survey.groups {
            for (index, asset) in group.scan.assets.enumerated() {
                for variant in asset.variants where variant.info != nil && decisions[variant.path] == nil {
                    decisions[variant.path] = ImageDecision(variant: variant)
                }
                let presentations = group.placements[index].presentations
                if presentations == nil { for variant in asset.variants { decisions[variant.path]?.presentationsStated = false } }
                for showing in ImageShowing.all(of: asset, presentations: presentations, limits: group.limits) {
                    decisions[showing.path]?.showings.append(showing)
                }
                // As fit plans it: the variants it adds first, then each file for the devices that keep it.
                let fitting = group.fitting(at: index, fitsCandidates: false).fitting
                // A file two plans hold (listed twice, or in two image sets) is fitted to the box inside both, as fit merges them.
                for plan in fitting.plans {
                    let box = boxes[plan.path].map { $0.intersection(plan.box) } ?? plan.box
                    boxes[plan.path] = box
                    let target = plan.current.fitted(in: box)
                    decisions[plan.path]?.fitTarget = target == plan.current ? nil : target
                }
                for plan in fitting.added where decisions[plan.source]?.variantsAdded[plan.scale] == nil {
                    decisions[plan.source]?.variantsAdded[plan.scale] = plan.target
                }
                for choices in asset.adding(fitting.added).selectionGroups {
                    for device in group.limits.devices.indices {
                        if let variant = group.limits.variant(loadedBy: device, from: choices) {
                            decisions[choices[variant].path]?.devicesAfterFit.append(group.limits.classes[device].id)
                        }
                    }
                }
            }
        }
        return decisions.keys.sorted().map { decisions[$0]! }
    }
}
