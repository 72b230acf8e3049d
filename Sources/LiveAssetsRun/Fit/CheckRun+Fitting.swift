import LiveAssets

extension CheckRun.Group {
    /// What `fit` does to the asset at `index` of the group's scan, decided once for `fit`, `fit
    /// --dry-run` and the HTML report alike.
    package struct AssetFitting: Sendable {
        /// The scale variants added and each file's plan; empty where fit leaves the asset as it is.
        package var fitting = FitPlan.Fitting()
        /// Whether fit would change the asset for a view that only may show it and leaves that to
        /// `--candidates`: said once, by the asset's name.
        package var leavesCandidates = false
        /// The presentations ``fitting`` was planned for (nil: not stated).
        package var presentations: [Presentation]?
        /// Where fit would change the asset but leaves it because an app target's code can show it too
        /// (without `--app-images`): that code.
        package var leftForApp: AppUse?

        init(fitting: FitPlan.Fitting = FitPlan.Fitting(), leavesCandidates: Bool = false, presentations: [Presentation]? = [],
             leftForApp: AppUse? = nil) {
            self.fitting = fitting
            self.leavesCandidates = leavesCandidates
            self.presentations = presentations
            self.leftForApp = leftForApp
        }
    }

    /// Whether `fit` leaves the images an app target's code can show too (its default), or fits them
    /// as any other (`fit --app-images`).
    package enum AppImages: Sendable {
        case left
        case fitted
    }

    /// What a `fit` was asked to do beyond its default, as its options say.
    package struct FitChoices: Sendable {
        /// `--candidates`: also fit images a view only may show, for that view.
        package var fitsCandidates = false
        /// `--app-images`: also fit the images an app target's code shows too.
        package var appImages = AppImages.left
        /// `--variants`: give a loose file's missing scales files of their own beside it.
        package var looseVariants = false

        package init() {}
    }

    /// What `fit` does to the asset at `index`: nothing where no Live Activity shows it; for the views
    /// that show it, its missing variants first, then its files for the devices that keep using them;
    /// for the views that only may show it (a computed name, code not followed), the same only when
    /// `choices.fitsCandidates` (`fit --candidates`); one an app target's code can show too, not at all where
    /// `choices.appImages` leaves those (the default).
    package func fitting(at index: Int, choices: FitChoices) -> AssetFitting {
        let decided = fitting(at: index, fitsCandidates: choices.fitsCandidates, looseVariants: choices.looseVariants)
        guard choices.appImages == .left, let app = placements[index].app else { return decided }
        let changes = decided.fitting.plans.contains(where: \.changes) || !decided.fitting.added.isEmpty
        return AssetFitting(leavesCandidates: decided.leavesCandidates, leftForApp: changes ? app : nil)
    }

    private func fitting(at index: Int, fitsCandidates: Bool, looseVariants: Bool) -> AssetFitting {
        let asset = scan.assets[index], placement = placements[index]
        guard placement.isChecked else { return AssetFitting() }
        let sure = FitPlan.fitting(asset, presentations: placement.presentations, limits: limits, looseVariants: looseVariants)
        if placement.origin.mayBeShown && !fitsCandidates {
            return AssetFitting(leavesCandidates: sure.plans.contains(where: \.changes) || !sure.added.isEmpty)
        }
        guard placement.origin == .sources, !placement.candidates.isEmpty, let shown = placement.presentations else {
            return AssetFitting(fitting: sure, presentations: placement.presentations)
        }
        let both = shown + placement.candidatePresentations
        let all = FitPlan.fitting(asset, presentations: both, limits: limits, looseVariants: looseVariants)
        if fitsCandidates { return AssetFitting(fitting: all, presentations: both) }
        return AssetFitting(fitting: sure, leavesCandidates: all.plans != sure.plans || all.added.count != sure.added.count,
                            presentations: placement.presentations)
    }
}
