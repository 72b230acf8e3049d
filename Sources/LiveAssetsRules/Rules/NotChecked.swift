import LiveAssetsCore

extension RuleDescription {
    /// `not-checked`: an image nothing checked is not an image that passed.
    static let notChecked = RuleDescription(
        .notChecked, title: "Image not checked", severity: .warning,
        summary: "An image no selected device could be checked on: none shows its presentation, or none uses its variants; it is not counted as passing.",
        rationale: """
            A check that skips an image silently reads as a pass. An image is checked only on devices that \
            show its presentation (the watch and CarPlay show no expanded or Lock Screen view; an iPad no \
            Dynamic Island) and that load one of its variants (an image set whose only entries are for \
            Apple Watch is never loaded on an iPhone). When no selected device does both, LiveAssets says \
            so instead of counting the image as clean. Which surface shows which presentation is our \
            reading of the Human Interface Guidelines; the size table says, class by class.
            """,
        sources: [.liveActivitiesHIG, .imageSetFormat],
        fix: "Check the image on a device that shows its presentation and loads its variants, or correct its presentation or its catalog entries.",
        triggering: RuleExample(
            "Logo.imageset, whose only entry is for Apple Watch, checked on iPhone 16 Pro",
            message: "Logo.imageset was not checked: it has only watch entries, which none of the devices that show it uses; check it on the devices those entries are for.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo.png", "watch", "2x")])),
                    ("Widgets.xcassets/Logo.imageset/logo.png", .png(width: 60, height: 60))]),
        nonTriggering: RuleExample(
            "Logo.imageset, whose only entry is universal, checked on iPhone 16 Pro",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Logo.imageset/Contents.json", .imageSet([("logo.png", "universal", "2x")])),
                    ("Widgets.xcassets/Logo.imageset/logo.png", .png(width: 60, height: 60))]))
}

extension AssetChecker {
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
            reason = presentations == nil
                ? "has only \(list) entries and no stated presentation, and only iPhones and iPads check an image whose presentation is not stated; state where it is shown"
                : "has only \(list) entries, which none of the devices that show it uses; check it on the devices those entries are for"
        } else if let presentations {
            let names = presentations.map(\.rawValue).joined(separator: ", ")
            reason = "is shown in \(names), which none of the selected devices shows; check it on a device that does, or correct its presentation"
        } else {
            reason = "has no stated presentation, and only iPhone and iPad classes bound such images; state its presentation or check it on an iPhone or iPad"
        }
        return Finding(rule: .notChecked, path: asset.reportPath, scale: variant.scale,
                       message: "\(name) was not checked: it \(reason).")
    }
}
