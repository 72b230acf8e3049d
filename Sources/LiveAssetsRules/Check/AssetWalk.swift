import LiveAssetsCore

/// The table's one walk over an asset, as `check` decides it: for each choice a device can make among
/// the asset's files, each device that shows the asset in the presentations it is held to, the file it
/// loads, and each presentation's limit with whether that file fits it.
///
/// Built once per asset and presentations; the size findings (``AssetChecker``), the showings the HTML
/// report draws (``ImageShowing``) and `fit`'s plans (``FitPlan``) read it, and none of them walks the
/// table or compares a size with a limit of its own.
package struct AssetWalk: Sendable {
    /// One device that shows the asset.
    package struct Load: Sendable {
        /// The device's index in ``DeviceLimits/devices``.
        package var device: Int
        /// The index, in ``Choice/variants``, of the file the device loads; nil when none serves it.
        package var variant: Int?
        /// Where, in ``Choice/held``, the presentations it holds that file to are; empty when it loads none.
        package var held: Range<Int>
    }

    /// One presentation a device holds the file it loads to.
    package struct Held: Sendable {
        /// The presentation's index in ``DeviceLimits/entries``.
        package var entry: Int
        package var verdict: Verdict
    }

    /// How a file fares against one limit.
    package enum Verdict: Sendable, Hashable {
        case fits
        case tooLarge
        /// The file could not be read, so its size is not known.
        case unread
    }

    /// One choice among the asset's files, and what each device that shows the asset makes of it.
    package struct Choice: Sendable {
        package var variants: [AssetVariant]
        /// In device order.
        package var loads: [Load] = []
        /// Every load's presentations, one after the other (each load names its range).
        package var held: [Held] = []

        /// Whether a device that shows the asset loads one of ``variants``.
        package var loadsAFile: Bool { loads.contains { $0.variant != nil } }
    }

    /// The presentations the asset is held to; nil: not stated (see ``DeviceLimits/forEachEntry(on:shownIn:_:)``).
    package var presentations: [Presentation]?
    package var choices: [Choice]

    /// The walk over every choice a device can make among the files of `asset` (``Asset/selectionGroups``:
    /// display-P3 and locale entries too).
    package init(_ asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) {
        self.init(choices: asset.selectionGroups, presentations: presentations, limits: limits)
    }

    /// The walk over the given choices of files (``Asset/appearanceGroups`` for the scales a set lacks).
    package init(choices groups: [[AssetVariant]], presentations: [Presentation]?, limits: DeviceLimits) {
        self.presentations = presentations
        choices = groups.map { group in
            var choice = Choice(variants: group)
            // Room for every device and, on each, the presentations asked for (two when none is): grown once.
            choice.loads.reserveCapacity(limits.devices.count)
            choice.held.reserveCapacity(limits.devices.count * max(1, presentations?.count ?? 2))
            let sizes = group.map { $0.info.map(\.displaySize) }  // read once, not per device
            limits.forEachDevice(loading: group, shownIn: presentations) { device, variant in
                let start = choice.held.count
                if let variant {
                    let size = sizes[variant]
                    limits.forEachEntry(on: device, shownIn: presentations) { entry in
                        let verdict: Verdict = size.map { limits.entries[entry].admits($0) ? .fits : .tooLarge } ?? .unread
                        choice.held.append(Held(entry: entry, verdict: verdict))
                    }
                }
                choice.loads.append(Load(device: device, variant: variant, held: start..<choice.held.count))
            }
            return choice
        }
    }

    /// A walk that finds nothing: an asset no Live Activity shows.
    package static let none = AssetWalk()

    private init() {
        presentations = []
        choices = []
    }
}
