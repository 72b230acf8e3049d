import LiveAssets

/// What a run decided of one image file, from its survey, for every output that shows more than the
/// findings (the HTML report): where it is shown and how it fares there, and what `fit` does to it.
/// Built once by ``CheckRun/decisions(of:)``, from the walk the findings were read from; nothing that reads it computes a limit or a fit of its own.
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
    /// The device classes that load this file once the scale variants the set lacks exist (the others
    /// get one, which `fit` makes unless ``fitRefusal`` says why not): the check ranks these first.
    package var devicesAfterFit: [String] = []
    /// The scale variants `fit` makes from this file, with their sizes, by scale.
    package var variantsAdded: [Int: PixelSize] = [:]
    /// Why `fit` leaves this file as it is though it does not fit somewhere, as fit says it (no codec of
    /// this build decodes its format or encoding, or an app target shows it too); nil where nothing stops fit.
    package var fitRefusal: FitRefusal?

    package var path: String { variant.path }
}

/// Why `fit` leaves a file as it is though it does not fit somewhere.
package struct FitRefusal: Sendable, Hashable {
    /// As fit says it: a sentence, or a phrase after "fit leaves it:".
    package var reason: String
    /// A few words after "`fit`", for an overview: "cannot decode it here", "leaves it: the App target shows it too".
    package var brief: String
}

extension CheckRun {
    /// What the run of `outcome` decided of every readable image file it surveyed, in path order: its
    /// showings, read from the walk its findings were read from (``Outcome/walks``), and what `fit` does
    /// to it (``Group/fitting(at:choices:)``, as fit itself plans it by default).
    /// The run must have kept its walks (``keepsWalks``).
    package static func decisions(of outcome: Outcome) -> [ImageDecision] {
        precondition(outcome.walks.count == outcome.survey.groups.count
                     && zip(outcome.walks, outcome.survey.groups).allSatisfy { $0.count == $1.scan.assets.count },
                     "decisions(of:) needs a run that kept its walks (keepsWalks)")
        var decisions: [String: ImageDecision] = [:]
        var boxes: [String: PixelSize] = [:]  // each file's box: inside every plan's
        var edits = ContentsEdits()
        for (groupIndex, group) in outcome.survey.groups.enumerated() {
            for (index, asset) in group.scan.assets.enumerated() {
                for variant in asset.variants where variant.info != nil && decisions[variant.path] == nil {
                    decisions[variant.path] = ImageDecision(variant: variant)
                }
                let walk = outcome.walks[groupIndex][index]
                if walk.presentations == nil { for variant in asset.variants { decisions[variant.path]?.presentationsStated = false } }
                for showing in ImageShowing.all(of: walk, limits: group.limits) {
                    decisions[showing.path]?.showings.append(showing)
                }
                // As fit plans it: the variants it adds first, then each file for the devices that keep it.
                let decided = group.fitting(at: index, choices: CheckRun.Group.FitChoices())
                var fitting = decided.fitting
                // An image the app shows too is left, and its files say why.
                if let app = decided.leftForApp {
                    for variant in asset.variants where decisions[variant.path]?.fitRefusal == nil {
                        decisions[variant.path]?.fitRefusal = FitRefusal(reason: FitRun.leftForAppReason(app),
                                                                         brief: "leaves it: " + app.brief)
                    }
                }
                // A file no codec of this build decodes (its header says so) is neither fitted nor the source
                // of a variant, as fit's validation decides it (`ImageDecoder.refusal(of:file:)`).
                func refused(_ path: String) -> Bool {
                    guard let info = decisions[path]?.variant.info, let error = ImageDecoder.refusal(of: info, file: path) else { return false }
                    decisions[path]?.fitRefusal = FitRefusal(reason: FitError.decode(error).message, brief: "cannot decode it here")
                    return true
                }
                // A variant whose Contents.json edit fit would refuse is not added, and the set's files are
                // planned without it, as fit plans them (`FitRun.plan`).
                if !fitting.added.isEmpty {
                    var problems: [String] = []
                    let kept = fitting.added.filter { edits.admits($0, problems: &problems) }
                    if kept.count != fitting.added.count {
                        fitting = FitPlan.fitting(asset, adding: kept, presentations: decided.presentations, limits: group.limits)
                    }
                }
                // A file two plans hold (listed twice, or in two image sets) is fitted to the box inside both, as fit merges them.
                for plan in fitting.plans {
                    let box = boxes[plan.path].map { $0.intersection(plan.box) } ?? plan.box
                    boxes[plan.path] = box
                    let target = plan.current.fitted(in: box)
                    let fitted = target != plan.current && !refused(plan.path)
                    decisions[plan.path]?.fitTarget = fitted ? target : nil
                }
                for plan in fitting.added where decisions[plan.source]?.variantsAdded[plan.scale] == nil && !refused(plan.source) {
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
